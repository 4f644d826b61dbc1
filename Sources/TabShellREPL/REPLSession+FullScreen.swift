import TabShellFullScreen
import TabShellHost
import TabShellLanguage

extension REPLSession {
  /// Runs the full-screen mode on the engine's interpreter, with `line` on its command line;
  /// `nil` when the engine has no interpreter for it. The engine's background work (process
  /// plugins, screens' timers) is watched there as here; what it prints goes to the output panel.
  func runFullScreen(line: String, point: Int, signals: SignalWatcher) -> FullScreenSession.Exit? {
    guard let engine = engine.languageEngine else { return nil }
    let background = BackgroundWork(
      watch: { engine.interpreter.watchBackground(in: &$0) },
      run: { ready in
        let outcome = engine.runBackgroundWork(ready: ready)
        return BackgroundWork.Outcome(
          printed: outcome.printed.map { ($0.text, $0.toStandardError) }, exit: outcome.exit)
      })
    let host = FullScreenSession.Host(
      interpreter: engine.interpreter, execute: { engine.execute($0, to: $1) },
      prompt: { engine.prompt },
      record: { [unowned self] in self.record($0) }, background: background)
    return FullScreenSession.run(
      host: host, signals: signals, line: line, point: point, cast: cast)
  }
}
