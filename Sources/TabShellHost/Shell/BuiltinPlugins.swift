import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellTerminalScreen

/// The plugin the host registers as built in: the built-in screens and layouts, and the `terminal`
/// screen type, whose programs' output the interpreter takes in whenever the shell waits (a
/// ``BackgroundSource``) and which it ends when the shell exits.
final class HostBuiltinPlugin: TabShellPlugin, ScreenParameterCompleter, ScreenHistory,
  ScreenPrograms
{
  private let builtin = BuiltinPlugin()
  private let terminal: TerminalPlugin
  /// The terminal tabs' programs.
  let sessions = TerminalSessions()

  init() {
    terminal = TerminalPlugin(sessions: sessions)
  }

  var name: String { builtin.name }
  var screenTypes: [any ScreenType] { builtin.screenTypes + terminal.screenTypes }
  var layouts: [Layout] { builtin.layouts }

  /// Makes the terminal tabs' programs start in the interpreter's folder (kept as `--cwd` with a
  /// tab a command makes), at the size of the region their tab will have (the bar shown, and in
  /// the full-screen mode to come, its command line's row kept), resolves a
  /// relative `--cwd` as it resolves a script's files, and has the interpreter take in the programs (a
  /// ``backgroundSource``) while there are some: a shell with no terminal tab, or none any more,
  /// has no source to look at between two commands.
  func startPrograms(in interpreter: Interpreter) {
    let source = backgroundSource
    // Links, not weak references (``OwnerLink``): the interpreter is retained and released many
    // times a key, each time on the runtime's slow path once it is the target of a weak one.
    let link = interpreter.link
    sessions.onActivity = { active in
      guard let interpreter = link.object else { return }
      interpreter.services.backgroundSources.removeAll { $0.name == source.name }
      if active { interpreter.services.backgroundSources.append(source) }
    }
    terminal.regionSize = {
      guard let interpreter = link.object else { return (24, 80) }
      // A split's new pane starts its program at the pane's size.
      if let pane = interpreter.shell.sizeOfScreenBeingMade { return (pane.height, pane.width) }
      let view = interpreter.view
      return TerminalLayout.regionOfNewTab(
        interpreter.shell, options: view.fullScreenToCome ?? view.renderOptions)
    }
    terminal.directory = { directory in
      guard let interpreter = link.object else { return directory }
      return directory.map(interpreter.resolve) ?? interpreter.settings.currentDirectory
    }
    self.interpreter = link
    interpreter.services.parameterCompleter = self
    interpreter.services.history = self
    interpreter.services.terminals = HostTerminalTabs(sessions: sessions)
    sessions.onCopy = { text in link.object?.copied(text) }
    sessions.onClipboard = { text in link.object?.programCopied(text) }
    interpreter.services.programs = self
  }

  /// The terminal tabs' programs that run, for `quit` and `close-tab`, which ask before they end
  /// them.
  func runningPrograms(inScreens ids: Set<String>?) -> Int {
    sessions.runningPrograms(inScreens: ids)
  }

  /// What a failed test leaves behind holds each terminal's last lines.
  func history(ofScreen id: String, last count: Int) -> [String]? {
    sessions.history(ofScreen: id, last: count)
  }

  /// The interpreter whose folder a terminal tab made without `--cwd` starts in.
  private var interpreter: OwnerLink<Interpreter>?

  /// A terminal tab made by a command without `--cwd` is kept with the folder its program starts
  /// in, so that `state --script` makes it again there.
  func complete(type: String, parameters: inout [String: String]) {
    let key = ScreenParameters.key(of: TerminalScreenType.directory)
    guard type == terminal.type.name, parameters[key] == nil, let interpreter = interpreter?.object
    else { return }
    parameters[key] = interpreter.settings.currentDirectory
  }

  /// The terminal tabs' programs, as the interpreter takes them in.
  var backgroundSource: BackgroundSource {
    let sessions = sessions
    return BackgroundSource(
      name: terminal.type.name, descriptors: { sessions.descriptors },
      timeout: { sessions.timeout }, watch: { sessions.watch(in: &$0) },
      run: { sessions.runBackgroundWork(ready: $0) }, end: { sessions.endAll() })
  }
}
