import TabShellPlatform

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
  package let pid: Int32
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
      do throws(SystemError) {
        let ends = try SystemIO.makePipe()
        pipes.append(
          (SystemIO.aboveStandardStreams(ends.read), SystemIO.aboveStandardStreams(ends.write)))
      } catch {
        for pair in pipes { Self.closeBoth(pair) }
        throw .couldNotStart(path: executable, reason: error.description)
      }
    }
    let spawned = Result { () throws(SystemError) in
      try ProcessControl.spawn(
        executable: executable, arguments: arguments, environment: environment,
        stdin: pipes[0].read, stdout: pipes[1].write, stderr: pipes[2].write)
    }
    SystemIO.close(pipes[0].read)
    SystemIO.close(pipes[1].write)
    SystemIO.close(pipes[2].write)
    switch spawned {
    case .success(let pid):
      self.pid = pid
    case .failure(let error):
      SystemIO.close(pipes[0].write)
      SystemIO.close(pipes[1].read)
      SystemIO.close(pipes[2].read)
      throw .couldNotStart(path: executable, reason: error.description)
    }
    stdin = pipes[0].write
    stdout = pipes[1].read
    stderr = pipes[2].read
    for fd in [stdin, stdout, stderr] { SystemIO.setNonBlocking(fd) }
    exitDescriptor = ProcessControl.exitDescriptor(of: pid)
  }

  deinit {
    if !isReaped { terminate(grace: 0.05) }
    closeOutputs()
  }

  private static func closeBoth(_ pair: (read: Int32, write: Int32)) {
    SystemIO.close(pair.read)
    SystemIO.close(pair.write)
  }

  /// How the child ended, if it has; it is not reaped (so its process group stays its own).
  package func exitStatus() -> ExitStatus? {
    if let status { return status }
    guard let exit = ProcessControl.peekExit(of: pid) else { return nil }
    status = exit.exited ? .exited(exit.code) : .signaled(exit.code)
    return status
  }

  /// Waits until the child has exited or `deadline` (monotonic nanoseconds) has passed.
  package func waitForExit(until deadline: UInt64) -> ExitStatus? {
    while true {
      if let status = exitStatus() { return status }
      let milliseconds = MonotonicClock.milliseconds(until: deadline)
      if milliseconds == 0 { return nil }
      if exitDescriptor >= 0 {
        _ = SystemIO.pollReadable([exitDescriptor], milliseconds: milliseconds)
      } else {
        MonotonicClock.sleep(milliseconds: min(Int(milliseconds), 5))
      }
    }
  }

  /// Closes the child's stdin: it reads end-of-file.
  package func closeStdin() {
    if stdin >= 0 { SystemIO.close(stdin) }
    stdin = -1
  }

  /// Closes the host's end of the child's stderr (it stops being read).
  package func closeStderr() {
    if stderr >= 0 { SystemIO.close(stderr) }
    stderr = -1
  }

  /// Closes the host's end of the child's stdout (it stops being read).
  package func closeStdout() {
    if stdout >= 0 { SystemIO.close(stdout) }
    stdout = -1
  }

  /// Ends the child: SIGTERM to its process group, up to `grace` seconds for it to exit, then
  /// SIGKILL to whatever is left of the group, and reaps it. Returns how it ended.
  @discardableResult
  package func terminate(grace: Double) -> ExitStatus? {
    guard !isReaped else { return status }
    closeStdin()
    if exitStatus() == nil {
      signalGroup(Signal.terminate)
      _ = waitForExit(until: MonotonicClock.now() + UInt64(max(0, grace) * 1e9))
    }
    // The leader is not reaped yet, so its id still names this group and no other process.
    signalGroup(Signal.kill)
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
    MonotonicClock.now() + UInt64(max(0, seconds) * 1e9)
  }

  private func signalGroup(_ signal: Int32) {
    ProcessControl.signalGroup(pid, signal)
    // In case it left its group.
    ProcessControl.signal(pid, signal)
  }

  private func reap() {
    if let raw = ProcessControl.reap(pid), status == nil { status = ExitStatus(waitStatus: raw) }
    isReaped = true
    closeStdin()
    if exitDescriptor >= 0 { SystemIO.close(exitDescriptor) }
    exitDescriptor = -1
  }

  /// Closes the host's ends of the child's stdout and stderr. After ``terminate(grace:)`` they
  /// are left open so that what the child wrote last can still be read.
  package func closeOutputs() {
    for fd in [stdout, stderr] where fd >= 0 { SystemIO.close(fd) }
    stdout = -1
    stderr = -1
  }
}
