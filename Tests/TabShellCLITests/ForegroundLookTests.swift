import Foundation
@_spi(Host) import TabShellKit
import TabShellPlatform
import Testing

@testable import TabShellLanguage
@testable import TabShellTerminalScreen

/// A terminal tab is named after its foreground process (docs/Contract.md, "A terminal
/// workspace"); the full-screen loop's own rounds put the look off by a moment so that no echo of
/// a key waits for it (docs/Performance.md, "A tenth pass"), and a command's wait looks in the
/// round, as scripts expect.
@Suite(.serialized) struct ForegroundLookTests {
  /// A session of `sh -c 'exec sleep 100'`, ended when the test is.
  static func withSession(_ body: (TerminalSession) throws -> Void) throws {
    let session = try TerminalSession(
      program: "/bin/sh", arguments: ["-c", "exec sleep 100"], environment: [], directory: nil,
      rows: 4, columns: 20, scrollback: 10)
    defer {
      session.hangUp()
      session.kill()
      session.reap()
    }
    try body(session)
  }

  @Test func outputJustAfterACommandKeyIsLookedAtAMomentLaterInTheLoopsRounds() throws {
    try Self.withSession { session in
      let name = session.foregroundName(fresh: true)
      #expect(name != nil)
      let asked = session.groupAsked
      session.keysSent(startsOrStops: true)
      let keyLook = try #require(session.foregroundLook)
      // Put off: the name known is kept, nothing asked, a look due within the interval (sooner
      // than the one the key set, which stays).
      let before = MonotonicClock.now()
      #expect(session.foregroundName(putOff: true) == name)
      let after = MonotonicClock.now()
      #expect(session.groupAsked == asked)
      let look = try #require(session.outputLook)
      #expect(look < keyLook)
      #expect(
        (before &+ TerminalSession.groupInterval...after &+ TerminalSession.groupInterval)
          .contains(look))
      #expect(session.foregroundLook == keyLook)
      // A command's wait asks at once in the second after the key.
      #expect(session.foregroundName() == name)
      #expect(session.groupAsked != asked)
    }
  }

  @Test func outputAfterOtherKeysWaitsForTheirLookInTheLoopsRounds() throws {
    try Self.withSession { session in
      _ = session.foregroundName(fresh: true)
      Thread.sleep(forTimeInterval: Double(TerminalSession.groupInterval) / 1e9 + 0.02)
      let asked = session.groupAsked
      // A letter typed and echoed: the look the key set is on its way; nothing asked now, and it
      // is not moved.
      session.keysSent()
      let keyLook = session.foregroundLook
      _ = session.foregroundName(putOff: true)
      #expect(session.groupAsked == asked && session.foregroundLook == keyLook)
      #expect(session.outputLook == nil)
      // No look on its way (a program's own output, no keys): asked as at any round, once the
      // interval passed.
      session.foregroundLook = nil
      _ = session.foregroundName(putOff: true)
      #expect(session.groupAsked != asked)
    }
  }

  @Test func theLoopsRoundsNameTheTabAMomentAfterItsCommandsOutput() throws {
    let shell = TerminalTabTests.Harness()
    let terminals = try #require(shell.interpreter.services.terminals)
    #expect(shell.run("add-tab terminal --id t -- env PS1='ready> ' sh -i"))
    shell.wait(for: "ready>", in: "t")
    #expect(shell.wait { TerminalTabEventTests.title(shell, "t") == "sh" })
    // As the full-screen loop's rounds (set around them, as the loop does): the tab is named
    // after the command all the same, and after the shell when it ends.
    terminals.putsOffForegroundLooks = true
    defer { terminals.putsOffForegroundLooks = false }
    #expect(shell.send(.text("cat\n", isPaste: false), to: "t"))
    #expect(shell.send(.text("one\n", isPaste: false), to: "t"))
    #expect(shell.wait { TerminalTabEventTests.title(shell, "t") == "cat" })
    #expect(shell.send(.text("\u{4}", isPaste: false), to: "t"))
    #expect(shell.wait { TerminalTabEventTests.title(shell, "t") == "sh" })
  }

  /// A command's wait (`wait-for`, `sleep`), even one the loop's rounds run (a hook's), looks in
  /// the round that took the output in, as scripts expect (terminal-names.tabsh): it clears the
  /// setting while it waits and gives it back after.
  @Test func aCommandsWaitLooksInTheRound() throws {
    let shell = TerminalTabTests.Harness()
    let terminals = try #require(shell.interpreter.services.terminals)
    terminals.putsOffForegroundLooks = true
    defer { terminals.putsOffForegroundLooks = false }
    var during: Bool?
    #expect(
      try shell.interpreter.wait(seconds: 1) {
        during = terminals.putsOffForegroundLooks
        return .done
      })
    #expect(during == false)
    #expect(terminals.putsOffForegroundLooks)
  }
}
