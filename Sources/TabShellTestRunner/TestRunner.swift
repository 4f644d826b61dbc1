import TabShellHost
import TabShellLanguage
import TabShellPlatform

/// How one script's run ended, and what it printed.
struct ChildRun {
  enum Ending: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// It ran longer than the timeout and was killed.
    case timedOut
    /// It could not be started.
    case notStarted(String)
  }

  var ending: Ending
  /// What the child reported as it exited (`nil` when it died before it could).
  var report: TestChild.Report?
  /// The errors the child reported as they happened (its failures), and whether some did not fit.
  var errors: [ReportedError] = []
  var errorsLeftOut = false
  /// Its stdout and stderr, up to the runner's limits.
  var stdout: [UInt8] = []
  var stderr: [UInt8] = []
  /// From its start to its end.
  var milliseconds = 0
}

/// Runs scripts as child processes, up to `jobs` at once, each killed after `timeout` seconds:
/// one thread, one `poll` over every child's pipes. Results come in the order the children end;
/// the caller puts them in order.
struct TestRunner {
  var scripts: [TestScript]
  /// The command line of each script's child (options, `--`, its name).
  var arguments: (TestScript) -> [String]
  var jobs: Int
  var timeout: Double
  /// Whether all of a script's stdout is kept (to compare it with an expected file); else only the
  /// first ``keptBytes``.
  var keepsAllOutput: (TestScript) -> Bool
  /// How a child runs its script: as `tabshell FILE` would (the command line's entry point).
  var entry: ScriptEntry

  /// How much of a stream is kept when not all of it is needed.
  static let keptBytes = 64 << 10
  /// How much is kept at most.
  static let byteLimit = 64 << 20

  private final class Running {
    let index: Int
    /// Its place in the memory shared with the children.
    let slot: Int
    var child: TestChild
    let started: UInt64
    var run = ChildRun(ending: .timedOut)
    var status: Int32?
    var timedOut = false
    let limit: Int

    init(index: Int, slot: Int, child: TestChild, started: UInt64, limit: Int) {
      self.index = index
      self.slot = slot
      self.child = child
      self.started = started
      self.limit = limit
    }
  }

  /// Runs every script; `finished` gets each one's index and run as it ends, and says whether the
  /// script runs again (a retry), before the scripts not started yet. Returns `false` when an
  /// interrupt (Ctrl-C) stopped the run: the children were killed.
  ///
  /// Everything a script started ends with it: the runner (and each child) is a subreaper, so a
  /// process a script started whose parent ends, a process plugin in a process group of its own
  /// left by a script that timed out included, becomes the runner's child and is killed when the
  /// script has ended.
  package func run(finished: (Int, ChildRun) -> Bool) -> Bool {
    Subreaper.become()
    // SIGTERM and SIGHUP stop the run as Ctrl-C does; the signal then ends the process, after the
    // cleanup below (a `defer` declared first runs last).
    TestSignals.install()
    defer { TestSignals.endByTheSignalReceived() }
    let devNull = SystemIO.openNullDevice()
    defer { if devNull >= 0 { SystemIO.close(devNull) } }
    // Each script's sessions go into a folder of its own under this one (see TestChild), removed
    // at the end: no session is shared with the user or between scripts.
    let runtime = try? FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-test-")
    defer { if let runtime { FileSystem.removeTree(runtime) } }
    // Removes it if SIGKILL ends the runner (the scripts then end with it: see TestChild).
    let warden = runtime.flatMap { TestWarden.start(removing: $0) }
    defer { warden?.release() }
    let kept: Set<Int32> = warden.map { [$0.pid] } ?? []
    // A slot for each script that can run at once; the slots no running script uses.
    let slots = max(1, min(jobs, scripts.count))
    let reports = SharedReports(count: slots)
    var freeSlots = Array((0..<slots).reversed())
    var running: [Running] = []
    var next = 0
    // Scripts to run again, before the next ones.
    var again: [Int] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while next < scripts.count || !running.isEmpty || !again.isEmpty {
      if Interpreter.interruption.load(ordering: .relaxed) {
        for entry in running { stop(entry) }
        Subreaper.endChildren(except: kept)
        return false
      }
      while running.count < jobs, next < scripts.count || !again.isEmpty,
        let slot = freeSlots.last
      {
        let index = again.isEmpty ? next : again.removeFirst()
        if index == next { next += 1 }
        let script = scripts[index]
        if let problem = script.problem {
          // A file that cannot be run is an error of the run, said in its place.
          _ = finished(index, ChildRun(ending: .notStarted(problem)))
          continue
        }
        let inherited =
          running.flatMap { [$0.child.stdout, $0.child.stderr] }.filter { $0 >= 0 }
          + (warden.map { [$0.pipe] } ?? [])
        let started = Self.now()
        switch TestChild.start(
          script, arguments: arguments(script), inherited: inherited, devNull: devNull,
          runtime: runtime, reports: reports, slot: slot, entry: entry)
        {
        case .success(let child):
          let limit = keepsAllOutput(script) ? Self.byteLimit : Self.keptBytes
          freeSlots.removeLast()
          running.append(
            Running(index: index, slot: slot, child: child, started: started, limit: limit))
        case .failure(let error):
          _ = finished(index, ChildRun(ending: .notStarted(error.description)))
        }
      }
      wait(for: running)
      for entry in running { read(entry, into: &buffer) }
      reap(running)
      let now = Self.now()
      for entry in running where entry.status == nil && !entry.timedOut {
        if Double(now - entry.started) / 1e9 >= timeout {
          entry.timedOut = true
          entry.child.kill()
        }
      }
      var ended = false
      for entry in running {
        guard let status = entry.status else { continue }
        end(entry, status: status, reports: reports, buffer: &buffer)
        if finished(entry.index, entry.run) { again.append(entry.index) }
        freeSlots.append(entry.slot)
        ended = true
      }
      running.removeAll { $0.status != nil }
      if ended {
        // What the scripts that ended started, now the runner's: every child but the scripts
        // still running.
        Subreaper.endChildren(except: kept.union(running.map(\.child.pid)))
      }
    }
    return true
  }

