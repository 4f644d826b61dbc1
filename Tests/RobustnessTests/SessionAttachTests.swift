import Foundation
import TestSupport
import Testing

/// Sessions' attached clients as users run them (docs/Contract.md, "Sessions"): the built
/// `tabshell --session NAME --tui` and `tabshell attach NAME` on pseudo-terminals of their own,
/// a real server and real sockets.
@Suite(.serialized) struct SessionAttachTests {
  /// A home folder with a private runtime folder for the sockets.
  static func home() throws -> String {
    let directory = try TabShellProcess.makeDirectory()
    try FileManager.default.createDirectory(
      atPath: directory + "/run", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    return directory
  }

  /// `typist` types `line` and Return: what `watcher` had written before (its output's length),
  /// and whether it shows `text` after that within 5 s.
  static func type(
    _ line: String, by typist: FullScreenProcess, until text: String, in watcher: FullScreenProcess
  ) -> (mark: Int, shown: Bool) {
    let mark = watcher.output.count
    typist.type(line + "\r")
    return (mark, watcher.wait(for: text, after: mark, seconds: 5) != nil)
  }

  /// `process` types `line` and Return, then waits up to 5 s for it to end; its wait status.
  static func leave(_ process: FullScreenProcess, typing line: String) -> Int32? {
    process.type(line + "\r")
    return process.waitForExit(seconds: 5)
  }

  /// Two terminals on one session: what one types the other sees; `detach` gives the first its
  /// terminal back (status 0, the message, the main screen); `exit 4` in the other ends the
  /// session with status 4 and its message.
  @Test func twoTerminalsDetachAndExit() throws {
    let directory = try Self.home()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try FullScreenProcess(in: directory, arguments: ["--session", "w", "--tui"])
    #expect(first.wait(for: "tabshell:home>", after: 0, seconds: 10) != nil)
    let second = try FullScreenProcess(
      in: directory, columns: 100, rows: 30, arguments: ["attach", "w"])
    #expect(second.wait(for: "tabshell:home>", after: 0, seconds: 10) != nil)
    let (mark, badged) = Self.type("badge 1 7", by: second, until: "(7)", in: first)
    #expect(badged)
    let detached = Self.leave(first, typing: "detach")
    #expect(detached.map { $0 >> 8 } == 0)
    let end = FullScreenProcess.visibleText(first.output[mark...])
    #expect(end.hasSuffix("[detached from session w]\r\n"))
    #expect(first.output.suffix(120).contains(Array("\u{1B}[?1049l".utf8)))
    // The session goes on for the other terminal.
    let (before, badgedAgain) = Self.type("badge 2 99", by: second, until: "(99)", in: second)
    #expect(badgedAgain)
    let exited = Self.leave(second, typing: "exit 4")
    #expect(exited.map { $0 >> 8 } == 4)
    #expect(
      FullScreenProcess.visibleText(second.output[before...])
        .hasSuffix("[session w exited with status 4]\r\n"))
  }

  /// SIGHUP to a client (its terminal closed) detaches it: the session goes on, and a terminal
  /// attached again finds what the first left.
  @Test func aHangUpDetachesAndTheSessionGoesOn() throws {
    let directory = try Self.home()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try FullScreenProcess(in: directory, arguments: ["--session", "w", "--tui"])
    #expect(first.wait(for: "tabshell:home>", after: 0, seconds: 10) != nil)
    first.type("tab 2\r")
    // Only the cells that changed are written: the prompt's screen.
    #expect(first.wait(for: "feed", after: 0, seconds: 5) != nil)
    kill(first.pid, SIGHUP)
    #expect(first.waitForExit(seconds: 5).map { $0 >> 8 } == 0)
    let second = try FullScreenProcess(in: directory, arguments: ["attach"])
    #expect(second.wait(for: "tabshell:feed>", after: 0, seconds: 10) != nil)
    // A new size is drawn at that size.
    let mark = second.output.count
    second.resize(columns: 60, rows: 20)
    kill(second.pid, SIGWINCH)
    #expect(second.wait(for: "tabshell:feed>", after: mark, seconds: 5) != nil)
    #expect(Self.leave(second, typing: "quit").map { $0 >> 8 } == 0)
  }
}
