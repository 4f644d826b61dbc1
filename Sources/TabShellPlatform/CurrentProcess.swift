import CPlatform

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

  /// Every environment variable of the process (`environ`), by name.
  package static func environment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }

  /// The working directory (`getcwd`), or `nil` when it cannot be read.
  package static func currentDirectory() -> String? {
    guard let pointer = getcwd(nil, 0) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// Enters the folder `path` (`chdir`).
  package static func changeDirectory(to path: String) throws(SystemError) {
    guard chdir(path) == 0 else { throw .current }
  }

  /// How many processors are online (`sysconf`), at least 1.
  package static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// The value of the environment variable `name` now (`getenv`), or `nil` when it is not set.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Sets the environment variable `name` to `value` (`setenv`); returns whether it worked.
  @discardableResult
  package static func setEnvironmentValue(_ name: String, _ value: String) -> Bool {
    setenv(name, value, 1) == 0
  }

  /// Removes the environment variable `name` (`unsetenv`).
  package static func removeEnvironmentValue(_ name: String) {
    _ = unsetenv(name)
  }

  /// Runs the executable at `path` in this process with this process's arguments (`execv`);
  /// returns only when that failed.
  package static func executeAgain(_ path: String) {
    execv(path, CommandLine.unsafeArgv)
  }

  /// Ends the process with `status` (`exit`: the `atexit` functions run first).
  package static func exit(_ status: Int32) -> Never {
    cExit(status)
  }

  /// Ends the process at once with `status` (`_exit`: no `atexit` functions, no buffers flushed).
  /// Async-signal-safe.
  package static func exitNow(_ status: Int32) -> Never {
    _exit(status)
  }

  /// Runs `body` when the process exits normally (`atexit`).
  package static func atExit(_ body: @convention(c) () -> Void) { atexit(body) }

  /// Asks for SIGKILL when this process's parent ends, however it ends (`PR_SET_PDEATHSIG`), and
  /// says whether `parent` is still its parent: `false` when it ended before the request was made,
  /// which the request does not see (the caller should end at once).
  package static func endWithParent(_ parent: Int32) -> Bool {
    tabshell_die_with_parent(parent) == 0
  }

  /// Whether a process `pid` exists (`kill(pid, 0)` did not say `ESRCH`; one of another user
  /// counts).
  package static func exists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }
}

/// `exit(3)`, named apart from ``CurrentProcess/exit(_:)``.
private func cExit(_ status: Int32) -> Never {
  exit(status)
}
