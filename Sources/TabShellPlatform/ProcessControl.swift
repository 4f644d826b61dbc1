import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Child processes: started, signalled, waited for.
package enum ProcessControl {
  private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

  /// Linux ≥ 5.3's `pidfd_open` (glibc ≥ 2.36).
  private static let pidfdOpen: PidfdOpen? = SharedLibrary.loadedSymbol(
    "pidfd_open"
  ).map { unsafeBitCast($0, to: PidfdOpen.self) }

  /// Starts `executable` (a path; no `PATH` search) with `arguments`, and `environment` as
  /// `NAME=value` strings (`nil`: this process's own), `stdin`, `stdout` and `stderr` on its 0, 1
  /// and 2, in a process group of its own, with an empty signal mask and every signal at its
  /// default action, inheriting no other descriptor. It is sent SIGKILL when this process ends,
  /// however it ends (`PR_SET_PDEATHSIG`, as a terminal tab's program is): a child that ignores
  /// the end of its input would outlive a shell killed by SIGKILL. Returns its pid.
  package static func spawn(
    executable: String, arguments: [String], environment: [String]?,
    stdin: Int32, stdout: Int32, stderr: Int32
  ) throws(SystemError) -> Int32 {
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let envp = environment?.map { strdup($0) }
    defer { for pointer in envp ?? [] { free(pointer) } }
    var failure: Int32 = 0
    let pid = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      guard let argvBase = argvBuffer.baseAddress else { return Int32(-1) }
      guard let envp else {
        return tabshell_spawn(executable, argvBase, environ, stdin, stdout, stderr, &failure)
      }
      return (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
        guard let envpBase = envpBuffer.baseAddress else { return Int32(-1) }
        return tabshell_spawn(executable, argvBase, envpBase, stdin, stdout, stderr, &failure)
      }
    }
    guard pid > 0 else { throw SystemError(code: failure == 0 ? EINVAL : failure) }
    return pid
  }

  /// A descriptor that becomes readable when the child `pid` exits (a pidfd), so that `poll`
  /// notices an exit as it notices output; -1 where the system has none.
  package static func exitDescriptor(of pid: Int32) -> Int32 {
    pidfdOpen.map { $0(pid, 0) } ?? -1
  }

  /// How the child `pid` ended, if it has, without reaping it (`waitid` with `WNOWAIT`, so that
  /// its process group stays its own): whether it exited (else a signal ended it) and the status
  /// or the signal's number.
  package static func peekExit(of pid: Int32) -> (exited: Bool, code: Int32)? {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
      info._sifields._sigchld.si_pid == pid
    else { return nil }
    return (info.si_code == Int32(CLD_EXITED), info._sifields._sigchld.si_status)
  }

  /// Waits for the child `pid` to end and reaps it; its raw wait status, or `nil` when it was not
  /// this process's child to wait for.
  package static func reap(_ pid: Int32) -> Int32? {
    var raw: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
    return result == pid ? raw : nil
  }

  /// Reaps the child `pid` if it has ended, without waiting: its raw wait status, else `nil`.
  package static func reapIfEnded(_ pid: Int32) -> Int32? {
    var raw: Int32 = 0
    return waitpid(pid, &raw, WNOHANG) == pid ? raw : nil
  }

  /// Forks this process (`fork`): the child's pid in the parent, 0 in the child.
  package static func fork() throws(SystemError) -> Int32 {
    let pid = cFork()
    guard pid >= 0 else { throw .current }
    return pid
  }

  /// Makes this process the leader of a new session and process group, with no controlling
  /// terminal (`setsid`): a terminal that closes sends it no SIGHUP.
  package static func startSession() {
    _ = setsid()
  }

  /// Puts the process `pid` (0: this one) into the process group `group` (0: its own).
  package static func setProcessGroup(of pid: Int32, to group: Int32) {
    _ = setpgid(pid, group)
  }

  /// Sends `signal` to the process `pid` (`kill`).
  package static func signal(_ pid: Int32, _ signal: Int32) {
    _ = kill(pid, signal)
  }

  /// Sends `signal` to every process of the process group `group` (`kill(-group, signal)`).
  package static func signalGroup(_ group: Int32, _ signal: Int32) {
    _ = kill(-group, signal)
  }
}

/// `fork(2)`, named apart from ``ProcessControl/fork()``.
private func cFork() -> pid_t {
  fork()
}
