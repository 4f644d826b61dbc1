import TabShellPlatform

/// `pipe --to ID COMMAND` (docs/Contract.md, "Copy mode, buffers and the clipboard"): `/bin/sh -c
/// COMMAND` in a process group of its own, its stdin a pipe that gets the program's output as it
/// comes, its stdout and stderr `/dev/null`, no other descriptor of the shell's. The shell never
/// waits on it: what the pipe does not take now waits, up to ``limit`` bytes (more is dropped and
/// counted), and is written at the next rounds; a reader that is gone closes it.
///
/// Isolation: used on the thread that owns the shell.
final class TerminalPipe {
  /// The most bytes kept for a reader that does not keep up: 1 MiB.
  static let limit = 1 << 20

  /// The command, as given.
  let command: String
  /// Its shell's pid, also its process group's.
  let pid: Int32
  /// The pipe's end this shell writes (non-blocking, close-on-exec), or -1 once closed.
  private(set) var descriptor: Int32
  private var pending: [UInt8] = []
  /// How many bytes were dropped for a reader that did not keep up.
  private(set) var dropped = 0

  /// Starts `command`; throws the system's error when it cannot.
  init(command: String) throws(SystemError) {
    self.command = command
    let ends = try SystemIO.makePipe()
    let null = SystemIO.openNullDevice()
    defer {
      SystemIO.close(ends.read)
      if null >= 0 { SystemIO.close(null) }
    }
    do {
      pid = try ProcessControl.spawn(
        executable: "/bin/sh", arguments: ["-c", command], environment: nil, stdin: ends.read,
        stdout: null >= 0 ? null : ends.read, stderr: null >= 0 ? null : ends.read)
    } catch {
      SystemIO.close(ends.write)
      throw error
    }
    descriptor = ends.write
    SystemIO.setNonBlocking(descriptor)
  }

  /// Whether bytes wait for the reader.
  var hasPending: Bool { descriptor >= 0 && !pending.isEmpty }

  /// Hands on the program's output: what waits first, then `bytes`, as far as the pipe takes them
  /// now; the rest waits, up to ``limit``.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard descriptor >= 0 else { return }
    flush()
    var rest = bytes
    if pending.isEmpty {
      switch SystemIO.writeSome(descriptor, bytes) {
      case .wrote(let count): rest = UnsafeRawBufferPointer(rebasing: bytes[count...])
      case .closed:
        close()
        return
      }
    }
    let room = max(0, Self.limit - pending.count)
    pending.append(contentsOf: rest.prefix(room))
    dropped += max(0, rest.count - room)
  }

  /// Writes what waits, as far as the pipe takes it now.
  func flush() {
    guard descriptor >= 0, !pending.isEmpty else { return }
    switch pending.withUnsafeBytes({ SystemIO.writeSome(descriptor, $0) }) {
    case .wrote(let count): pending.removeFirst(count)
    case .closed: close()
    }
  }

  /// Closes the pipe: the command reads to its end, and what waited is dropped.
  func close() {
    guard descriptor >= 0 else { return }
    SystemIO.close(descriptor)
    descriptor = -1
    pending = []
  }

  /// Reaps the command if it ended; whether it has.
  func reapIfEnded() -> Bool {
    ProcessControl.reapIfEnded(pid) != nil
  }

  /// Kills the command's process group, and reaps it.
  func kill() {
    ProcessControl.signalGroup(pid, Signal.kill)
    _ = ProcessControl.reap(pid)
  }
}
