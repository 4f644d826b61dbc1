#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with `posix_spawn`, its standard streams on pipes: the host writes its stdin
/// and reads its stdout and stderr.
///
/// The child runs in its own process group (a terminal's Ctrl-C does not reach it), with an empty
/// signal mask and every signal at its default action, and inherits no descriptor but 0, 1 and 2
/// (the pipes are close-on-exec, and with glibc ≥ 2.34 the child closes everything from 3 on).
/// The parent's ends are non-blocking, so no read or write can hang the host.
///
/// Stopping always reaps: ``terminate(grace:)`` and ``shutdown(grace:)`` return only once the child
/// is waited for, and `deinit` terminates a child that is still there, so none is left a zombie.
///
/// Isolation: used from one thread at a time.
package final class ChildProcess {
  /// The child's process id (also its process group's).
  package let pid: pid_t
  /// The path it was started from.
  package let executable: String
  /// The write end of its stdin; -1 once closed.
  package private(set) var stdin: Int32
  /// The read end of its stdout; -1 once closed.
  package private(set) var stdout: Int32
  /// The read end of its stderr; -1 once closed.
  package private(set) var stderr: Int32
  /// A descriptor that becomes readable when the child exits (a pidfd), or -1 where the system has
  /// none; then ``exitStatus()`` must be asked.
  package private(set) var exitDescriptor: Int32
  /// How it ended, once that is known.
  package private(set) var status: ExitStatus?
  /// Whether it has been waited for.
  package private(set) var isReaped = false

  /// Starts `executable` (a path; no `PATH` search) with `arguments`, and `environment` as
  /// `NAME=value` strings (`nil`: the host's own).
  package init(
    executable: String, arguments: [String] = [], environment: [String]? = nil
  ) throws(PluginFault) {
    self.executable = executable
    var pipes: [(read: Int32, write: Int32)] = []
    for _ in 0..<3 {
      guard let ends = Platform.closeOnExecPipe() else {
        let reason = Platform.message(forErrno: errno)
        for pair in pipes { Self.closeBoth(pair) }
        throw .couldNotStart(path: executable, reason: reason)
      }
      pipes.append(
        (Platform.aboveStandardStreams(ends.read), Platform.aboveStandardStreams(ends.write)))
    }
    var pid: pid_t = 0
    let result = Self.spawn(
      &pid, executable: executable, arguments: arguments, environment: environment,
      stdin: pipes[0].read, stdout: pipes[1].write, stderr: pipes[2].write)
    close(pipes[0].read)
    close(pipes[1].write)
    close(pipes[2].write)
    guard result == 0 else {
      close(pipes[0].write)
      close(pipes[1].read)
      close(pipes[2].read)
      throw .couldNotStart(path: executable, reason: Platform.message(forErrno: result))
    }
    self.pid = pid
    stdin = pipes[0].write
    stdout = pipes[1].read
    stderr = pipes[2].read
    for fd in [stdin, stdout, stderr] { Platform.setNonBlocking(fd) }
    exitDescriptor = Platform.pidfdOpen.map { $0(pid, 0) } ?? -1
  }

  deinit {
    if !isReaped { terminate(grace: 0.05) }
    closeOutputs()
  }

  private static func closeBoth(_ pair: (read: Int32, write: Int32)) {
    close(pair.read)
    close(pair.write)
  }

  /// `posix_spawn` with the pipes on 0, 1, 2, its own process group, a clean signal state.
  private static func spawn(
    _ pid: inout pid_t, executable: String, arguments: [String], environment: [String]?,
    stdin: Int32, stdout: Int32, stderr: Int32
  ) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    if let closeFrom = Platform.addCloseFrom { _ = closeFrom(&actions, 3) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)

    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let envp = environment?.map { strdup($0) }
    defer { for pointer in envp ?? [] { free(pointer) } }
    return (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      guard let argvBase = argvBuffer.baseAddress else { return EINVAL }
      guard let envp else {
        return posix_spawn(&pid, executable, &actions, &attributes, argvBase, environ)
      }
      return (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
        guard let envpBase = envpBuffer.baseAddress else { return EINVAL }
        return posix_spawn(&pid, executable, &actions, &attributes, argvBase, envpBase)
      }
    }
  }

  /// How the child ended, if it has; it is not reaped (so its process group stays its own).
  package func exitStatus() -> ExitStatus? {
    if let status { return status }
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
      info._sifields._sigchld.si_pid == pid
    else { return nil }
    let code = info._sifields._sigchld.si_status
    status = info.si_code == Int32(CLD_EXITED) ? .exited(code) : .signaled(code)
    return status
  }

  /// Waits until the child has exited or `deadline` (monotonic nanoseconds) has passed.
  package func waitForExit(until deadline: UInt64) -> ExitStatus? {
    while true {
      if let status = exitStatus() { return status }
      let milliseconds = Platform.milliseconds(until: deadline)
      if milliseconds == 0 { return nil }
      if exitDescriptor >= 0 {
        _ = Platform.pollReadable([exitDescriptor], milliseconds: milliseconds)
      } else {
        usleep(UInt32(min(milliseconds, 5)) * 1000)
      }
    }
  }

  /// Closes the child's stdin: it reads end-of-file.
  package func closeStdin() {
    if stdin >= 0 { close(stdin) }
    stdin = -1
  }

  /// Closes the host's end of the child's stderr (it stops being read).
  package func closeStderr() {
    if stderr >= 0 { close(stderr) }
    stderr = -1
  }

  /// Closes the host's end of the child's stdout (it stops being read).
  package func closeStdout() {
    if stdout >= 0 { close(stdout) }
    stdout = -1
  }

  /// Ends the child: SIGTERM to its process group, up to `grace` seconds for it to exit, then
  /// SIGKILL to whatever is left of the group, and reaps it. Returns how it ended.
  @discardableResult
  package func terminate(grace: Double) -> ExitStatus? {
    guard !isReaped else { return status }
    closeStdin()
    if exitStatus() == nil {
      signalGroup(SIGTERM)
      _ = waitForExit(until: Platform.now() + UInt64(max(0, grace) * 1e9))
    }
    // The leader is not reaped yet, so its id still names this group and no other process.
    signalGroup(SIGKILL)
    reap()
    return status
  }

  /// Asks the child to leave: closes its stdin, waits up to `grace` seconds for it to exit, then
  /// ``terminate(grace:)``s it (whatever is left of its group) with `killGrace`.
  @discardableResult
  package func shutdown(grace: Double, killGrace: Double, until deadline: UInt64? = nil)
    -> ExitStatus?
  {
    guard !isReaped else { return status }
    closeStdin()
    _ = waitForExit(until: deadline ?? ChildProcess.deadline(after: grace))
    return terminate(grace: killGrace)
  }

  /// The monotonic time `seconds` from now, for ``shutdown(grace:killGrace:until:)``: several
  /// children shut down against one deadline share their grace instead of adding them up.
  package static func deadline(after seconds: Double) -> UInt64 {
    Platform.now() + UInt64(max(0, seconds) * 1e9)
  }

  private func signalGroup(_ signal: Int32) {
    kill(-pid, signal)
    // In case it left its group.
    kill(pid, signal)
  }

  private func reap() {
    var raw: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
    if result == pid, status == nil { status = ExitStatus(waitStatus: raw) }
    isReaped = true
    closeStdin()
    if exitDescriptor >= 0 { close(exitDescriptor) }
    exitDescriptor = -1
  }

  /// Closes the host's ends of the child's stdout and stderr. After ``terminate(grace:)`` they
  /// are left open so that what the child wrote last can still be read.
  package func closeOutputs() {
    for fd in [stdout, stderr] where fd >= 0 { close(fd) }
    stdout = -1
    stderr = -1
  }
}
