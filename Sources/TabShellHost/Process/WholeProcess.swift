import Synchronization

/// Whether the command line is the whole process (the `tabshell` executable, which exits as soon as
/// the command line returns) rather than a call in a longer-lived one (tests, the fuzzer).
///
/// A whole process leaves a parsed script to the system when it exits instead of freeing it command
/// by command: a million-line script is released in one go by the kernel, not in a million steps.
package enum WholeProcess {
  private static let isWhole = Atomic<Bool>(false)

  /// Declares that the command line is the whole process; the `tabshell` executable's main calls it.
  package static func declare() {
    isWhole.store(true, ordering: .relaxed)
  }

  /// Keeps `value` until the process exits, when the command line is the whole process.
  package static func keepUntilExit<Value>(_ value: Value) {
    guard isWhole.load(ordering: .relaxed) else { return }
    _ = Unmanaged.passRetained(Kept(value))
  }

  private final class Kept<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
