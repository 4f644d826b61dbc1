import TabShellPlatform

extension ChildProcess {
  /// What a write to the child's stdin did.
  package enum WriteResult: Equatable, Sendable {
    /// Every byte was written.
    case written
    /// The pipe stayed full until the deadline: the child does not read.
    case timedOut
    /// The child's end is closed (it closed its stdin, or exited).
    case closed
  }

  /// Writes all of `bytes` to the child's stdin, waiting for room in the pipe until `deadline`
  /// (monotonic nanoseconds). Usually one `write`. A child that is gone does not end the host with
  /// SIGPIPE (see ``TabShellPlatform/SystemIO/writeAll(_:_:until:)``).
  package func write(_ bytes: UnsafeRawBufferPointer, until deadline: UInt64) -> WriteResult {
    guard stdin >= 0 else { return .closed }
    switch SystemIO.writeAll(stdin, bytes, until: deadline) {
    case .written: return .written
    case .timedOut: return .timedOut
    case .closed: return .closed
    }
  }
}
