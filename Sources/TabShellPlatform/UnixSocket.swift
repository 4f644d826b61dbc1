import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unix stream sockets, as sessions use them (docs/Sessions.md): a listening socket bound at a
/// path, connections to it, their peers' credentials, and non-blocking reads and writes that never
/// raise SIGPIPE.
package enum UnixSocket {
  /// The credentials the kernel recorded for the process at the other end of a connection.
  package struct Peer: Equatable, Sendable {
    /// Its effective user id.
    package var userID: UInt32
    /// Its pid (at the time it connected or listened).
    package var processID: Int32
  }

  /// The longest path a socket can be bound at, in bytes (108 - 1 on Linux).
  package static var pathLimit: Int { Int(tabshell_unix_path_limit()) }

  /// Binds a listening socket at `path` (which must not exist yet), mode 0600 from the start,
  /// non-blocking and close-on-exec. `EADDRINUSE` when a file is there.
  package static func listen(at path: String, backlog: Int32 = 64) throws(SystemError) -> Int32 {
    let fd = tabshell_listen_unix(path, backlog)
    guard fd >= 0 else { throw .current }
    return fd
  }

  /// Connects to the socket at `path` (close-on-exec, blocking). `ECONNREFUSED` when nothing listens
  /// there (a stale socket), `ENOENT` when there is no file, ``queueFull`` when the server's queue
  /// of connections not yet accepted stayed full for `timeout` ms (-1: no limit): a stopped server.
  package static func connect(to path: String, timeout: Int32 = -1) throws(SystemError) -> Int32 {
    let fd = tabshell_connect_unix(path, timeout)
    guard fd >= 0 else { throw .current }
    return fd
  }

  /// What one `accept` did.
  package enum Accepted: Equatable, Sendable {
    /// A connection, on this descriptor (non-blocking, close-on-exec).
    case connection(Int32)
    /// None waits.
    case none
    /// The process or the system has no descriptor left (`EMFILE`, `ENFILE`): the connection
    /// still waits, and the listener stays readable (see ``SpareDescriptor``).
    case outOfDescriptors
    /// Accepting failed otherwise (a connection that went away at once, no memory).
    case failed
  }

  /// Accepts the next connection waiting on `listener`.
  package static func acceptNext(_ listener: Int32) -> Accepted {
    let fd = tabshell_accept(listener)
    if fd >= 0 { return .connection(fd) }
    switch errno {
    case EAGAIN, EWOULDBLOCK: return .none
    case EMFILE, ENFILE: return .outOfDescriptors
    default: return .failed
    }
  }

  /// Accepts a connection waiting on `listener` (non-blocking, close-on-exec); `nil` when none
  /// waits (or accepting failed: too many descriptors, a connection that went away at once).
  package static func accept(_ listener: Int32) -> Int32? {
    if case .connection(let fd) = acceptNext(listener) { return fd }
    return nil
  }

  /// The credentials of the process at the other end of `fd` (`SO_PEERCRED`); `nil` when the
  /// system does not say.
  package static func peer(of fd: Int32) -> Peer? {
    var uid: UInt32 = 0
    var pid: Int32 = 0
    guard tabshell_peer_credentials(fd, &uid, &pid) == 0 else { return nil }
    return Peer(userID: uid, processID: pid)
  }

  /// What one non-blocking write did.
  package enum Sent: Equatable, Sendable {
    /// This many bytes went out (maybe fewer than offered).
    case sent(Int)
    /// The socket's buffer is full: try again when `poll` says it is writable.
    case wouldBlock
    /// The write failed (`EPIPE`: the reader is gone).
    case failed(SystemError)
  }

  /// Writes once what `fd` takes of `bytes`, never raising SIGPIPE.
  package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Sent {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return .sent(0) }
    let count = tabshell_send_once(fd, base, UInt(bytes.count))
    if count >= 0 { return .sent(count) }
    return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(.current)
  }

  /// Shuts down writing on `fd` (`shutdown(SHUT_WR)`): the peer reads the end of its input.
  package static func shutDownWriting(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_WR))
  }

  /// `EADDRINUSE`: a file is at the path a socket is bound at.
  package static let addressInUse = SystemError(code: EADDRINUSE)
  /// `EAGAIN` from ``connect(to:timeout:)``: the server's queue of connections stayed full.
  package static let queueFull = SystemError(code: EAGAIN)
  /// `ECONNREFUSED`: nothing listens at the socket's path.
  package static let connectionRefused = SystemError(code: ECONNREFUSED)
}

extension SystemIO {
  /// What `poll` found for one descriptor watched for reading and, with `write`, writing.
  package struct Watched: Equatable, Sendable {
    /// The descriptor.
    package var fd: Int32
    /// Whether writing is watched too.
    package var write: Bool

    /// Watches `fd` for reading, and for writing when `write`.
    package init(fd: Int32, write: Bool = false) {
      self.fd = fd
      self.write = write
    }
  }

  /// What `poll` said of one watched descriptor.
  package struct Ready: Equatable, Sendable {
    /// Something to read, or the end of the input.
    package var readable: Bool
    /// Room to write.
    package var writable: Bool
    /// Hung up, in error or not open.
    package var broken: Bool
  }

  /// Waits until one of `watched` is ready or `milliseconds` have passed (-1: no limit); a signal
  /// counts as nothing ready. Returns what each one is.
  package static func wait(_ watched: [Watched], milliseconds: Int32) -> [Ready] {
    var entries = watched.map {
      pollfd(fd: $0.fd, events: Int16(POLLIN) | ($0.write ? Int16(POLLOUT) : 0), revents: 0)
    }
    let count = entries.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t($0.count), milliseconds)
    }
    let none = Ready(readable: false, writable: false, broken: false)
    guard count > 0 else { return Array(repeating: none, count: watched.count) }
    return entries.map {
      Ready(
        readable: $0.revents & Int16(POLLIN | POLLHUP) != 0,
        writable: $0.revents & Int16(POLLOUT) != 0,
        broken: $0.revents & Int16(POLLERR | POLLNVAL) != 0)
    }
  }
}
