import Foundation
import TestSupport

/// The built `tabshell`: `$TABSHELL_BINARY`, else the one beside the core library the tests use.
func tabshellBinary() throws -> String {
  if let path = ProcessInfo.processInfo.environment["TABSHELL_BINARY"] { return path }
  guard let core = hostCoreLibraries().first else {
    throw BuildFailure(description: "libTabShellKit.so is not loaded in the test process")
  }
  return (core as NSString).deletingLastPathComponent + "/tabshell"
}

/// A child process started as a shell starts it (``spawnAsAShellWould``), its stdin, stdout and stderr on `terminal` (a pseudo-terminal's
/// secondary side) or on two pipes; its output is read to the end.
struct SpawnedRun {
  /// What it wrote: stdout (or the terminal), and stderr (empty with a terminal).
  var output = ""
  var errors = ""
  /// The wait status.
  var status: Int32 = 0
  /// Whether the time limit ran out (then it was killed).
  var timedOut = false
  /// Seconds from the signal sent after the answer (see `init`) to the end of the output.
  var endedAfterSignal: Double?

  var signal: Int32? { status & 0x7f == 0 ? nil : status & 0x7f }
  var exitStatus: Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }

  /// Runs `arguments` with `environment`; on a new pseudo-terminal when `terminal`. When the output
  /// shows `answer.prompt`, `answer.keys` are typed (to end a wait for a key).
  init(
    _ arguments: [String], environment: [String], terminal: Bool, timeout: Double = 60,
    answer: (prompt: String, keys: String)? = nil,
    thenSignal: (afterSeconds: Double, signal: Int32)? = nil
  ) throws {
    let binary = try tabshellBinary()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var readEnds: [Int32] = []
    var childEnds: [Int32] = []
    if terminal {
      // openpty(3) is in the C library (glibc 2.34 and later) but not in Swift's view of it.
      typealias OpenPTY =
        @convention(c) (
          UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?,
          UnsafeRawPointer?, UnsafeRawPointer?
        ) -> Int32
      var primary: Int32 = -1
      var secondary: Int32 = -1
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "openpty"),
        unsafeBitCast(symbol, to: OpenPTY.self)(&primary, &secondary, nil, nil, nil) == 0
      else { throw BuildFailure(description: "no pseudo-terminal") }
      for descriptor in [primary, secondary] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      for descriptor: Int32 in 0...2 {
        posix_spawn_file_actions_adddup2(&actions, secondary, descriptor)
      }
      readEnds = [primary]
      childEnds = [secondary]
    } else {
      var out: [Int32] = [-1, -1]
      var err: [Int32] = [-1, -1]
      guard pipe(&out) == 0, pipe(&err) == 0 else { throw BuildFailure(description: "pipe") }
      // Close-on-exec: a child that another test starts meanwhile must not keep these open.
      for descriptor in out + err { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, out[1], 1)
      posix_spawn_file_actions_adddup2(&actions, err[1], 2)
      readEnds = [out[0], err[0]]
      childEnds = [out[1], err[1]]
    }
    for descriptor in readEnds + childEnds {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let spawned = spawnAsAShellWould(
      binary, arguments, environment: environment, actions: &actions)
    for descriptor in childEnds { close(descriptor) }
    let child = try spawned.get()

    var collected = readEnds.map { _ in Data() }
    var open = readEnds
    var answered: Date?
    var signalled: Date?
    let deadline = Date().addingTimeInterval(timeout)
    while !open.isEmpty, Date() < deadline {
      var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      guard poll(&polled, nfds_t(polled.count), 100) >= 0 || errno == EINTR else { break }
      for entry in polled where entry.revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(entry.fd, &buffer, buffer.count)
        let index = readEnds.firstIndex(of: entry.fd) ?? 0
        if count > 0 {
          collected[index].append(contentsOf: buffer[..<count])
        } else {
          open.removeAll { $0 == entry.fd }  // The end (EIO on a terminal whose child is gone).
        }
      }
      if let answer, answered == nil,
        String(decoding: collected[0], as: UTF8.self).contains(answer.prompt)
      {
        answered = Date()
        _ = answer.keys.withCString { write(readEnds[0], $0, strlen($0)) }
      }
      if let thenSignal, signalled == nil, let answered,
        Date().timeIntervalSince(answered) >= thenSignal.afterSeconds
      {
        signalled = Date()
        kill(child, thenSignal.signal)
      }
    }
    if let signalled, open.isEmpty { endedAfterSignal = Date().timeIntervalSince(signalled) }
    timedOut = !open.isEmpty
    if timedOut { kill(child, SIGKILL) }
    waitpid(child, &status, 0)
    for descriptor in readEnds { close(descriptor) }
    output = String(decoding: collected[0], as: UTF8.self)
    errors = collected.count > 1 ? String(decoding: collected[1], as: UTF8.self) : ""
  }
}
