import TabShellLanguage

extension REPLSession {
  /// Runs the full-screen mode on the engine's interpreter, with `line` on its command line;
  /// `nil` when the engine has no interpreter for it.
  func runFullScreen(line: String, point: Int, signals: SignalWatcher) -> FullScreenSession.Exit? {
    guard let interpreter = engine.fullScreenInterpreter else { return nil }
    let engine = engine
    let host = FullScreenSession.Host(
      interpreter: interpreter, execute: { engine.execute($0) }, prompt: { engine.prompt },
      record: { [unowned self] in self.record($0) }, signals: signals)
    return FullScreenSession(host: host).run(line: line, point: point)
  }
}
