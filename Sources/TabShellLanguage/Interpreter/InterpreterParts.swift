@_spi(Host) import TabShellKit
import TabShellPlatform

/// What scripts run with: the folder relative paths are resolved against, `--keep-going`, and the
/// script's arguments.
package struct ScriptSettings {
  /// The directory relative paths are resolved against when no script names one.
  package var currentDirectory: String
  /// Whether a failed command lets the script go on (`--keep-going`).
  package var keepGoing = false
  /// The script's arguments (`tabshell FILE ARG...`), for `$1`...`$9`, `$#` and `$@`.
  package var arguments: [String] = []
  /// The value of an environment variable, for `~` and `$NAME` in `source FILE` (this
  /// process's by default; the host's process context's).
  package var environment: @Sendable (String) -> String? = { CurrentProcess.environmentValue($0) }

  /// Settings for scripts run in `currentDirectory`.
  package init(currentDirectory: String) {
    self.currentDirectory = currentDirectory
  }
}

/// The key bindings of the full-screen mode's focuses (``KeyTable``: the built-in ones, then
/// `bind` and `unbind`), and how deep bound keys run one inside another (`bind x 'key y'`).
package struct KeyBindings {
  /// The bindings.
  package var table = KeyTable()
  /// How many keys' bindings are running, one inside another.
  var depth = 0
}

/// What watches the shell: the trace (`trace on|json|off`, `--to FILE`), the hooks (`on EVENT
/// COMMANDS`), the screen recording (`record-cast`), and the tokens of the shell's observer and should-select handler, which
/// are there only while something needs them.
struct Observation {
  /// What `trace` prints, and where.
  var trace = TraceOutput()
  /// The hooks and the runs of them events queued.
  var hooks = HookTable()
  /// The shell's observer, while the trace or a hook needs events.
  var observerToken: Int?
  /// The shell's should-select handler, while a should-select hook is set.
  var shouldSelectToken: Int?
  /// The screen recording under way (`record-cast FILE`), if any.
  var cast: CastRecording?
}

/// Where the run under way is: the command's place, the scripts being run one inside the other,
/// how deep `source` nests, whether a command failed, and the sink it prints to.
struct RunState {
  /// Where the command running now was written: `on` records it with its hook.
  var place = Place(file: nil, location: SourceLocation(line: 1, column: 1))
  /// How many `source`d files are running, one inside the other.
  var sourceDepth = 0
  /// Set when `source` went too deep: every file under way stops, even with `--keep-going`.
  var sourceOverflowed = false
  /// The directories of the scripts being run, innermost last.
  var directories: [String] = []
  /// The names of the scripts being run, innermost last (`nil`: typed at the prompt).
  var files: [String?] = []
  /// Whether a command failed since the run began.
  var anyFailed = false
  /// The sink the run under way was handed, if any (``Interpreter/printing(to:_:)``).
  var sink: (any OutputSink)?
  /// The screen the copy-mode keys being run act on (`send-keys --to ID` to a screen in copy
  /// mode), if not the visible one.
  var copyTarget: String?
  /// Whether someone who can be asked runs the commands now, and the question a command left.
  var asking = Asking()
}

/// What the host registered on the interpreter: where output goes when neither a run nor the host
/// names a sink, what it takes in whenever the shell waits, and what it adds to the parameters of
/// the screens commands make.
package struct HostServices {
  /// Where a run's output goes when neither it nor the host names a sink.
  package let output: any OutputSink
  /// What the shell takes in while it waits, besides the process plugins (see
  /// ``BackgroundSource``).
  package var backgroundSources: [BackgroundSource] = []
  /// Completes the parameters of a screen that `add-tab`, `push` or `present` makes, before it is
  /// made, as the host means them (the folder a terminal tab's program starts in when none was
  /// given): what it adds is kept with the screen, so `state --script` writes it.
  package var parameterCompleter: (any ScreenParameterCompleter)?
  /// The lines screens' programs scrolled off their tops (terminal tabs'), for what a failed test
  /// leaves behind (`--artifacts`).
  package var history: (any ScreenHistory)?
  /// The terminal tabs, for copy mode, `search`, `capture` and `pipe`.
  package var terminals: (any TerminalTabs)?
  /// Which screens run programs (terminal tabs'): `quit` and `close-tab` ask before they end
  /// them.
  package var programs: (any ScreenPrograms)?

  /// Output to `output`, nothing else registered.
  package init(output: any OutputSink) {
    self.output = output
  }
}

/// The lines a screen's program scrolled off its top (``HostServices/history``).
package protocol ScreenHistory: AnyObject {
  /// The last `count` lines the program of the screen `id` scrolled off its top, oldest first, as
  /// text; `nil` for a screen that keeps none (not a terminal tab).
  func history(ofScreen id: String, last count: Int) -> [String]?
}

/// Completes the parameters of screens a command makes (``HostServices/parameterCompleter``).
package protocol ScreenParameterCompleter: AnyObject {
  /// Adds what the host means to `parameters` of a screen of type `type`, before it is made.
  func complete(type: String, parameters: inout [String: String])
}
