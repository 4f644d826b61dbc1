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

  /// Sets the environment variable `name` to `value` (`setenv`); returns whether it worked.
  @discardableResult
  package static func setEnvironmentValue(_ name: String, _ value: String) -> Bool {
    setenv(name, value, 1) == 0
  }

  /// Runs the executable at `path` in this process with this process's arguments (`execv`);
  /// returns only when that failed.
  package static func executeAgain(_ path: String) {
    execv(path, CommandLine.unsafeArgv)
  }

  /// Ends the process at once with `status` (`_exit`: no `atexit` functions, no buffers flushed).
  /// Async-signal-safe.
  package static func exitNow(_ status: Int32) -> Never {
    _exit(status)
  }

  /// Runs `body` when the process exits normally (`atexit`).
  package static func atExit(_ body: @convention(c) () -> Void) { atexit(body) }

  /// Whether a process `pid` exists (`kill(pid, 0)` did not say `ESRCH`; one of another user
  /// counts).
  package static func exists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }
}
