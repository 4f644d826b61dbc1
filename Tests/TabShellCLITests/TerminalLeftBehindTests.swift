import Foundation
import TabShellPlatform
import Testing

/// What a terminal tab's program leaves in its session when it ends first (a process in its
/// process group that ignores SIGHUP, a job in a group of its own) ends with the tab: SIGHUP when
/// the tab closes, SIGKILL 2 s later (docs/Contract.md, "Terminal tabs").
@Suite(.serialized) struct TerminalLeftBehindTests {
  /// Whether the process `pid` has ended (gone, or a zombie its new parent has not reaped).
  static func hasEnded(_ pid: Int32) -> Bool {
    ProcessStat(pid).map { $0.state == UInt8(ascii: "Z") } ?? true
  }

  /// Starts a tab whose program starts `background` in the background (which touches `$READY`
  /// once it is set up), writes its pid and exits 0; the pid, once the tab shows the program's
  /// end.
  static func start(_ background: String, in shell: TerminalTabTests.Harness) throws -> Int32 {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-left-\(UUID().uuidString)").path
    defer {
      try? FileManager.default.removeItem(atPath: file)
      try? FileManager.default.removeItem(atPath: file + ".ready")
    }
    #expect(
      shell.run(
        "add-tab terminal --id p -- bash -c 'export READY=\(file).ready; \(background) &"
          + " while [ ! -e $READY ]; do sleep 0.05; done; echo $! > \(file); exit 0'"))
    shell.wait(for: "[exited 0]", in: "p")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  @Test func aProcessOfTheGroupThatIgnoresSIGHUPEndsWhenTheTabCloses() throws {
    let shell = TerminalTabTests.Harness()
    let left = try Self.start(#"(trap "" HUP; touch $READY; exec sleep 1000)"#, in: shell)
    // The program's end leaves it running: the tab is still open.
    shell.wait(seconds: 0.5) { false }
    #expect(!Self.hasEnded(left))
    #expect(shell.run("close-tab p"))
    // SIGHUP, ignored; SIGKILL 2 s later.
    #expect(shell.wait(seconds: 10) { Self.hasEnded(left) })
    #expect(shell.sessions?.count == 0)
  }

  @Test func aJobInAGroupOfItsOwnEndsWhenTheShellEnds() throws {
    let shell = TerminalTabTests.Harness()
    let left = try Self.start("set -m; touch $READY; sleep 1000", in: shell)
    #expect(ProcessStat(left).map { $0.group == left } == true)
    shell.sessions?.endAll()
    #expect(Self.hasEnded(left))
  }
}
