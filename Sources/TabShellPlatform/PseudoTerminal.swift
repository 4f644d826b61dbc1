import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program running in a pseudo-terminal of its own (`forkpty`), as a terminal tab runs it: the
/// leader of its own session and process group, the terminal its controlling terminal and its 0, 1
/// and 2, no other descriptor of this process. This process holds the terminal's other end
/// (``descriptor``, non-blocking, close-on-exec): what the program writes is read from it, what is
/// written to it is the program's input.
///
/// Not `Sendable`: used on the thread that owns the shell. The owner ends the program
/// (``hangUp()``, ``kill()``), reaps it (``reapIfEnded()``) and closes the descriptor
/// (``close()``); nothing is done on deinit.
package final class PseudoTerminal {
  /// The program's pid, which is also its process group's and its session's id.
  package let pid: Int32
  /// The terminal's other end, or -1 once closed.
  package private(set) var descriptor: Int32
  /// How the program ended, once reaped.
  package private(set) var ending: Ending?

  /// How a program ended.
  package enum Ending: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal's number killed it.
    case killed(Int32)
  }

  /// Starts `program` (a path, or a name searched in `environment`'s `PATH`) with `arguments`, the
  /// `NAME=value` strings of `environment`, in `directory` (`nil`: this process's), in a terminal
  /// of `rows` × `columns`. Throws the system's error when it cannot be started: no such program,
  /// not executable, no such folder (the child reports the failure of its `exec`).
  package init(
    program: String, arguments: [String], environment: [String], directory: String?,
    rows: Int, columns: Int
  ) throws(SystemError) {
    let argv = ([program] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let envp = environment.map { strdup($0) }
    defer { for pointer in envp { free(pointer) } }
    var master: Int32 = -1
    var failure: Int32 = 0
    let size = Self.clamped(rows: rows, columns: columns)
    let pid = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
        tabshell_spawn_in_pseudo_terminal(
          program, argvBuffer.baseAddress, envpBuffer.baseAddress, directory, size.rows,
          size.columns, &master, &failure)
      }
    }
    guard pid > 0 else { throw SystemError(code: failure) }
    self.pid = pid
    self.descriptor = master
  }

  /// Sets the terminal's size: the program's foreground process group gets SIGWINCH.
  package func resize(rows: Int, columns: Int) {
    guard descriptor >= 0 else { return }
    let size = Self.clamped(rows: rows, columns: columns)
    _ = tabshell_set_terminal_size(descriptor, size.rows, size.columns)
  }

  /// The terminal's foreground process group (`tcgetpgrp`), or `nil` once it is closed or has
  /// none.
  package var foregroundGroup: pid_t? {
    guard descriptor >= 0 else { return nil }
    let group = tcgetpgrp(descriptor)
    return group > 0 ? group : nil
  }

  /// Reads what the program wrote, at most `buffer.count` bytes, without waiting.
  package func read(into buffer: UnsafeMutableRawBufferPointer) -> SystemIO.ReadOnce {
    guard descriptor >= 0 else { return .read(0) }
    return SystemIO.readOnce(descriptor, into: buffer)
  }

  /// Writes the program's input, as much as the terminal takes now (it never waits); returns how
  /// many bytes it took.
  @discardableResult
  package func write(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard descriptor >= 0, let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    var written = 0
    while written < bytes.count {
      let count = cWrite(descriptor, base + written, bytes.count - written)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      written += count
    }
    return written
  }

  /// Sends SIGHUP to the program's process group (a terminal closing), and SIGCONT so that a
  /// stopped program sees it.
  package func hangUp() {
    guard ending == nil else { return }
    _ = cKill(-pid, SIGHUP)
    _ = cKill(-pid, SIGCONT)
  }

  /// Sends SIGKILL to the program's process group, and to the program if it left it.
  package func kill() {
    guard ending == nil else { return }
    _ = cKill(-pid, SIGKILL)
    _ = cKill(pid, SIGKILL)
  }

  /// Reaps the program if it has ended, without waiting; its ending then (and ever after).
  @discardableResult
  package func reapIfEnded() -> Ending? {
    if let ending { return ending }
    var raw: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &raw, WNOHANG) } while result < 0 && errno == EINTR
    if result == pid {
      ending = Self.ending(raw)
    } else if result < 0 {
      // Not this process's child any more (reaped elsewhere): it has ended, how is unknown.
      ending = .exited(-1)
    }
    return ending
  }

  /// Waits for the program to end and reaps it.
  @discardableResult
  package func reap() -> Ending {
    if let ending { return ending }
    var raw: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
    let ending = result == pid ? Self.ending(raw) : .exited(-1)
    self.ending = ending
    return ending
  }

  /// Closes this process's end of the terminal.
  package func close() {
    guard descriptor >= 0 else { return }
    SystemIO.close(descriptor)
    descriptor = -1
  }

  /// A signal's name without `SIG` (`TERM`, `KILL`), or its number.
  package static func signalName(_ number: Int32) -> String {
    let names: [Int32: String] = [
      SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGILL: "ILL", SIGTRAP: "TRAP",
      SIGABRT: "ABRT", SIGBUS: "BUS", SIGFPE: "FPE", SIGKILL: "KILL", SIGUSR1: "USR1",
      SIGSEGV: "SEGV", SIGUSR2: "USR2", SIGPIPE: "PIPE", SIGALRM: "ALRM", SIGTERM: "TERM",
    ]
    return names[number] ?? "\(number)"
  }

  private static func ending(_ raw: Int32) -> Ending {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    raw & 0x7F == 0 ? .exited((raw >> 8) & 0xFF) : .killed(raw & 0x7F)
  }

  private static func clamped(rows: Int, columns: Int) -> (rows: UInt16, columns: UInt16) {
    (UInt16(clamping: max(1, rows)), UInt16(clamping: max(1, columns)))
  }
}

/// `write(2)`, named apart from ``PseudoTerminal/write(_:)``.
private func cWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// `kill(2)`, named apart from ``PseudoTerminal/kill()``.
private func cKill(_ pid: pid_t, _ signal: Int32) -> Int32 {
  kill(pid, signal)
}
