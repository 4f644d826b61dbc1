@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import Testing

/// A frame that starts where the last one left the cursor (``FrameWriter/write(from:to:cursor:into:only:shown:)``):
/// cells written one after the other from a cursor that showed, the cursor left showing after
/// them, are those cells and nothing else; anything more opens the frame as always.
@Suite struct FrameWriterShownTests {
  let writer = FrameWriter(colorMode: .trueColor)

  func frame(
    _ old: CellGrid, _ new: CellGrid, cursor: FrameWriter.Cursor, shown: FrameWriter.Cursor,
    only: [Int]? = nil
  ) -> String {
    var bytes: [UInt8] = []
    writer.write(from: old, to: new, cursor: cursor, into: &bytes, only: only, shown: shown)
    return text(bytes)
  }

  /// A prompt on the second row, and `ab` typed after it.
  static func prompt() -> (old: CellGrid, new: CellGrid) {
    var old = CellGrid(columns: 10, rows: 3)
    old.write("$ ", column: 0, row: 1)
    var new = old
    new.write("ab", column: 2, row: 1)
    return (old, new)
  }

  @Test func anEchoAtTheCursorIsItsCellsAlone() {
    let (old, new) = Self.prompt()
    let shown = FrameWriter.Cursor(column: 2, row: 1)
    #expect(frame(old, new, cursor: .init(column: 4, row: 1), shown: shown) == "ab")
    // In a colour, the pen is set and reset.
    var red = old
    red.write("a", column: 2, row: 1, style: CellStyle(foreground: .palette(1)))
    #expect(
      frame(old, red, cursor: .init(column: 3, row: 1), shown: shown) == "\u{1B}[31ma\u{1B}[m")
    // Nothing changed, the cursor where it showed: nothing at all.
    #expect(frame(old, old, cursor: shown, shown: shown).isEmpty)
  }

  @Test func aMoveOrAHiddenCursorOpensTheFrame() {
    let (old, new) = Self.prompt()
    // Written elsewhere than at the cursor.
    #expect(
      frame(old, new, cursor: .init(column: 4, row: 1), shown: .init(column: 0, row: 0))
        == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[2;3Hab\u{1B}[?25h\u{1B}[?2026l")
    // The cursor going elsewhere after.
    #expect(
      frame(old, new, cursor: .init(column: 0, row: 2), shown: .init(column: 2, row: 1))
        == "\u{1B}[?2026h\u{1B}[?25lab\u{1B}[3H\u{1B}[?25h\u{1B}[?2026l")
    // The cursor hidden before.
    #expect(
      frame(
        old, new, cursor: .init(column: 4, row: 1),
        shown: .init(column: 2, row: 1, isVisible: false))
        == "\u{1B}[?2026h\u{1B}[?25lab\u{1B}[?25h\u{1B}[?2026l")
  }

  @Test func onlyTheRowsGivenAreCompared() {
    let old = CellGrid(columns: 10, rows: 3)
    var new = old
    new.write("top", column: 0, row: 0)
    new.write("end", column: 0, row: 2)
    let shown = FrameWriter.Cursor(column: 0, row: 2)
    #expect(frame(old, new, cursor: .init(column: 3, row: 2), shown: shown, only: [2]) == "end")
  }
}
