#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemIO {
  /// What `poll` says of a descriptor waited on for reading.
  package struct Readiness: OptionSet, Equatable, Sendable {
    package var rawValue: Int16
    package init(rawValue: Int16) { self.rawValue = rawValue }

    /// There is something to read (`POLLIN`).
    package static let readable = Readiness(rawValue: Int16(POLLIN))
    /// The other end hung up (`POLLHUP`).
    package static let hungUp = Readiness(rawValue: Int16(POLLHUP))
    /// An error (`POLLERR`).
    package static let error = Readiness(rawValue: Int16(POLLERR))
    /// Not an open descriptor (`POLLNVAL`).
    package static let invalid = Readiness(rawValue: Int16(POLLNVAL))
    /// The descriptor is gone: hung up, in error or not open.
    package static let gone = Readiness(rawValue: Int16(POLLHUP | POLLERR | POLLNVAL))
  }

  /// Waits until one of `descriptors` can be read, has hung up or is in error, or `milliseconds`
  /// have passed (-1: no limit): what each one is (all empty after the time ran out), or the
  /// failure (`EINTR` when a signal came).
  package static func waitForInput(_ descriptors: [Int32], milliseconds: Int32)
    -> Result<[Readiness], SystemError>
  {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = entries.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t($0.count), milliseconds)
    }
    guard count >= 0 else { return .failure(.current) }
    return .success(entries.map { Readiness(rawValue: $0.revents) })
  }
}
