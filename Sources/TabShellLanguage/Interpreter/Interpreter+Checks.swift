import TabShellRendering

/// What checks keep from command to command: the counts of `expect`, the output `expect output`
/// reads, and whether `expect frame` writes its snapshots.
package struct Checks {
  /// `--update-snapshots`: `expect frame FILE` writes FILE instead of comparing with it.
  package var updateSnapshots = false
  /// How many `expect` checks passed.
  package private(set) var passed = 0
  /// How many `expect` checks failed.
  package private(set) var failed = 0
  /// What the last command that kept its output printed, each line ended by a newline; `nil` until
  /// one has run. At most ``outputLimit`` bytes of it.
  var previousOutput: String?

  /// How much of a command's output `expect output` can see.
  package static let outputLimit = 1 << 20

  /// `N expects passed, N failed`, for `--summary`; `nil` when no `expect` ran.
  package var summary: String? { Self.summary(passed: passed, failed: failed) }

  /// `N expects passed, N failed`; `nil` when none ran (`tabshell test --summary` adds up its
  /// scripts').
  package static func summary(passed: Int, failed: Int) -> String? {
    passed + failed == 0
      ? nil : "\(passed) expect\(passed == 1 ? "" : "s") passed, \(failed) failed"
  }

  mutating func count(passed: Bool) {
    if passed { self.passed += 1 } else { failed += 1 }
  }

  /// `text` for a message: control characters written as `\u{1B}`, so that nothing a script
  /// printed can drive the terminal the message goes to.
  package static func shown(_ text: some StringProtocol) -> String {
    Renderer.neutralized(String(text))
  }
}

/// A command's output as it is kept: appended line by line, up to ``Checks/outputLimit``, on its
/// way to the sink it still goes to.
private final class KeptOutput: OutputSink {
  var text = ""
  let next: any OutputSink

  init(next: any OutputSink) {
    self.next = next
  }

  func printLine(_ line: String) {
    append(line)
    next.printLine(line)
  }

  func report(_ diagnostic: Diagnostic) { next.report(diagnostic) }

  func relay(_ text: String) { next.relay(text) }

  private func append(_ line: String) {
    let room = Checks.outputLimit - text.utf8.count
    guard room > 0 else { return }
    // Up to the limit: a long line is cut where it is reached.
    if line.utf8.count < room {
      text += line
      text += "\n"
    } else {
      text += String(decoding: line.utf8.prefix(room), as: UTF8.self)
    }
  }
}

extension Interpreter {
  /// Runs a command that keeps its output for the `expect output` after it: what it prints, and
  /// what the hooks it sets off print, still go out, and are kept too.
  func runKeepingOutput(_ command: Command) throws {
    let kept = KeptOutput(next: sink)
    defer { checks.previousOutput = kept.text }
    try printing(to: kept) {
      try execute(command)
      // Its hooks print now, while the output is kept (never while should-select hooks decide).
      if observation.hooks.hasWork, observation.hooks.decision == nil { try runHooks() }
    }
  }

  /// A command typed at the prompt: it keeps its output, unless it is a check.
  func keepingOutput(_ command: Command) -> Command {
    if case .builtin(let index) = command.boxed.target, table.declarations[index].isCheck {
      return command
    }
    return command.keepingOutput()
  }
}
