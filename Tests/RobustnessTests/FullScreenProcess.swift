import Foundation
import TestSupport

/// The built `tabshell --tui` (or other arguments: `attach`...) on a pseudo-terminal of its own, as
/// a user's terminal runs it: the test types at the terminal's primary end and reads everything the
/// shell writes to it, raw (the bytes that would reach the real terminal).
final class FullScreenProcess {
  let pid: pid_t
  /// The terminal's primary end: what the test types, where the shell's output comes.
  let terminal: Int32
  /// Everything read from the terminal so far.
  private(set) var output: [UInt8] = []
  private var reaped = false

  /// Starts `tabshell ARGUMENTS` (`--tui --norc` by default) on a terminal of `columns` × `rows`,
  /// its home `directory`; `XDG_RUNTIME_DIR` (where sessions' sockets are) is `directory/run`.
  init(
    in directory: String, columns: UInt16 = 80, rows: UInt16 = 24,
    arguments: [String] = ["--tui", "--norc"]
  ) throws {
    guard let binary = TabShellProcess.binary else {
      throw RobustnessError("no tabshell binary next to the tests; build it or set TABSHELL_BINARY")
    }
    var primary: Int32 = -1
    var secondary: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
      throw RobustnessError("openpty: errno \(errno)")
    }
    _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, secondary, target) }
    posix_spawn_file_actions_addclose(&actions, secondary)
    let spawned = spawnAsAShellWould(
      binary, arguments,
      environment: [
        "HOME=\(directory)", "XDG_CONFIG_HOME=\(directory)/config",
        "XDG_RUNTIME_DIR=\(directory)/run",
        "XDG_STATE_HOME=\(directory)/state", "PATH=/usr/bin:/bin", "TERM=xterm-256color",
        "SHELL=/bin/sh", "SWIFT_BACKTRACE=enable=no",
      ],
      actions: &actions)
    close(secondary)
    terminal = primary
    do {
      pid = try spawned.get()
    } catch {
      close(primary)
      throw error
    }
  }

  deinit {
    if !reaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(terminal)
  }

  /// Gives the terminal a new size (the caller sends SIGWINCH: the program is not the terminal's
  /// foreground process group).
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
  }

  /// Types `text` at the terminal.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Reads what the shell wrote for up to `milliseconds` (less once something came and then
  /// nothing for 20 ms); whether anything came.
  @discardableResult
  func read(milliseconds: Int32) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
    var came = false
    var wait = milliseconds
    while poll(&descriptor, 1, wait) == 1 {
      let count = Glibc.read(terminal, &buffer, buffer.count)
      guard count > 0 else { break }
      output += buffer[..<count]
      came = true
      wait = 20
    }
    return came
  }

  /// Reads until the text the shell drew since byte `start` of ``output`` (escape sequences left
  /// out) holds `text`, or `seconds` pass; the seconds it took, or `nil`.
  func wait(for text: String, after start: Int, seconds: Double) -> Double? {
    let begin = Date()
    while Date().timeIntervalSince(begin) < seconds {
      if Self.visibleText(output[min(start, output.count)...]).contains(text) {
        return Date().timeIntervalSince(begin)
      }
      read(milliseconds: 50)
    }
    return nil
  }

  /// Waits up to `seconds` for the shell to end; its status, or `nil` if it did not.
  func waitForExit(seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      read(milliseconds: 20)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        reaped = true
        read(milliseconds: 20)
        return status
      }
    }
    return nil
  }

  /// The text drawn in `bytes`: escape sequences (CSI, and any other ESC and the byte after it)
  /// left out.
  static func visibleText(_ bytes: ArraySlice<UInt8>) -> String {
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == 0x1B else {
        kept.append(byte)
        index += 1
        continue
      }
      index += 1
      if index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") {
        index += 1
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
      }
      index += 1
    }
    return String(decoding: kept, as: UTF8.self)
  }
}

/// The descriptors a process has open, from `/proc/PID/fd`.
func openDescriptors(of pid: pid_t) -> [String] {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
}

/// The processes whose parent is `pid`, each with its state letter (`Z` for a zombie).
func children(of pid: pid_t) -> [(pid: Int, state: String)] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry in
    guard let child = Int(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, fields[1] == "\(pid)" else { return nil }
    return (child, String(fields[0]))
  }
}
