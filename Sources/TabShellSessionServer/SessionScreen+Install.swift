import CReadline
import TabShellFullScreen
import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellREPL
import TabShellRendering

extension SessionScreen {
  /// Plugs a session's full-screen mode into `server` (as its ``SessionServer/attachments``),
  /// once its shell is set up (plugins, start-up file): readline as the REPL has it, with the
  /// user's history; the mode opened for the session's life, its frames in the colours of the
  /// terminal that started the session (`TERM`, `COLORTERM`, `NO_COLOR`, `--no-color` in
  /// `environment` and `options`). `nil` when readline is taken.
  @discardableResult
  static func install(
    on server: SessionServer, options: CommandLineOptions, environment: [String: String]
  ) -> SessionScreen? {
    let interpreter = server.interpreter
    let engine = LanguageREPLEngine(interpreter: interpreter, flush: {})
    guard ReadlineBridge.begin(engine: engine) else { return nil }
    InteractiveREPL.setUpReadline(applicationName: "tabshell")
    let history = REPLHistory.load(
      path: InteractiveREPL.defaultHistoryPath(environment: environment))
    InteractiveREPL.loadHistory(history)
    let terminal = ClientsTerminal()
    let recorder = HistoryRecorder(history: history)
    let host = FullScreenSession.Host(
      interpreter: interpreter, execute: { engine.execute($0, to: $1) },
      prompt: { engine.prompt },
      record: { recorder.record($0) })
    let mode = FullScreenSession(host: host, terminal: terminal)
    mode.frame.writer.colorMode = Renderer.detectColorMode(
      environment: environment, isTerminal: true, forcedOff: options.noColor)
    mode.frame.writer.styleFeatures = TerminalStyleFeatures.detect(environment: environment)
    mode.frame.skipsUnchangedFrames = true
    let screen = SessionScreen(server: server, mode: mode, terminal: terminal)
    _ = mode.open(line: "", point: 0)
    recorder.warn = { [unowned mode] in mode.panel.append($0, isError: true) }
    server.attachments = screen
    return screen
  }
}

/// The lines typed in a session, added to readline's history and the history file as the REPL
/// adds them; the first failure to save is said in the panel.
private final class HistoryRecorder {
  var history: REPLHistory
  var warn: (String) -> Void = { _ in }
  private var warned = false

  init(history: REPLHistory) {
    self.history = history
  }

  func record(_ line: String) {
    guard history.add(line) else { return }
    add_history(line)
    do {
      try history.save()
    } catch {
      guard !warned else { return }
      warned = true
      warn("warning: history not saved: \(error)")
    }
  }
}

extension SessionServer {
  /// Plugs the session's full-screen mode into the server (``SessionScreen/install(on:options:environment:)``),
  /// for a server made outside this module (the fuzz target of the session protocol); whether it
  /// could (readline was free).
  @discardableResult
  package func installScreen(options: CommandLineOptions, environment: [String: String]) -> Bool {
    SessionScreen.install(on: self, options: options, environment: environment) != nil
  }
}