  /// Waits until a child writes or closes a pipe, a timeout is due, or a tenth of a second has
  /// passed (a child whose pipes a process it started holds open ends without closing them); a
  /// millisecond when a child has closed its pipes, and so is ending.
  private func wait(for running: [Running]) {
    let descriptors = running.flatMap { [$0.child.stdout, $0.child.stderr] }.filter { $0 >= 0 }
    let now = Self.now()
    var milliseconds = 100
    for entry in running where !entry.timedOut {
      let left = timeout - Double(now - entry.started) / 1e9
      milliseconds = min(milliseconds, max(0, Int((left * 1000).rounded(.up))))
    }
    if running.contains(where: { $0.status == nil && $0.child.stdout < 0 && $0.child.stderr < 0 }) {
      milliseconds = min(1, milliseconds)
    }
    _ = SystemIO.waitForInput(descriptors, milliseconds: Int32(milliseconds))
  }

  /// Reads what a child's pipes hold now; a pipe at its end is closed.
  private func read(_ entry: Running, into buffer: inout [UInt8]) {
    entry.child.stdout = drain(
      entry.child.stdout, into: &entry.run.stdout, limit: entry.limit, &buffer)
    entry.child.stderr = drain(
      entry.child.stderr, into: &entry.run.stderr, limit: max(entry.limit, Self.keptBytes << 4),
      &buffer)
  }

  /// Reads `fd` until it would block; returns `fd`, or -1 when it was at its end and is closed.
  private func drain(_ fd: Int32, into kept: inout [UInt8], limit: Int, _ buffer: inout [UInt8])
    -> Int32
  {
    guard fd >= 0 else { return fd }
    while true {
      switch buffer.withUnsafeMutableBytes({ SystemIO.readOnce(fd, into: $0) }) {
      case .read(let count) where count > 0:
        let room = max(0, limit - kept.count)
        kept.append(contentsOf: buffer[..<min(count, room)])
      case .wouldBlock:
        return fd
      case .read, .failed:
        SystemIO.close(fd)
        return -1
      }
    }
  }

  /// Collects the children that have ended.
  private func reap(_ running: [Running]) {
    for entry in running where entry.status == nil {
      if let status = ProcessControl.reapIfEnded(entry.child.pid) { entry.status = status }
    }
  }

  /// A child that ended: what is left in its pipes is read; pipes that a process it started still
  /// holds open are closed, and that process group killed.
  private func end(
    _ entry: Running, status: Int32, reports: SharedReports, buffer: inout [UInt8]
  ) {
    read(entry, into: &buffer)
    if entry.child.stdout >= 0 || entry.child.stderr >= 0 {
      entry.child.kill()
      for fd in [entry.child.stdout, entry.child.stderr] where fd >= 0 { SystemIO.close(fd) }
    }
    entry.run.milliseconds = Int((Self.now() - entry.started) / 1_000_000)
    entry.run.report = reports.report(at: entry.slot)
    (entry.run.errors, entry.run.errorsLeftOut) = reports.errors(at: entry.slot)
    reports.clear(at: entry.slot)
    if entry.timedOut {
      entry.run.ending = .timedOut
    } else if status & 0x7F == 0 {
      entry.run.ending = .exited((status >> 8) & 0xFF)
    } else {
      entry.run.ending = .signaled(status & 0x7F)
    }
  }

  /// Kills a child and waits for it (an interrupt stops the run).
  private func stop(_ entry: Running) {
    entry.child.kill()
    if entry.status == nil { _ = ProcessControl.reap(entry.child.pid) }
    for fd in [entry.child.stdout, entry.child.stderr] where fd >= 0 { SystemIO.close(fd) }
  }

  /// Nanoseconds of the monotonic clock.
  static func now() -> UInt64 {
    MonotonicClock.now()
  }
}
