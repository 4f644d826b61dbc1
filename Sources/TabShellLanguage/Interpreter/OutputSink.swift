/// Where a run of the interpreter prints (``Interpreter/run(_:to:)`` and the other entry points):
/// each line a command prints (stdout), each error reported (stderr), and the lines process
/// plugins write to their standard error (stderr, each with its plugin's name). The program hands
/// each run the sink that fits where it runs: the process's streams, the full-screen mode's panel,
/// a session client's answer, a collection shown later.
///
/// Isolation: called on the interpreter's thread, during the run.
package protocol OutputSink: AnyObject {
  /// A line a command printed, without its newline.
  func printLine(_ line: String)
  /// An error a command, a hook or a screen reported.
  func report(_ diagnostic: Diagnostic)
  /// Text a process plugin wrote to its standard error, with its name before and its newline.
  func relay(_ text: String)
}

/// Text written to stdout or stderr.
package struct PrintedText: Equatable, Sendable {
  /// To stderr, else to stdout.
  package var toStandardError: Bool
  /// The text, with its newlines.
  package var text: String

  /// Makes one.
  package init(toStandardError: Bool, text: String) {
    self.toStandardError = toStandardError
    self.text = text
  }
}

/// A sink that keeps what a run printed, in order, for whoever shows it afterwards: the line
/// REPL (above its prompt), a session's `run` answer, the tests.
package final class CollectedOutput: OutputSink {
  /// What was printed, in order, each line with its newline.
  package private(set) var printed: [PrintedText] = []

  /// An empty collection.
  package init() {}

  package func printLine(_ line: String) {
    printed.append(PrintedText(toStandardError: false, text: line + "\n"))
  }

  package func report(_ diagnostic: Diagnostic) {
    printed.append(PrintedText(toStandardError: true, text: "\(diagnostic)\n"))
  }

  package func relay(_ text: String) {
    printed.append(PrintedText(toStandardError: true, text: text))
  }

  /// What was printed since the last take, emptied.
  package func take() -> [PrintedText] {
    defer { printed = [] }
    return printed
  }

  /// What went to stdout, joined.
  package var standardOutput: String {
    printed.filter { !$0.toStandardError }.map(\.text).joined()
  }

  /// What went to stderr, joined.
  package var standardError: String {
    printed.filter(\.toStandardError).map(\.text).joined()
  }

  /// Empties it.
  package func removeAll() { printed.removeAll() }
}

/// A sink that drops everything (a session's server between its clients' runs).
package final class DiscardedOutput: OutputSink, Sendable {
  /// Makes one.
  package init() {}
  package func printLine(_ line: String) {}
  package func report(_ diagnostic: Diagnostic) {}
  package func relay(_ text: String) {}
}
