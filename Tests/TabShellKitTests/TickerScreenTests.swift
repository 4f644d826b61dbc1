@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// The built-in `ticker` (a clock): it ticks on its timer, shows the seconds in its badge, and pauses and
/// resumes on Space and on a click on its face (docs/Contract.md, "Built-in screens").
@Suite struct TickerScreenTests {
  /// A shell with a clock tab and a text tab, on a clock the test moves.
  private func shell() throws -> (Shell, () -> Void) {
    var time = Duration.zero
    let (shell, _) = try makeShell { shell in
      shell.clock = { time }
      try shell.send(.addTab(NewTab(NewScreen(type: "ticker", id: "c"))))
      try shell.addTab(type: "text", id: "t", title: "T")
    }
    let second = {
      time += .seconds(1)
      _ = try? shell.runDueTimers()
    }
    return (shell, second)
  }

  private func text(_ shell: Shell) -> [String] {
    var canvas = Canvas(width: 40, height: 7)
    shell.draw(screen: "c", in: &canvas)
    return (0..<canvas.height).map { row in
      canvas.runs(inRow: row).map(\.text).joined().trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func itTicksEverySecondAndItsBadgeShowsTheSeconds() throws {
    let (shell, second) = try shell()
    #expect(shell.takesInput(screen: "c"))
    #expect(text(shell).contains("running · 0 ticks"))
    second()
    second()
    #expect(text(shell).contains("running · 2 ticks"))
    #expect(text(shell).contains("00:00:02"))
    #expect(shell.tab(at: 1)?.item.badge == "02")
    #expect(shell.takeNeedsDisplay())
  }

  @Test func spacePausesAndResumesAndAPausedClockHasNoTimer() throws {
    let (shell, second) = try shell()
    second()
    #expect(try shell.send(.input(.key(named: "Space"), to: "c")) == .input(handled: true))
    #expect(text(shell).contains("paused · 1 tick"))
    #expect(shell.tab(at: 1)?.item.badge == nil)
    #expect(shell.nextTimerDeadline == nil)
    second()
    #expect(text(shell).contains("paused · 1 tick"))
    #expect(try shell.send(.input(.key(named: "Space"), to: "c")) == .input(handled: true))
    second()
    #expect(text(shell).contains("running · 2 ticks"))
    #expect(try shell.send(.input(.key(named: "x"), to: "c")) == .input(handled: false))
  }

  @Test func aClickOnItsFaceTogglesItAndOneElsewhereIsNotItsOwn() throws {
    let (shell, _) = try shell()
    _ = text(shell)  // drawn at 7 rows: the face is rows 2...4
    let outside = MouseInput(.press, column: 3, row: 0)
    #expect(try shell.send(.input(.mouse(outside), to: "c")) == .input(handled: false))
    let onFace = MouseInput(.press, column: 3, row: 3)
    #expect(try shell.send(.input(.mouse(onFace), to: "c")) == .input(handled: true))
    #expect(text(shell).contains("paused · 0 ticks"))
  }

  @Test func itSaysHowToPauseItOnceItHasTheFocus() throws {
    let (shell, _) = try shell()
    #expect(text(shell).contains("click here to pause / resume"))
    #expect(try shell.send(.input(.focus(true), to: "c")) == .input(handled: true))
    #expect(text(shell).contains("Space or a click here: pause / resume"))
  }
}
