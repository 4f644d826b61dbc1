import TabShellLanguage
import TabShellPlatform

/// One script running as a test: a child process of the runner, made by `fork` without `exec`.
///
/// The child is a copy of the runner taken before any script ran in it, so it starts from the
/// empty start-up state as `tabshell FILE` does, and nothing it does (state, hooks, trace,
/// plugins it loads) reaches the runner or another script. It runs in a process group of its own
/// (a timeout kills the group), as a subreaper (so that what it started, in whatever process group,
/// is the runner's to end when it has ended: see ``TestRunner/run(finished:)``), in the script's
/// folder, with
/// stdin from /dev/null and stdout and stderr into pipes the runner reads. Forking the runner
/// costs a fraction of starting the program again (`exec`), which would load the Swift runtime
/// and every library anew for each script.
struct TestChild {
  /// The child's process id, which is also its process group's.
  let pid: pid_t
  /// The runner's ends of the child's stdout and stderr (non-blocking); -1 once closed.
  var stdout: Int32
  var stderr: Int32

  /// What the child reports through memory it shares with the runner: whether the script had
  /// syntax errors, and how many of its expects passed and failed.
  struct Report {
    var syntaxError = false
    var expectsPassed = 0
    var expectsFailed = 0
  }

  /// Starts `script` with the command line `arguments` (options, then `--` and its name).
  /// `inherited` are the runner's descriptors that the child must not keep (other children's
  /// pipes); `reports` is the shared memory, and `slot` the child's place in it.
  static func start(
    _ script: TestScript, arguments: [String], inherited: [Int32], devNull: Int32,
    reports: SharedReports, slot: Int
  ) -> Result<TestChild, ChildError> {
    var out: [Int32] = [-1, -1]
    var err: [Int32] = [-1, -1]
    guard makePipe(&out) else { return .failure(ChildError(errno, "pipe")) }
    guard makePipe(&err) else {
      let code = errno
      close(out[0])
      close(out[1])
      return .failure(ChildError(code, "pipe"))
    }
    // What the runner printed and has not written yet (the TAP header, a line to a pipe) would
    // otherwise be written again by the child, into the script's own output.
    PendingOutput.standardOutput.flush()
    let pid = fork()
    if pid == 0 {
      runChild(
        script, arguments: arguments, stdout: out[1], stderr: err[1],
        closing: inherited + [out[0], err[0], devNull], devNull: devNull, reports: reports,
        slot: slot)
    }
    let code = errno
    close(out[1])
    close(err[1])
    guard pid > 0 else {
      close(out[0])
      close(err[0])
      return .failure(ChildError(code, "fork"))
    }
    // Also here, so that a kill of the group right after the fork reaches the child.
    setpgid(pid, pid)
    for fd in [out[0], err[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    return .success(TestChild(pid: pid, stdout: out[0], stderr: err[0]))
  }

  /// A pipe whose ends a program the script starts does not inherit (close-on-exec; the runner has
  /// one thread, so nothing forks between the two calls).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// The child's side: set up its process, run the script as `tabshell` would, report, exit.
  private static func runChild(
    _ script: TestScript, arguments: [String], stdout: Int32, stderr: Int32, closing: [Int32],
    devNull: Int32, reports: SharedReports, slot: Int
  ) -> Never {
    setpgid(0, 0)
    // What the script starts stays below it while it runs, even when a process in between ends;
    // when it ends, all of it goes to the runner, which ends it.
    Subreaper.become()
    dup2(devNull, 0)
    dup2(stdout, 1)
    dup2(stderr, 2)
    for fd in closing + [stdout, stderr] where fd > 2 { close(fd) }
    guard chdir(script.folder) == 0 else {
      let message =
        "error: cannot enter folder '\(script.folder)': \(String(cString: strerror(errno)))\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      _exit(2)
    }
    var context = ProcessContext.current()
    context.arguments = arguments
    // The user's terminal width is not the test's: 80 columns unless `--width`.
    context.environment["COLUMNS"] = nil
    let status = TabShellCommand.main(context) { outcome, checks in
      reports.store(
        Report(
          syntaxError: outcome == .syntaxError, expectsPassed: checks.passed,
          expectsFailed: checks.failed),
        at: slot)
    }
    _exit(status)
  }

  /// Kills the child's process group: the script and whatever it started.
  func kill() {
    _ = Glibc.kill(-pid, SIGKILL)
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

  var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// Memory the runner shares with its children (`mmap`, `MAP_SHARED`): one ``TestChild/Report`` a
/// script, written by its child before it exits, read by the runner after.
final class SharedReports {
  private let base: UnsafeMutableRawPointer?
  private let size: Int
  private static let stride = 16

  /// Room for `count` reports, all empty.
  init(count: Int) {
    size = max(1, count) * Self.stride
    let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
    base = memory == MAP_FAILED ? nil : memory
  }

  deinit {
    if let base { munmap(base, size) }
  }

  func store(_ report: TestChild.Report, at slot: Int) {
    guard let base, (slot + 1) * Self.stride <= size else { return }
    let place = base + slot * Self.stride
    place.storeBytes(of: 1, toByteOffset: 0, as: Int32.self)
    place.storeBytes(of: report.syntaxError ? 1 : 0, toByteOffset: 4, as: Int32.self)
    place.storeBytes(of: Int32(clamping: report.expectsPassed), toByteOffset: 8, as: Int32.self)
    place.storeBytes(of: Int32(clamping: report.expectsFailed), toByteOffset: 12, as: Int32.self)
  }

  /// The report of a child, `nil` when it wrote none (it crashed, or was killed first).
  func report(at slot: Int) -> TestChild.Report? {
    guard let base, (slot + 1) * Self.stride <= size else { return nil }
    let place = base + slot * Self.stride
    guard place.load(fromByteOffset: 0, as: Int32.self) == 1 else { return nil }
    return TestChild.Report(
      syntaxError: place.load(fromByteOffset: 4, as: Int32.self) == 1,
      expectsPassed: Int(place.load(fromByteOffset: 8, as: Int32.self)),
      expectsFailed: Int(place.load(fromByteOffset: 12, as: Int32.self)))
  }
}
