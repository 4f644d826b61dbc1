/// A descriptor held in reserve (open on `/dev/null`) for when the process has no other. A server
/// whose `accept` fails with `EMFILE` or `ENFILE` leaves the connection waiting and its listener
/// readable, so its `poll` loop would spin at full CPU; with ``refuseConnection(on:)`` it gives
/// the spare up, accepts the connection into its place, closes it at once (the client reads the
/// end) and takes the spare back: the approach of libev and nginx.
///
/// Isolation: the thread that accepts.
package final class SpareDescriptor {
  /// What ``refuseConnection(on:)`` did.
  package enum Refusal: Equatable, Sendable {
    /// A waiting connection was accepted and closed.
    case refused
    /// No connection was waiting.
    case noneWaiting
    /// Nothing could be done: the spare could not be had, or accepting failed even so.
    case impossible
  }

  private var fd: Int32

  /// Opens the spare (it may fail: then ``refuseConnection(on:)`` tries again).
  package init() {
    fd = SystemIO.openNullDevice()
  }

  deinit {
    if fd >= 0 { SystemIO.close(fd) }
  }

  /// Whether the spare is held now.
  package var isHeld: Bool { fd >= 0 }

  /// Accepts the connection waiting on `listener` in the spare's place and closes it, then takes
  /// the spare back (when that fails, the next call tries again).
  package func refuseConnection(on listener: Int32) -> Refusal {
    if fd < 0 { fd = SystemIO.openNullDevice() }
    guard fd >= 0 else { return .impossible }
    SystemIO.close(fd)
    let accepted = UnixSocket.acceptNext(listener)
    if case .connection(let connection) = accepted { SystemIO.close(connection) }
    fd = SystemIO.openNullDevice()
    switch accepted {
    case .connection: return .refused
    case .none: return .noneWaiting
    case .outOfDescriptors, .failed: return .impossible
    }
  }
}
