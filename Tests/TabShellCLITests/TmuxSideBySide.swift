import Foundation
import TabShellKit
import TabShellPlatform

@testable import TabShellTerminalScreen

/// A program run in tmux 3.3a and in a terminal tab's session at the same size, resized together
/// (tmux's window set to the size, the tab's terminal resized), and read back as each shows it: the
/// screen (``StyledScreen``) and the lines kept above it, as text.
final class TmuxSideBySide {
  /// What one side shows.
  struct Shown: Equatable, CustomStringConvertible {
    var history: [String]
    var screen: StyledScreen

    var description: String {
      history.map { "  | \($0)" }.joined(separator: "\n") + "\n" + screen.description
    }
  }

  let folder: String
  let socket: String
  let session: TerminalSession
  private(set) var columns: Int
  private(set) var rows: Int

  /// Starts `program` (a `sh -c` script) on both sides at `columns` × `rows`, with `environment`
  /// added (`TERM=xterm-256color` on both); with `go`, `$GO` names a file that ``go()`` makes,
  /// for a program that waits for it.
  init(
    program: String, columns: Int, rows: Int, environment: [String: String] = [:],
    go: Bool = false
  ) throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-side-\(UUID().uuidString)").path
    // Each side in a folder of its own, for the files its program writes.
    for side in ["tmux", "tab"] {
      try FileManager.default.createDirectory(
        atPath: folder + "/" + side, withIntermediateDirectories: true)
    }
    var environment = environment
    if go { environment["GO"] = folder + "/go" }
    socket = folder + "/tmux.sock"
    self.columns = columns
    self.rows = rows
    var arguments = [
      "-f", "/dev/null", "start-server", ";", "set", "-g", "default-terminal", "xterm-256color",
      ";", "new-session", "-d", "-c", folder + "/tmux", "-x", "\(columns)", "-y", "\(rows)",
    ]
    for (name, value) in environment { arguments += ["-e", "\(name)=\(value)"] }
    arguments += ["sh", "-c", program, ";", "set", "-g", "window-size", "manual"]
    try TmuxPane.tmux(socket, arguments, output: false)
    var variables = ["TERM=xterm-256color", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(folder)"]
    variables += environment.map { "\($0.key)=\($0.value)" }
    session = try TerminalSession(
      program: "/bin/sh", arguments: ["-c", program], environment: variables,
      directory: folder + "/tab",
      rows: rows, columns: columns, scrollback: 1_000)
  }

  deinit {
    session.hangUp()
    session.kill()
    session.reap()
    _ = try? TmuxPane.tmux(socket, ["kill-server"], output: false)
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Makes the file `$GO` names.
  func go() throws {
    try "".write(toFile: folder + "/go", atomically: false, encoding: .utf8)
  }

  /// Sends keys by tmux's names to both; a word that names no key is typed as text, as tmux's
  /// `send-keys` types it.
  func send(_ keys: [String]) throws {
    try TmuxPane.tmux(socket, ["send-keys"] + keys, output: false)
    for key in keys {
      guard let parsed = Key(name: key), let terminalKey = TerminalKey(parsed) else {
        session.send(Array(key.utf8))
        continue
      }
      switch terminalKey {
      case .key(let key, let modifiers): session.emulator.key(key, modifiers: modifiers)
      case .character(let scalar, let modifiers):
        session.emulator.character(scalar, modifiers: modifiers)
      case .bytes(let bytes): session.send(bytes)
      }
    }
  }

  /// Resizes both.
  func resize(columns: Int, rows: Int) throws {
    self.columns = columns
    self.rows = rows
    try TmuxPane.tmux(
      socket, ["resize-window", "-x", "\(columns)", "-y", "\(rows)"], output: false)
    session.resize(rows: rows, columns: columns)
  }

  /// Both sides once neither changed for 300 ms (at most 20 s).
  func shown() throws -> (tab: Shown, tmux: Shown) {
    let deadline = Date().addingTimeInterval(20)
    var last: (Shown, Shown)?
    while Date() < deadline {
      let start = Date()
      while Date().timeIntervalSince(start) < 0.3 {
        _ = SystemIO.pollReadable(session.descriptors, milliseconds: 20)
        _ = session.takeIn(limit: 1 << 20)
      }
      let now = (tab(), try tmux())
      if let last, last.0 == now.0, last.1 == now.1 { return now }
      last = now
    }
    throw TmuxFailure(message: "the two sides did not settle")
  }

  /// The tab's side.
  private func tab() -> Shown {
    let emulator = session.emulator
    let history = (0..<emulator.scrollback.count).map { emulator.keptText($0) }
    return Shown(history: history, screen: TmuxComparisonTests.draw(emulator))
  }

  /// What a tmux command printed, tried again a few times (a loaded machine's server may not
  /// answer the first time).
  private func ask(_ arguments: [String]) throws -> String {
    for _ in 0..<4 {
      if let answer = try? TmuxPane.tmux(socket, arguments) { return answer }
      Thread.sleep(forTimeInterval: 0.2)
    }
    return try TmuxPane.tmux(socket, arguments)
  }

  /// tmux's side.
  private func tmux() throws -> Shown {
    let capture = try ask(["capture-pane", "-p", "-e"])
    let cursor = try ask(["display", "-p", "#{cursor_y} #{cursor_x}"])
    let size = try ask(["display", "-p", "#{history_size}"])
    var history: [String] = []
    if let count = Int(size.trimmingCharacters(in: .whitespacesAndNewlines)), count > 0 {
      let text = try ask(["capture-pane", "-p", "-S", "-\(count)", "-E", "-1"])
      history = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }
    }
    return Shown(
      history: history,
      screen: StyledScreen(tmuxCapture: capture, cursor: cursor, columns: columns))
  }
}
