@_spi(Host) import TabShellKit
import TabShellPlatform

/// `terminal`: a screen that runs a program in a pseudo-terminal (docs/Contract.md, "Terminal
/// tabs"): `add-tab terminal [--cwd DIR] [-- PROGRAM ARGS...]`. The program (the words after `--`,
/// given to the screen as the parameters `program`, `arg1`, `arg2`...; else `$SHELL`, else
/// `/bin/sh`) starts when the screen is made, with `TERM=xterm-256color` and `TABSHELL_SCREEN` set
/// to the screen's id; one that cannot start refuses the screen.
package final class TerminalScreenType: ScreenType {
  package let name = "terminal"
  package let summary = "runs a program (default: $SHELL) in a terminal"
  package let defaultTitle = TerminalScreenType.title
  /// The title of a terminal tab before it is named after its program (the type's default title,
  /// which `state --script` leaves out).
  static let title = "Terminal"
  package let icon = ">"
  package let takesInput = true
  /// Its program's echo asks for the drawing (and leaving the scrollback view asks): a key it
  /// forwards draws no frame of its own.
  package let asksToBeDrawnAfterInput = true
  package let drawsOnlyChanges = true

  /// `--cwd DIR`: the folder the program starts in.
  package static let directory = CommandOption(
    "--cwd", .path, valueName: "DIR", abstract: "the folder the program starts in")
  /// `--scrollback N`: how many lines scrolled off the top are kept, at most.
  static let scrollback = CommandOption(
    "--scrollback", .integer(in: 0...1_000_000), valueName: "N",
    abstract: "lines kept at most after they scroll off the top (default: 10000)")
  /// `--scrollback-bytes N`: how many bytes those lines may take, at most.
  static let scrollbackBytes = CommandOption(
    "--scrollback-bytes", .integer(in: 0...TerminalScrollback.largestByteLimit), valueName: "N",
    abstract: "bytes the lines kept take at most (default: 33554432, 32 MiB)")

  package var parameters: [CommandParameter] {
    [Self.directory, Self.scrollback, Self.scrollbackBytes]
  }

  /// `scrollback HOW [N]`, while a terminal tab is visible.
  package var commands: [ScreenCommand] { [TerminalScreen.scrollbackCommand] }

  /// The programs of this type's screens.
  package let sessions: TerminalSessions
  private let environment: () -> [String: String]
  /// The folder a program starts in, from `--cwd DIR` as written (`nil` when not given): the host
  /// resolves a relative one and gives its own folder for none. By default, `DIR` as it is, or
  /// this process's folder.
  package var directory: (String?) -> String? = { $0 }
  /// The size of the region a new screen will show in, as the host lays it out now: its program
  /// starts at that size, so that what it draws first fits (80 × 24 by default).
  package var regionSize: () -> (rows: Int, columns: Int) = { (24, 80) }

  /// Makes the type; its screens' programs go into `sessions`, and start with `environment`
  /// (this process's by default) and the variables above.
  package init(
    sessions: TerminalSessions,
    environment: @escaping () -> [String: String] = { CurrentProcess.environment() }
  ) {
    self.sessions = sessions
    self.environment = environment
  }

  package func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    var variables = environment()
    let words = Self.programWords(configuration.parameters)
    let program =
      words.first ?? variables["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
    variables["TERM"] = "xterm-256color"
    variables["TABSHELL_SCREEN"] = configuration.id
    variables["COLUMNS"] = nil
    variables["LINES"] = nil
    let size = regionSize()
    let session = try TerminalSession(
      program: program, arguments: Array(words.dropFirst()),
      environment: variables.map { "\($0.key)=\($0.value)" },
      directory: directory(configuration[Self.directory]),
      rows: max(1, size.rows), columns: max(1, size.columns),
      scrollback: configuration[Self.scrollback] ?? 10_000,
      scrollbackBytes: configuration[Self.scrollbackBytes]
        ?? TerminalEmulator.defaultScrollbackBytes)
    session.emulator.outerColors = sessions.outerColors
    let screen = TerminalScreen(
      session: session, context: configuration.context, sessions: sessions)
    let context = configuration.context
    sessions.add(screen) { context.setNeedsDisplay() }
    // Named after its program until the foreground process is known (``TerminalScreen/
    // followForeground()``); a title given (`--title`) is kept instead.
    let name = program.split(separator: "/").last.map(String.init) ?? program
    screen.foregroundName = name
    context.send(.setTitle(name))
    return screen
  }

  /// The program and its arguments given as parameters: `program`, then `arg1`, `arg2`... up to
  /// the first missing one.
  static func programWords(_ parameters: [String: String]) -> [String] {
    guard let program = parameters["program"] else { return [] }
    var words = [program]
    while let word = parameters["arg\(words.count)"] { words.append(word) }
    return words
  }
}

/// The plugin that holds the `terminal` screen type, registered by the host as built in.
package final class TerminalPlugin: TabShellPlugin {
  package let name = "terminal"
  /// The type.
  package let type: TerminalScreenType

  /// Makes the plugin; its screens' programs go into `sessions`.
  package init(sessions: TerminalSessions) {
    type = TerminalScreenType(sessions: sessions)
  }

  /// The folder a program starts in (see ``TerminalScreenType/directory``).
  package var directory: (String?) -> String? {
    get { type.directory }
    set { type.directory = newValue }
  }

  /// The size a new screen's program starts at (see ``TerminalScreenType/regionSize``).
  package var regionSize: () -> (rows: Int, columns: Int) {
    get { type.regionSize }
    set { type.regionSize = newValue }
  }

  package var screenTypes: [any ScreenType] { [type] }
}
