import Foundation
@_spi(Host) import TabShellKit
import Testing

@testable import TabShellTerminalScreen

/// Input to a terminal tab reaches its program whole and in order, however large, and a paste
/// cannot act on the program through the controls in its text (docs/Contract.md, "Terminal
/// tabs").
@Suite(.serialized) struct TerminalInputTests {
  /// Starts a program that reads `count` bytes in raw mode (after turning bracketed paste on when
  /// `bracketed`, or writing `ready`, a command) into a file, sends it `input` (and `next`), and
  /// returns what it read.
  static func read(
    _ count: Int, after input: ScreenInput, then next: ScreenInput? = nil, bracketed: Bool = false,
    asking ready: String? = nil
  ) throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("read").path
    let done = folder.appendingPathComponent("done").path
    let shell = TerminalTabTests.Harness()
    let ready = ready ?? (bracketed ? #"printf "\033[?2004hready""# : "printf ready")
    #expect(
      shell.run(
        "add-tab terminal --id r -- sh -c 'stty raw -echo; \(ready); head -c \(count) > \(file);"
          + " touch \(done); exec sleep 100'"))
    shell.wait(for: "ready", in: "r")
    #expect(shell.send(input, to: "r"))
    if let next { #expect(shell.send(next, to: "r")) }
    shell.wait(seconds: 20) { FileManager.default.fileExists(atPath: done) }
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
  }

  /// 70,000 characters, with no newline (a terminal in canonical mode keeps 4,095 of a line).
  static let large = String((0..<70_000).map { Character(Unicode.Scalar(0x21 + $0 % 90)!) })

  @Test func textOverSixtyFourKiBReachesTheProgramWholeAndInOrder() throws {
    #expect(
      try Self.read(70_000, after: .text(Self.large, isPaste: false)) == Array(Self.large.utf8))
  }

  @Test func aPasteOverSixtyFourKiBReachesTheProgramWholeInItsBrackets() throws {
    let expected = Array("\u{1B}[200~\(Self.large)\u{1B}[201~".utf8)
    let read = try Self.read(
      expected.count, after: .text(Self.large, isPaste: true), bracketed: true)
    #expect(read == expected)
  }

  @Test func aPastedEndMarkerCannotEndThePaste() throws {
    let text = "a\u{1B}[201~echo PWNED\u{D}\u{3}b\nc\td\u{7F}\u{9B}e"
    let expected = Array("\u{1B}[200~a[201~echo PWNED\rb\rc\tde\u{1B}[201~".utf8)
    let read = try Self.read(expected.count, after: .text(text, isPaste: true), bracketed: true)
    #expect(String(decoding: read, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
  }

  @Test(arguments: [
    ("plain text, é 字", "plain text, é 字"),
    ("two\nlines\r\n", "two\rlines\r\r"),
    ("\u{1B}[201~\u{1B}]52;c;eA==\u{7}", "[201~]52;c;eA=="),
    ("\u{0}\u{8}\u{1B}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}", "\u{A0}"),
  ])
  func aPastesControlsAreLeftOut(_ text: String, _ sent: String) {
    #expect(TerminalScreen.pasted(text) == Array(sent.utf8))
  }

  @Test func inputPastTheLimitIsRefusedWhole() throws {
    let session = try TerminalSession(
      program: "/bin/sleep", arguments: ["100"], environment: [], directory: nil, rows: 4,
      columns: 20, scrollback: 10)
    defer {
      session.hangUp()
      session.kill()
      session.reap()
    }
    session.send([UInt8](repeating: 0x61, count: TerminalSession.inputLimit - 100))
    // Held until written, as the shell's next wait writes it (``TerminalSessions``); what the
    // terminal did not take is left to the rounds, not tried again at each wait.
    #expect(session.holdsInput)
    session.flush()
    #expect(!session.holdsInput && session.hasPendingInput)
    // The terminal took some: its buffers (64 KiB of flip buffers), and as much as the kernel's
    // worker moved into the line discipline meanwhile, which in canonical mode goes on taking
    // (and dropping) what a full line cannot hold: up to 128 KiB here on a quiet machine, 340 KiB
    // once beside a build. Most waits, and so do the next 100.
    let waiting = session.pendingCount
    #expect(waiting > TerminalSession.inputLimit / 2)
    #expect(session.hasRoom(for: TerminalSession.inputLimit - waiting))
    #expect(!session.hasRoom(for: TerminalSession.inputLimit - waiting + 1))
    session.send([UInt8](repeating: 0x62, count: TerminalSession.inputLimit - waiting + 1))
    #expect(session.pendingCount == waiting)
  }
}

extension TerminalInputTests {
  /// A key is written to the program when the shell next waits, after everything else the key
  /// set off (docs/Architecture.md): held until then, written as the wait asks for the
  /// descriptors.
  @Test func aKeyIsWrittenWhenTheShellNextWaits() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let done = folder.appendingPathComponent("done").path
    let shell = TerminalTabTests.Harness()
    #expect(
      shell.run(
        "add-tab terminal --id r -- sh -c 'stty raw -echo; printf ready; head -c 1 > /dev/null;"
          + " touch \(done); exec sleep 100'"))
    shell.wait(for: "ready", in: "r")
    let sessions = try #require(shell.sessions)
    #expect(shell.send(.text("x", isPaste: false), to: "r"))
    // Not written yet: the program, which would have read it by now, has not.
    Thread.sleep(forTimeInterval: 0.3)
    #expect(!FileManager.default.fileExists(atPath: done))
    _ = sessions.descriptors
    #expect(shell.wait { FileManager.default.fileExists(atPath: done) })
  }

  @Test func theFocusIsReportedToAProgramThatAsked() throws {
    let read = try Self.read(
      6, after: .focus(false), then: .focus(true), asking: #"printf "\033[?1004hready""#)
    #expect(read == Array("\u{1B}[O\u{1B}[I".utf8))
  }
}
