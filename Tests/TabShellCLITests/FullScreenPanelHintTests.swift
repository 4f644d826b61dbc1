import Testing

@testable import TabShellFullScreen

extension ReadlineTests {
  /// The output panel's title row says what closes it in the focus the keys are in.
  @Suite struct FullScreenPanelHintTests {
    typealias Harness = FullScreenDriveTests.Harness

    /// In the bar focus Esc closes the panel; in the screen focus Esc is the screen's key, and the
    /// title says that a key sent to the screen closes it.
    @Test func theHintSaysWhatClosesThePanelInEachFocus() throws {
      let harness = Harness()
      defer { harness.interpreter.endBackgroundSources() }
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      harness.type("add-tab terminal --id t -- sh -c 'sleep 5'\r")
      harness.type("tab t\r")
      // Esc from the command line gives the keys to the terminal tab.
      harness.type("\u{1B}")
      session.inputWaitEnded()
      session.step()
      #expect(session.focus == .screen)
      // A key not bound after the prefix opens the panel, the keys still the screen's.
      harness.type("\u{02}y")
      #expect(session.focus == .screen)
      #expect(session.panel.isOpen)
      let title = try #require(harness.screen.first { $0.contains("closes") })
      #expect(title.contains("a key to the screen closes"))
      #expect(!title.contains("Esc"))
      // Help, longer than the panel, offers the wheel to scroll it: PgUp and PgDn are the
      // screen's keys in this focus (they closed the panel and went to the program).
      harness.type("\u{02}?")
      #expect(session.focus == .screen)
      let help = try #require(harness.screen.first { $0.contains("help tui") })
      #expect(help.contains(" · wheel · 1-") && !help.contains("PgUp"))
      // In the bar focus (C-b b) the same panel's title says Esc.
      harness.type("\u{02}b")
      #expect(session.focus == .bar)
      #expect(session.panel.isOpen)
      #expect(harness.screen.contains { $0.contains("Esc closes") })
    }
  }
}
