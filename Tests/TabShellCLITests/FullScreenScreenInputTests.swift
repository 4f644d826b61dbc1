import Testing

@testable import TabShellFullScreen

extension ReadlineTests {
  /// Input in the screen focus draws what it changed: a key a terminal tab forwards to its program
  /// draws no frame of its own (the program's echo draws the next), one that closes the output
  /// panel draws it closed.
  @Suite struct FullScreenScreenInputTests {
    typealias Harness = FullScreenDriveTests.Harness

    /// A mode with a terminal tab running `cat` without the terminal's echo, visible and in the
    /// screen focus.
    static func silentCat(in harness: Harness) {
      #expect(harness.session.open(line: "", point: 0) == nil)
      harness.session.step()
      harness.type(
        "add-tab terminal --id t -- sh -c 'stty -echo; echo ready; exec cat'; tab t;"
          + " wait-for --timeout 10 ready\r")
      #expect(harness.session.focus == .screen)
    }

    @Test func aKeyForwardedToATerminalTabDrawsNoFrameOfItsOwn() {
      let harness = Harness()
      defer { harness.interpreter.endBackgroundSources() }
      Self.silentCat(in: harness)
      defer { harness.session.close() }
      let frames = harness.terminal.frames.count
      for key in ["q", "7", "z", "Right"] {
        harness.type(key == "Right" ? "\u{1B}[C" : key)
        #expect(harness.terminal.frames.count == frames, "a frame after \(key)")
      }
      // The keys reached the program: `cat` prints the line back after Enter.
      harness.type("\r\u{02}:")
      #expect(harness.session.focus == .command)
      harness.type("wait-for --to t --timeout 10 q7z\r")
      #expect(harness.screen.contains { $0.contains("q7z") })
    }

    /// A line typed draws its frame once: the step after it, with nothing new, draws none.
    @Test func aLineTypedDrawsOneFrame() {
      let harness = Harness()
      #expect(harness.session.open(line: "", point: 0) == nil)
      defer { harness.session.close() }
      harness.session.step()
      let frames = harness.terminal.frames.count
      harness.type("tab 2\r")
      #expect(harness.terminal.frames.count == frames + 1)
      harness.session.step()
      #expect(harness.terminal.frames.count == frames + 1)
    }

    @Test func aKeyThatClosesThePanelDrawsIt() {
      let harness = Harness()
      defer { harness.interpreter.endBackgroundSources() }
      Self.silentCat(in: harness)
      defer { harness.session.close() }
      harness.type("\u{02}:")
      harness.type("echo shown-in-the-panel; set-focus screen\r")
      #expect(harness.session.panel.isOpen)
      #expect(harness.session.focus == .screen)
      #expect(harness.screen.contains { $0.contains("shown-in-the-panel") })
      let frames = harness.terminal.frames.count
      harness.type("x")
      #expect(!harness.session.panel.isOpen)
      #expect(harness.terminal.frames.count == frames + 1)
      #expect(!harness.screen.contains { $0.contains("shown-in-the-panel") })
    }
  }
}
