@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering

/// An interpreter's output for tests: each line, error and plugin's line handed to a closure.
package final class TestOutput: OutputSink {
  private let line: (String) -> Void
  private let error: (Diagnostic) -> Void
  private let relayed: (String) -> Void

  /// Output to `line`, errors to `error`, plugins' lines to `relayed`.
  package init(
    line: @escaping (String) -> Void, error: @escaping (Diagnostic) -> Void,
    relayed: @escaping (String) -> Void = { _ in }
  ) {
    self.line = line
    self.error = error
    self.relayed = relayed
  }

  package func printLine(_ line: String) { self.line(line) }
  package func report(_ diagnostic: Diagnostic) { error(diagnostic) }
  package func relay(_ text: String) { relayed(text) }
}

extension Interpreter {
  /// An interpreter whose runs print to `output` and report to `report` (tests).
  package convenience init(
    shell: Shell, renderOptions: RenderOptions = RenderOptions(), currentDirectory: String,
    output: @escaping (String) -> Void, report: @escaping (Diagnostic) -> Void
  ) {
    self.init(
      shell: shell, renderOptions: renderOptions, currentDirectory: currentDirectory,
      output: TestOutput(line: output, error: report))
  }
}

/// A host for tests: what waits tell it, the gestures it hears of, the full-screen mode it offers.
package final class TestHost: InterpreterHost {
  /// Each wait's moments, in order.
  package private(set) var moments: [WaitMoment] = []
  /// What each wake-up answers (-1: no limit).
  package var waitLimit: Int32 = -1
  /// The commands gestures resolved to (`failed: ` before those that failed).
  package private(set) var resolved: [String] = []
  /// The full-screen mode the commands reach, if any.
  package var fullScreen: (any FullScreenControl)?

  /// A host with nothing heard yet.
  package init() {}

  package func whileWaiting(_ moment: WaitMoment) -> Int32 {
    moments.append(moment)
    return waitLimit
  }

  package var observesGestures: Bool { true }

  package func gestureResolved(to command: String, succeeded: Bool) {
    resolved.append(succeeded ? command : "failed: " + command)
  }

  /// Forgets the gestures heard.
  package func forgetResolved() { resolved.removeAll() }
}

extension ScreenInput {
  /// A key by its name as tmux writes it (tests): `.key(named: "C-c")`; a name that is no key is
  /// the replacement character, which no screen expects.
  package static func key(named name: String) -> ScreenInput {
    .key(Key(name: name) ?? Key("\u{FFFD}"))
  }
}
