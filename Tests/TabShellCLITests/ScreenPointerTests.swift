@_spi(Host) import TabShellKit
import TabShellTerminal
import Testing

@testable import TabShellFullScreen

/// The mouse over a screen that takes input (docs/Contract.md, "Focus in the full-screen mode"):
/// presses and the wheel in its region go to it in the region's coordinates; a drag is the
/// screen's only when it handled the press, otherwise it is the shell's (a swipe).
@Suite struct ScreenPointerTests {
  /// An 80-column region under the header (row 1), 18 rows high.
  let region = ScreenPointer.Region(row: 1, width: 80, height: 18)

  @Test func aPressInTheRegionGoesToTheScreenInRegionCoordinates() {
    var pointer = ScreenPointer()
    // Terminals count from 1: column 11, row 6 is the region's cell 10, 4.
    let route = pointer.route(
      MouseEvent(.press, button: .left, column: 11, row: 6, modifiers: [.control]), region: region)
    #expect(
      route == .screen(MouseInput(.press, button: 1, column: 10, row: 4, modifiers: .control)))
  }

  @Test func outsideTheRegionOrWithoutOneItIsTheShells() {
    var pointer = ScreenPointer()
    // The header row, the bar under the region, a screen that takes no input (no region).
    #expect(
      pointer.route(MouseEvent(.press, button: .left, column: 5, row: 1), region: region) == .shell)
    #expect(
      pointer.route(MouseEvent(.press, button: .left, column: 5, row: 21), region: region) == .shell
    )
    #expect(
      pointer.route(MouseEvent(.press, button: .left, column: 5, row: 6), region: nil) == .shell)
  }

  @Test func whenTheScreenHandledThePressTheDragAndReleaseAreItsOwn() {
    var pointer = ScreenPointer()
    _ = pointer.route(MouseEvent(.press, button: .left, column: 11, row: 6), region: region)
    pointer.pressAnswered(handled: true)
    #expect(
      pointer.route(MouseEvent(.drag, button: .left, column: 30, row: 6), region: region)
        == .screen(MouseInput(.drag, button: 1, column: 29, row: 4)))
    // Past the region's edge: clamped to it.
    #expect(
      pointer.route(MouseEvent(.drag, button: .left, column: 30, row: 23), region: region)
        == .screen(MouseInput(.drag, button: 1, column: 29, row: 17)))
    #expect(
      pointer.route(MouseEvent(.release, button: .left, column: 30, row: 6), region: region)
        == .screen(MouseInput(.release, button: 1, column: 29, row: 4)))
    #expect(!pointer.isCaptured)
    #expect(
      pointer.route(MouseEvent(.drag, button: .left, column: 31, row: 6), region: region) == .shell)
  }

  @Test func whenTheScreenDidNotHandleThePressTheDragIsASwipe() {
    var pointer = ScreenPointer()
    let press = pointer.route(MouseEvent(.press, button: .left, column: 70, row: 6), region: region)
    #expect(press == .screen(MouseInput(.press, button: 1, column: 69, row: 4)))
    pointer.pressAnswered(handled: false)
    #expect(
      pointer.route(MouseEvent(.drag, button: .left, column: 40, row: 6), region: region) == .shell)
    #expect(
      pointer.route(MouseEvent(.release, button: .left, column: 5, row: 6), region: region)
        == .shell)
  }

  @Test func theWheelInTheRegionGoesToTheScreenWithNoButton() {
    var pointer = ScreenPointer()
    #expect(
      pointer.route(MouseEvent(.wheelUp, column: 3, row: 2), region: region)
        == .screen(MouseInput(.wheelUp, button: 0, column: 2, row: 0)))
    #expect(pointer.route(MouseEvent(.wheelDown, column: 3, row: 22), region: region) == .shell)
  }
}
