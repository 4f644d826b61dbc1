import CReadline
import TabShellHost
import TabShellLanguage
import TabShellPlatform

/// The interactive REPL: GNU readline in front of a ``REPLEngine``.
///
/// Line editing, `~/.inputrc` (sections under `$if tabshell`), Ctrl-R history search and Tab
/// completion come from readline. The history is loaded from a file at start and each command is
/// appended to it as it runs (so a kill loses nothing); it is bounded, skips blank lines and
/// repeats of the previous line. Before each prompt the engine's bar line (unless `nil` or empty) is
/// printed on its own line, but not again after Ctrl-C. Ctrl-C abandons the line being typed; Ctrl-D
/// on an empty line leaves with status 0; Ctrl-Z stops with the terminal restored (`fg` shows the line
/// again); SIGTERM and SIGHUP leave with status 128 + the signal's number, the terminal restored.
/// Two REPLs open at once both keep their lines (see ``REPLHistory``).
///
/// Isolation: runs on the calling thread, which it blocks until the REPL ends; readline is global, so
/// only one REPL runs at a time in a process (a second concurrent call returns 1 at once).
package enum InteractiveREPL {
  /// Settings of a REPL run.
  package struct Options: Sendable {
    /// The most history entries kept, in memory and in the file.
    package var historyLimit: Int
    /// The name readline matches against `$if NAME` in `~/.inputrc`.
    package var applicationName: String
    /// Whether it starts in the full-screen mode (`tabshell --tui`).
    package var fullScreen: Bool

    /// The defaults: 1,000 history entries, application name `tabshell`, the line mode.
    package init(
      historyLimit: Int = 1_000, applicationName: String = "tabshell", fullScreen: Bool = false
    ) {
      self.historyLimit = historyLimit
      self.applicationName = applicationName
      self.fullScreen = fullScreen
    }
  }

  /// Runs the REPL until Ctrl-D, an `.exit` from the engine, SIGTERM or SIGHUP; returns the exit status.
  ///
  /// - Parameters:
  ///   - engine: runs the lines, gives the prompt, the bar line and the completions.
  ///   - historyPath: the history file (see ``defaultHistoryPath(environment:)``); its folder is
  ///     created with mode 0700 when missing. `nil`: the history is kept in memory only.
  ///   - options: the history bound and readline's application name.
  ///   - cast: where the full-screen mode's frames are recorded (`tabshell --cast FILE`), if they
  ///     are.
  package static func run(
    engine: some REPLEngine, historyPath: String?, options: Options = Options(),
    cast: CastFile? = nil
  ) -> Int32 {
    guard ReadlineBridge.begin(engine: engine) else {
      tabshell_write_stderr("error: the interactive REPL is already running\n")
      return 1
    }
    defer { ReadlineBridge.end() }
    setUpReadline(applicationName: options.applicationName)
    let history = REPLHistory.load(path: historyPath, limit: options.historyLimit)
    let session = REPLSession(engine: engine, history: history)
    session.cast = cast
    return session.run(fullScreen: options.fullScreen)
  }

  /// Sets readline up as the REPL has it (after ``ReadlineBridge/begin(engine:)``): its name for
  /// `$if` in `~/.inputrc`, signals left to the REPL, the command language's word breaks,
  /// completion, Ctrl-X Ctrl-A; then reads `~/.inputrc`.
  package static func setUpReadline(applicationName: String) {
    tabshell_rl_set_readline_name(applicationName)
    tabshell_rl_leave_signals_to_application()
    tabshell_rl_set_word_breaks()
    tabshell_rl_list_completions_without_asking()
    tabshell_rl_end_searches_on_ctrl_x()
    ReadlineBridge.installCompleter()
    // Reads ~/.inputrc (with the name set above) and binds readline to the terminal.
    rl_initialize()
    tabshell_rl_make_aborts_safe()
    ReadlineBridge.bindModeSwitch()
  }

  /// Gives readline the history's entries (for Up and Ctrl-R), bounded as the history is.
  package static func loadHistory(_ history: REPLHistory) {
    using_history()
    clear_history()
    stifle_history(Int32(clamping: history.limit))
    for entry in history.entries { add_history(entry) }
  }

  /// The history file: `$XDG_STATE_HOME/tabshell/history`, by default `~/.local/state/tabshell/history`.
  ///
  /// An unset, empty or relative `XDG_STATE_HOME` is ignored (XDG base directory specification);
  /// when `HOME` is not an absolute path, the home folder comes from the password database; `nil`
  /// when there is no absolute home folder at all.
  package static func defaultHistoryPath(environment: [String: String]) -> String? {
    REPLHistory.defaultPath(environment: environment)
  }
}
