@_spi(Host) import TabShellKit
import TabShellLanguage
import Testing

/// A drag in the screen area is an interactive swipe: the will-calls when it starts, should-select
/// and the did-calls when it is let go; past half the width it commits, before it cancels; at
/// either end it bounces (docs/Contract.md, "Lifecycle" and "Gestures").
@Suite struct DragTests {
  /// The trace of `line` on the swipeable layout (music, play, star; on play), at 80 × 24.
  func trace(_ line: String, on layout: String = "swipeable") throws -> (GestureSession, [String]) {
    let session = try GestureSession(layout: layout)
    session.run("trace on")
    _ = session.take()
    #expect(session.run(line) == 0)
    return (session, session.take().output)
  }

  @Test func aDragToTheLeftPastHalfTheWidthCommits() throws {
    let (session, events) = try trace("drag 70 10 20 12")
    #expect(
      events == [
        "viewDidLoad star", "viewWillAppear star", "viewWillDisappear play", "should-select 3 star",
        "viewDidDisappear play", "viewDidAppear star", "did-select 3 star",
      ])
    #expect(session.selected == "star")
  }

  @Test func aDragBeforeHalfTheWidthIsCancelled() throws {
    let (session, events) = try trace("drag 20 10 59 3")
    #expect(
      events == [
        "viewDidLoad music", "viewWillAppear music", "viewWillDisappear play",
        "viewWillAppear play", "viewDidAppear play", "viewWillDisappear music",
        "viewDidDisappear music",
      ])
    #expect(session.selected == "play")
  }

  @Test func aDragAtTheEndBounces() throws {
    let session = try GestureSession(layout: "swipeable")
    session.run("tab star; trace on")
    _ = session.take()
    #expect(session.run("drag 70 10 10 10") == 0)
    let (output, _, resolved) = session.take()
    #expect(output == ["did-bounce left"])
    #expect(resolved == ["swipe left"])
  }

  @Test func aVetoAtTheEndCancels() throws {
    let (session, events) = try trace("on should-select deny; drag 70 10 1 10")
    #expect(
      events == [
        "viewDidLoad star", "viewWillAppear star", "viewWillDisappear play", "should-select 3 star",
        "viewWillAppear play", "viewDidAppear play", "viewWillDisappear star",
        "viewDidDisappear star",
      ])
    #expect(session.selected == "play")
  }

  /// While a modal screen is presented, a drag fails as `swipe` does, and does nothing more.
  @Test func aDragUnderAModalScreenFails() throws {
    let session = try GestureSession(layout: "swipeable")
    session.run("present post")
    #expect(session.run("drag 70 10 20 10") == 1)
    let (_, errors, resolved) = session.take()
    #expect(errors == ["error: a modal screen ('post') is presented; dismiss it first"])
    #expect(resolved == ["failed: swipe left"])
    #expect(session.shell.model.swipe == nil)
  }

  @Test(arguments: [
    ("drag 70 10 20 10", ["swipe left"]), ("drag 20 10 60 10", ["swipe right --cancel"]),
    ("drag 40 3 40 15", []), ("drag 5 23 70 23", []), ("drag 1 24 80 1", []),
  ])
  func whatADragResolvesTo(line: String, resolved: [String]) throws {
    let session = try GestureSession(layout: "swipeable")
    #expect(session.run(line) == 0)
    #expect(session.take().resolved == resolved)
  }

  /// The state machine alone: the direction is set by the first sideways motion, the pages follow
  /// the pointer that way only, a third as far after a bounce.
  @Test func theDragStateMachine() {
    var drag = SwipeDrag(column: 50, width: 80)
    #expect(drag.move(to: 50) == nil)
    #expect(drag.move(to: 45) == .begin(.left))
    #expect(drag.offset == -5)
    #expect(drag.move(to: 60) == nil)
    #expect(drag.offset == 0)
    #expect(drag.move(to: 9) == nil)
    #expect(drag.release(at: 9) == .end(commit: true))
    var short = SwipeDrag(column: 10, width: 80)
    #expect(short.move(to: 50) == .begin(.right))
    #expect(short.release(at: 50) == .end(commit: false))
    var bounced = SwipeDrag(column: 10, width: 80)
    _ = bounced.move(to: 40)
    bounced.didBounce()
    #expect(bounced.offset == 10)
    #expect(bounced.release(at: 70) == .bounced(.right))
  }
}

@Suite struct HookExitStatusTests {
  /// A bare `exit` in a hook ends with 0 when nothing failed, however the hook was set off: by a
  /// typed command, by a drag the full-screen mode carries out (which once gave 1), or by a
  /// process plugin's request.
  @Test func aBareExitInAHookIsTheSameAfterADrag() throws {
    let typed = try GestureSession(layout: "swipeable")
    typed.run("on did-select exit")
    #expect(typed.interpreter.runLine("swipe left") == .exit(0))

    let dragged = try GestureSession(layout: "swipeable")
    dragged.run("on did-select exit")
    let outcome = dragged.interpreter.runAsCommand { interpreter in
      _ = try interpreter.shell.swipe(.left)
    }
    #expect(outcome == .exit(0))
    #expect(dragged.shell.selectedPosition == 3)
  }
}
