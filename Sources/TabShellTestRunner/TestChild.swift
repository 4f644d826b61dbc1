import TabShellHost
import TabShellLanguage
import TabShellPlatform

/// How a test child runs its script: the command line's entry point (`tabshell FILE` in this
/// process), given the child's context and told how the run ended and what its checks counted.
/// The command line hands it to ``TestCommand/run(_:_:_:entry:)``, so that the runner does not
/// depend on the module above it.
package typealias ScriptEntry = (ProcessContext, (Interpreter.Outcome, Checks) -> Void) -> Int32

/// One script running as a test: a child process of the runner, made by `fork` without `exec`.
///
/// The child is a copy of the runner taken before any script ran in it, so it starts from the
/// empty start-up state as `tabshell FILE` does, and nothing it does (state, hooks, trace,
/// plugins it loads) reaches the runner or another script. It runs in a process group of its own
/// (a timeout kills the group), as a subreaper (so that what it started, in whatever process group,
/// is the runner's to end when it has ended: see ``TestRunner/run(finished:)``), killed when the
/// runner ends however it ends (`PR_SET_PDEATHSIG`: SIGKILL leaves the runner no time to end it),
/// in the script's folder, with stdin from /dev/null and stdout and stderr into pipes the runner
/// reads. Forking the runner
/// costs a fraction of starting the program again (`exec`), which would load the Swift runtime
/// and every library anew for each script.
struct TestChild {
  /// The child's process id, which is also its process group's.
  let pid: Int32
  /// The runner's ends of the child's stdout and stderr (non-blocking); -1 once closed.
  var stdout: Int32
  var stderr: Int32

  /// What the child reports through memory it shares with the runner as it exits: whether the
  /// script had syntax errors, and how many of its expects passed and failed. (Its errors go there
  /// as they are reported: see ``SharedReports``.)
  struct Report {
    var syntaxError = false
    var expectsPassed = 0
    var expectsFailed = 0
  }

  /// Starts `script` with the command line `arguments` (options, then `--` and its name).
  /// `inherited` are the runner's descriptors that the child must not keep (other children's
  /// pipes); `runtime` is the folder under which the child makes its own `XDG_RUNTIME_DIR`;
  /// `reports` is the shared memory, and `slot` the child's place in it.
  package static func start(
    _ script: TestScript, arguments: [String], inherited: [Int32], devNull: Int32,
    runtime: String?, reports: SharedReports, slot: Int, entry: ScriptEntry
  ) -> Result<TestChild, ChildError> {
    let out: (read: Int32, write: Int32)
    let err: (read: Int32, write: Int32)
    do throws(SystemError) {
      out = try SystemIO.makePipe()
    } catch {
      return .failure(ChildError(error.code, "pipe"))
    }
    do throws(SystemError) {
      err = try SystemIO.makePipe()
    } catch {
      SystemIO.close(out.read)
      SystemIO.close(out.write)
      return .failure(ChildError(error.code, "pipe"))
    }
    // What the runner printed and has not written yet (the TAP header, a line to a pipe) would
    // otherwise be written again by the child, into the script's own output.
    PendingOutput.standardOutput.flush()
    let runner = CurrentProcess.id
    // SIGTERM and SIGHUP wait across the fork for the child's own actions (see TestSignals).
    TestSignals.block()
    // The pipes' ends are close-on-exec: a program the script starts does not inherit them.
    let forked = Result { () throws(SystemError) in try ProcessControl.fork() }
    if case .success(0) = forked {
      runChild(
        script, arguments: arguments, stdout: out.write, stderr: err.write,
        closing: inherited + [out.read, err.read, devNull], devNull: devNull, runtime: runtime,
        reports: reports, slot: slot, entry: entry, runner: runner)
    }
    TestSignals.unblock()
    SystemIO.close(out.write)
    SystemIO.close(err.write)
    let pid: Int32
    switch forked {
    case .success(let child):
      pid = child
    case .failure(let error):
      SystemIO.close(out.read)
      SystemIO.close(err.read)
      return .failure(ChildError(error.code, "fork"))
    }
    // Also here, so that a kill of the group right after the fork reaches the child.
    ProcessControl.setProcessGroup(of: pid, to: pid)
    for fd in [out.read, err.read] { SystemIO.setNonBlocking(fd) }
    return .success(TestChild(pid: pid, stdout: out.read, stderr: err.read))
  }

  /// The child's side: set up its process, run the script as `tabshell` would, report, exit.
  private static func runChild(
    _ script: TestScript, arguments: [String], stdout: Int32, stderr: Int32, closing: [Int32],
    devNull: Int32, runtime: String?, reports: SharedReports, slot: Int, entry: ScriptEntry,
    runner: Int32
  ) -> Never {
    // Killed with the runner, however it ends (SIGKILL too: nothing of the runner's runs then);
    // a runner that ended before the request was made ends the child now. The programs and
    // process plugins the script starts are killed with the child in turn.
    guard CurrentProcess.endWithParent(runner) else { CurrentProcess.exitNow(1) }
    TestSignals.restore()
    TestSignals.unblock()
    ProcessControl.setProcessGroup(of: 0, to: 0)
    // What the script starts stays below it while it runs, even when a process in between ends;
    // when it ends, all of it goes to the runner, which ends it.
    Subreaper.become()
    SystemIO.redirect(devNull, to: 0)
    SystemIO.redirect(stdout, to: 1)
    SystemIO.redirect(stderr, to: 2)
    for fd in closing + [stdout, stderr] where fd > 2 { SystemIO.close(fd) }
    do throws(SystemError) {
      try CurrentProcess.changeDirectory(to: script.folder)
    } catch {
      let message = "cannot enter folder '\(Checks.shown(script.folder))': \(error)"
      reports.append(ReportedError(file: nil, line: 0, column: 0, message: message), at: slot)
      try? SystemIO.writeAll(2, "error: \(message)\n".utf8)
      CurrentProcess.exitNow(2)
    }
    // Hermetic: no session of the user's is reached (`TABSHELL`), and the sessions the script
    // starts are its own, in a folder of its own.
    CurrentProcess.removeEnvironmentValue("TABSHELL")
    if let runtime {
      let folder = runtime + "/\(CurrentProcess.id)"
      if (try? FileSystem.makeFolder(folder, permissions: 0o700)) != nil {
        CurrentProcess.setEnvironmentValue("XDG_RUNTIME_DIR", folder)
      }
    }
    var context = ProcessContext.current()
    context.arguments = arguments
    // Each error goes to the runner as it is reported (a script killed later keeps its errors).
    context.errorReported = { reports.append($0, at: slot) }
    // The user's terminal width is not the test's: 80 columns unless `--width`.
    context.environment["COLUMNS"] = nil
    let status = entry(context) { outcome, checks in
      reports.store(
        Report(
          syntaxError: outcome == .syntaxError, expectsPassed: checks.passed,
          expectsFailed: checks.failed),
        at: slot)
    }
    CurrentProcess.exitNow(status)
  }

  /// Kills the child's process group: the script and whatever it started.
  func kill() {
    ProcessControl.signalGroup(pid, Signal.kill)
  }
}

/// A system call that failed while starting a child.
struct ChildError: Error, CustomStringConvertible {
  var code: Int32
  var call: String

  init(_ code: Int32, _ call: String) {
    self.code = code
    self.call = call
  }

  var description: String { "\(call) failed: \(SystemError(code: code))" }
}
