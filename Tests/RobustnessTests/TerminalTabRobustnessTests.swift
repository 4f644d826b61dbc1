import Foundation
import TestSupport
import Testing

/// Terminal tabs in the built shell's full-screen mode on a pseudo-terminal (docs/Contract.md,
/// "Terminal tabs"): a hostile program leaves the shell responsive and the real terminal untouched,
/// and tabs opened and closed leave no descriptor, process or zombie behind.
@Suite(.serialized) struct TerminalTabRobustnessTests {
  /// What the hostile program writes, over and over: the clipboard (OSC 52), titles (OSC 0 and 2),
  /// mode sets (the alternate screen, the mouse, bracketed paste, focus events), DCS strings (a
  /// terminfo query, a status request, one never ended), queries, huge CSI parameters, a reset,
  /// repeats with nothing to repeat, 8-bit controls and invalid UTF-8.
  static let flood: [UInt8] = {
    let sequences = [
      "\u{1B}]52;c;SE9TVElMRQ==\u{7}", "\u{1B}]0;HOSTILE-TITLE\u{7}",
      "\u{1B}]2;HOSTILE-TITLE\u{1B}\\", "\u{1B}[?1049h", "\u{1B}[?1000h\u{1B}[?1006h",
      "\u{1B}[?2004h", "\u{1B}[?1004h", "\u{1B}P+q544e\u{1B}\\", "\u{1B}P$qm\u{1B}\\",
      "\u{1B}[6n\u{1B}[c\u{1B}[>c", "\u{1B}[99999999999999999999;99999999999999999999H",
      "\u{1B}[" + String(repeating: "9;", count: 2_000) + "m", "\u{1B}[?99999999999999999h",
      "\u{1B}]1337;File=inline=1:AAAA\u{7}", "\u{1B}_APC\u{1B}\\", "\u{1B}c", "\u{1B}[5b",
      "text 世界 ", "\u{301}\u{1B}[99b",
      "\u{1B}P", String(repeating: "x", count: 300), "\u{1B}\\",
    ]
    var bytes = Array(sequences.joined().utf8)
    // 8-bit CSI and OSC, overlong and surrogate encodings, stray continuation bytes.
    bytes += [0x9B, 0x33, 0x31, 0x6D, 0x9D, 0x30, 0x3B, 0x78, 0x07, 0xC0, 0x80, 0xED, 0xA0, 0x80]
    bytes += [0xFF, 0xFE, 0x80, 0xBF, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x0A]
    return bytes
  }()

