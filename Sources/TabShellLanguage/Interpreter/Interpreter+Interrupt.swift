import Synchronization

extension Interpreter {
  /// Set when the user interrupts a running script (Ctrl-C, from a signal handler): every running
  /// script stops before its next command with status 130, as if it ran `exit 130`.
  ///
  /// Isolation: a lock-free atomic, so that a signal handler may set it; the interpreter only reads
  /// it, between commands.
  package static let interruption = Atomic<Bool>(false)
}

extension Interpreter {
  /// Whether ``interruption`` is set: checked before each command of a script.
  @inline(__always)
  static var isInterrupted: Bool { interruption.load(ordering: .relaxed) }
}
