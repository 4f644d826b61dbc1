import TabShellPlatform
import Testing

@testable import TabShellFullScreen

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

    /// Runs `body` with the mode open and its first frame drawn; the terminal tabs' programs
    /// ended after.
    static func withTheModeOpen(_ body: (Harness) -> Void) {
      let harness = Harness()
      defer { harness.interpreter.endBackgroundSources() }
      #expect(harness.session.open(line: "", point: 0) == nil)
      defer { harness.session.close() }
      harness.session.step()
      body(harness)
    }

    /// A terminal tab's output shows while `sleep` waits; a wait in which nothing comes draws
    /// nothing.
    @Test func aWaitDrawsWhatCameAndOnlyThat() {
      Self.withTheModeOpen { harness in
        let session = harness.session
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

    /// A change that came less than a frame's interval after the last frame is put off; when the
    /// wait ends, it is drawn at once, not left for the frame after the line.
    @Test func theLastChangeOfAWaitIsDrawnWhenItEnds() {
      Self.withTheModeOpen { harness in
        // `second` comes a few milliseconds after `first`: after the frame that shows `first`,
        // within its interval.
        let program =
          "sleep 0.3; printf first; i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done;"
          + " printf second; exec sleep 60"
        let line = "add-tab terminal --id t -- sh -c '\(program)'; tab t; wait-for firstsecond"
        #expect(Self.runWithoutTheFrameAfter(line, in: harness) >= 1)
        #expect(harness.screen.contains { $0.contains("firstsecond") })
      }
    }

    /// A frame put off (one was drawn less than ``FullScreenSession/waitFrameInterval`` ago) makes
    /// the wait wake up when it is due, and is drawn then or when the wait ends.
    @Test func aFramePutOffIsDueWithinTheInterval() {
      let harness = Harness()
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      let frames = harness.terminal.frames.count
      #expect(session.drawWhileWaiting(.wokeUp(changed: true)) == -1)
      #expect(harness.terminal.frames.count == frames + 1)
      #expect(session.drawWhileWaiting(.wokeUp(changed: false)) == -1)
      session.damage.wait.drawn = MonotonicClock.reading()
      let due = session.drawWhileWaiting(.wokeUp(changed: true))
      #expect((1...17).contains(due))
      #expect(harness.terminal.frames.count == frames + 1)
      #expect(session.drawWhileWaiting(.ended) == -1)
      #expect(harness.terminal.frames.count == frames + 2)
      // Nothing left to draw.
      #expect(session.drawWhileWaiting(.ended) == -1)
      #expect(harness.terminal.frames.count == frames + 2)
    }
  }
}
