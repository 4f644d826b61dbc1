import TabShellPlatform

/// What cleans up after a run that SIGKILL ended: the runner removes the scripts' runtime folder
/// when it ends, and each script (a child) is sent SIGKILL when the runner ends however it ends
/// (`PR_SET_PDEATHSIG`, see ``TestChild``), but nothing of the runner's runs after a SIGKILL.
///
/// The warden is a process forked at the start of a run: in a session of its own (a kill of the
/// runner's process group, or the terminal's Ctrl-C, does not reach it), ignoring the signals that
/// end a run, holding no descriptor but the read end of a pipe whose only write end is the
/// runner's. It waits on that pipe; when the pipe ends (the runner closed it at the end of the
/// run, or the runner is gone), it removes the folder and exits. The runner keeps it out of the
/// children it ends (``pid``) and reaps it at the end.
struct TestWarden {
  /// The warden's process id.
  let pid: Int32
  /// The runner's end of the pipe (the children close it: ``TestChild/start``).
  let pipe: Int32

  /// Forks a warden for `folder`; `nil` when it could not be (the run goes on without one).
  static func start(removing folder: String) -> TestWarden? {
    guard let ends = try? SystemIO.makePipe() else { return nil }
    PendingOutput.standardOutput.flush()
    guard let pid = try? ProcessControl.fork() else {
      SystemIO.close(ends.read)
      SystemIO.close(ends.write)
      return nil
    }
    if pid == 0 { watch(ends.read, folder: folder) }
    SystemIO.close(ends.read)
    return TestWarden(pid: pid, pipe: ends.write)
  }

  /// At the run's end: closes the pipe and waits for the warden, which removes the folder.
  func release() {
    SystemIO.close(pipe)
    _ = ProcessControl.reap(pid)
  }

  /// The warden's side: waits until the pipe ends, removes `folder`, exits.
  private static func watch(_ pipe: Int32, folder: String) -> Never {
    ProcessControl.startSession()
    for signal in [Signal.interrupt, Signal.terminate, Signal.hangUp, Signal.brokenPipe] {
      SignalHandler.ignore(signal)
    }
    SignalHandler.unblockAll()
    let devNull = SystemIO.openNullDevice()
    if devNull >= 0 {
      for standard: Int32 in 0...2 { SystemIO.redirect(devNull, to: standard) }
    }
    SystemIO.closeDescriptors(except: pipe)
    // Nothing is ever written: the read returns when the pipe ends.
    var byte: UInt8 = 0
    while case .read(let count) = withUnsafeMutableBytes(
      of: &byte, { SystemIO.readOnce(pipe, into: $0) }), count > 0
    {}
    FileSystem.removeTree(folder)
    CurrentProcess.exitNow(0)
  }
}
