#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process, and questions about others by their id.
package enum CurrentProcess {
  /// This process's id (`getpid`).
  package static var id: Int32 { getpid() }

  /// This process's effective user id (`geteuid`).
  package static var userID: UInt32 { geteuid() }

  /// The value of the environment variable `name` now (`getenv`), or `nil` when it is not set.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Whether a process `pid` exists (`kill(pid, 0)` did not say `ESRCH`; one of another user
  /// counts).
  package static func exists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }
}