  @Test func aHostileProgramLeavesTheShellResponsiveAndTheTerminalUntouched() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(Self.flood).write(to: URL(fileURLWithPath: directory + "/flood"))
    // For 10 s: random bytes and the flood, taking turns; then it says it is done.
    try """
    end=$(($(date +%s) + 10))
    while [ "$(date +%s)" -lt "$end" ]; do
      head -c 65536 /dev/urandom
      for i in 1 2 3 4 5 6 7 8; do cat flood flood flood flood; done
    done
    : > done
    exec sleep 100
    """.write(toFile: directory + "/hostile.sh", atomically: true, encoding: .utf8)
    let shell = try FullScreenProcess(in: directory)
    #expect(shell.wait(for: "Home", after: 0, seconds: 20) != nil, "no first frame")
    shell.type("add-tab terminal --id hostile --cwd \(directory) -- sh hostile.sh\r")
    shell.read(milliseconds: 200)
    // Shown, the tab takes the focus: the prefix key, then `:`, reach the command line, which
    // keeps it.
    shell.type("tab hostile\r")
    let started = Date()
    shell.read(milliseconds: 300)
    shell.type("\u{2}:")
    var answers: [Double] = []
    var number = 0
    while Date().timeIntervalSince(started) < 9 {
      number += 1
      answers.append(Self.answer(shell, number))
      shell.read(milliseconds: 500)
    }
    #expect(number >= 5)
    #expect(answers.allSatisfy { $0 < 5 }, "answers during the flood took \(answers) s")
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: directory + "/done"), Date() < deadline {
      shell.read(milliseconds: 100)
    }
    #expect(FileManager.default.fileExists(atPath: directory + "/done"), "the flood did not end")
    shell.read(milliseconds: 500)
    let after = Self.answer(shell, number + 1)
    #expect(after < 2, "answered after \(after) s")
    shell.type("quit --force\r")
    let status = shell.waitForExit(seconds: 10)
    // Seen once as 6 (SIGABRT) in a whole run, not since: what the shell last drew says why.
    #expect(
      status == 0,
      "wait status \(status.map(String.init) ?? "none"); the shell's last output: \(FullScreenProcess.visibleText(shell.output.suffix(4000)))"
    )
    for problem in Self.passedThrough(shell.output) {
      Issue.record("reached the real terminal: \(problem)")
    }
  }

  /// Types a command whose answer is ten times the letter of `number` (`A` for 1...) and waits
  /// for the answer to be drawn; the seconds it took (10 when it was not). The command is typed
  /// with escapes (`\u{41}`), so that only its answer shows the letters; a letter other than the
  /// last answer's, so that the frame writes all of it.
  static func answer(
    _ shell: FullScreenProcess, _ number: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Double {
    let code = 0x41 + (number - 1) % 26
    let letter = String(UnicodeScalar(UInt8(code)))
    let escape = "\\u{" + String(code, radix: 16) + "}"
    let start = shell.output.count
    shell.type("echo \"" + String(repeating: escape, count: 10) + "\"\r")
    let answered = shell.wait(
      for: String(repeating: letter, count: 10), after: start, seconds: 10)
    #expect(answered != nil, "no answer to command \(number)", sourceLocation: sourceLocation)
    return answered ?? 10
  }

  @Test func aHundredTabsOpenedAndClosedLeaveNoDescriptorProcessOrZombie() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Each program writes its pid (its process group's) and starts a second process in its group;
    // one in four ignores SIGHUP, so that closing it takes the SIGKILL 2 s later.
    var lines: [String] = []
    for number in 1...100 {
      let ignore = number % 4 == 0 ? #"trap "" HUP; "# : ""
      lines.append(
        "add-tab terminal --id t\(number) -- sh -c '\(ignore)echo $$$$ >> \(directory)/pids; sleep 100 & "
          + "echo started; wait'")
      lines.append("wait-for --to t\(number) started")
      lines.append("close-tab t\(number)")
    }
    lines.append("echo ZZZZZZZZZZ")
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: directory + "/tabs.tabsh", atomically: true, encoding: .utf8)
    let shell = try FullScreenProcess(in: directory)
    #expect(shell.wait(for: "Home", after: 0, seconds: 20) != nil, "no first frame")
    shell.read(milliseconds: 200)
    let before = openDescriptors(of: shell.pid)
    #expect(children(of: shell.pid).isEmpty)
    shell.type("source \(directory)/tabs.tabsh\r")
    // (What only this answer draws: the frame writes only the cells that change.)
    #expect(shell.wait(for: "ZZZZZZZZZZ", after: 0, seconds: 120) != nil)
    let pids = try String(contentsOfFile: directory + "/pids", encoding: .utf8)
      .split(separator: "\n").compactMap { Int32($0) }
    #expect(pids.count == 100)
    // The last ones ignoring SIGHUP are killed 2 s after their close.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      !children(of: shell.pid).isEmpty
        || pids.contains(where: { !liveMembers(ofGroup: $0).isEmpty })
    {
      shell.read(milliseconds: 100)
    }
    #expect(children(of: shell.pid).map(\.pid) == [], "children left (or zombies)")
    for pid in pids { #expect(liveMembers(ofGroup: pid) == [], "process group \(pid) left") }
    #expect(openDescriptors(of: shell.pid).sorted() == before.sorted())
    shell.type("quit\r")
    #expect(shell.waitForExit(seconds: 10) == 0)
  }

  @Test func aProgramThatIgnoresSIGHUPDoesNotOutliveAKilledShell() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let pidFile = directory + "/pid"
    try """
    add-tab terminal --id t -- sh -c 'trap "" HUP; echo $$$$ > \(pidFile).new; mv \(pidFile).new \(pidFile); exec sleep 100'
    sleep 100

    """.write(toFile: directory + "/t.tabsh", atomically: true, encoding: .utf8)
    let shell = try SpawnedProcess([directory + "/t.tabsh"])
    let deadline = Date().addingTimeInterval(20)
    var text: String?
    while text == nil, Date() < deadline {
      text = try? String(contentsOfFile: pidFile, encoding: .utf8)
      if text == nil { usleep(20_000) }
    }
    let program = try #require(
      text.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    defer { kill(program, SIGKILL) }
    #expect(processState(program) != nil)
    kill(shell.pid, SIGKILL)
    #expect(shell.wait(timeout: 10))
    let gone = Date().addingTimeInterval(5)
    while Date() < gone, let state = processState(program), state != "Z" { usleep(20_000) }
    let state = processState(program)
    #expect(state == nil || state == "Z", "the program outlived the shell (state \(state ?? "-"))")
  }

  /// What in the shell's output to its terminal the program wrote past the cells: any escape
  /// sequence but CSI, a DEC private mode other than the cursor's and the synchronized update's
  /// set more than the one time entering and leaving the mode do, C1 controls, invalid UTF-8.
  static func passedThrough(_ output: [UInt8]) -> [String] {
    // The shell's own questions for the terminal's default colours, asked once as it opens, are
    // not the program's: any other OSC is.
    var output = output
    let questions = Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8)
    if let asked = output.firstRange(of: questions) { output.removeSubrange(asked) }
    var problems: Set<String> = []
    var modes: [String: Int] = [:]
    var index = 0
    while index < output.count {
      guard output[index] == 0x1B else {
        index += 1
        continue
      }
      let next = index + 1 < output.count ? output[index + 1] : 0
      guard next == UInt8(ascii: "[") else {
        problems.insert("ESC \(Unicode.Scalar(next).escaped(asASCII: true))")
        index += 2
        continue
      }
      var end = index + 2
      while end < output.count, !(0x40...0x7E).contains(output[end]) { end += 1 }
      let sequence = String(
        decoding: output[(index + 2)..<min(end + 1, output.count)], as: UTF8.self)
      if sequence.hasPrefix("?"), !["?25h", "?25l", "?2026h", "?2026l"].contains(sequence) {
        modes[sequence, default: 0] += 1
      }
      index = end + 1
    }
    for (mode, count) in modes where count > 1 { problems.insert("CSI \(mode) \(count) times") }
    guard let text = String(validating: output, as: UTF8.self) else {
      return problems.sorted() + ["invalid UTF-8"]
    }
    if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
      problems.insert("a C1 control")
    }
    return problems.sorted()
  }
}
