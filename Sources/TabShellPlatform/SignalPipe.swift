import Synchronization

/// The self-pipe trick, said once: a signal handler records its signal as a bit and writes one
/// byte to a pipe (both async-signal-safe); the loop polls the pipe's read end and, when it is
/// readable, takes the bits (``take()``).
///
/// Isolation: one pipe at a time in a process (the REPL's signal watcher, or an attached client's
/// signals): the handler reaches it through two atomics, set before any handler is installed.
package final class SignalPipe {
  private static let arrived = Atomic<UInt64>(0)
  private static let wakeDescriptor = Atomic<Int32>(-1)

  /// The end to poll: readable when a signal came.
  package let readDescriptor: Int32
  private let writeDescriptor: Int32

  /// Makes the pipe (both ends non-blocking) and points the handlers at it; `nil` when the pipe
  /// cannot be made.
  package init?() {
    guard let ends = try? SystemIO.makePipe() else { return nil }
    readDescriptor = ends.read
    writeDescriptor = ends.write
    SystemIO.setNonBlocking(ends.read)
    SystemIO.setNonBlocking(ends.write)
    Self.arrived.store(0, ordering: .sequentiallyConsistent)
    Self.wakeDescriptor.store(ends.write, ordering: .sequentiallyConsistent)
  }

  /// Records `signal` and wakes the loop. Async-signal-safe: for a signal handler.
  package static func record(_ signal: Int32) {
    arrived.bitwiseOr(1 << UInt64(signal), ordering: .sequentiallyConsistent)
    let descriptor = wakeDescriptor.load(ordering: .sequentiallyConsistent)
    guard descriptor >= 0 else { return }
    var byte: UInt8 = 1
    _ = withUnsafeBytes(of: &byte) { SystemIO.writeOnce(descriptor, $0) }
  }

  /// The signals that came since the last call, a bit each (`1 << signal`); empties the pipe.
  /// With `onlyIfArrived`, the pipe is read only when a signal was recorded since: a loop that
  /// takes the signals after every wake-up spares a read that finds nothing, and drains the pipe
  /// itself when its wait says the pipe is readable (a byte written after the bits were taken).
  package func take(onlyIfArrived: Bool = false) -> UInt64 {
    if onlyIfArrived, Self.arrived.load(ordering: .sequentiallyConsistent) == 0 { return 0 }
    var bytes = [UInt8](repeating: 0, count: 16)
    while case .read(let count) = bytes.withUnsafeMutableBytes({
      SystemIO.readOnce(readDescriptor, into: $0)
    }), count > 0 {}
    return Self.arrived.exchange(0, ordering: .sequentiallyConsistent)
  }

  /// Stops waking anyone and closes the pipe.
  package func close() {
    Self.wakeDescriptor.store(-1, ordering: .sequentiallyConsistent)
    SystemIO.close(readDescriptor)
    SystemIO.close(writeDescriptor)
  }
}
