import Testing

@testable import TabShellCLI

extension ReadlineTests {
  /// A command typed in the full-screen mode that waits (`sleep`, `wait-for`) has the frame drawn
  /// meanwhile, when something changed.
  @Suite struct FullScreenWaitTests {
    typealias Harness = FullScreenDriveTests.Harness

    /// Runs `line` as typed, without drawing the frame after it: what the terminal shows then is
    /// what was drawn while it ran; how many frames that was.
    static func runWithoutTheFrameAfter(_ line: String, in harness: Harness) -> Int {
      let before = harness.terminal.frames.count
      harness.session.receive(Array("\(line)\r".utf8))
      harness.session.takeReadlineInput()
      return harness.terminal.frames.count - before
    }

    /// A terminal tab's output shows while `sleep` waits; a wait in which nothing comes draws
    /// nothing.
    @Test func aWaitDrawsWhatCameAndOnlyThat() {
      let harness = Harness()
      defer { harness.interpreter.endBackgroundSources() }
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      let line =
        "add-tab terminal --id t -- sh -c 'sleep 0.3; echo waited-for; exec sleep 60'; tab t; sleep 1.5"
      #expect(Self.runWithoutTheFrameAfter(line, in: harness) >= 1)
      #expect(harness.screen.contains { $0.contains("waited-for") })
      session.step()
      // The program is silent now: a wait draws no frame. (C-b : leaves its screen focus.)
      harness.type("\u{02}:")
      #expect(session.focus == .command)
      let clock = ContinuousClock()
      let started = clock.now
      #expect(Self.runWithoutTheFrameAfter("sleep 0.5", in: harness) == 0)
      #expect(started.duration(to: clock.now) >= .milliseconds(500))
    }
  }
}
