@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import Testing

@testable import TabShellTerminalScreen

/// A terminal tab draws each cell's character as one cluster at the width libvterm gave it, the
/// width the program's cursor moved by (docs/Contract.md, "Terminal tabs"): a heart with its emoji
/// selector in one column, each person of a family joined by ZWJ in two, a character with more
/// marks than libvterm's cell keeps; and the frame places the cell after a cluster anew and leaves
/// out a ZWJ ending one, so that the outer terminal joins nothing.
@Suite struct TerminalGraphemeTests {
  static func emulator(_ text: String, columns: Int = 12) throws -> TerminalEmulator {
    let emulator = try #require(TerminalEmulator(rows: 2, columns: columns, scrollback: 0))
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
    return emulator
  }

  /// The emulator's first row drawn as a terminal tab draws it.
  static func canvas(of emulator: TerminalEmulator) -> Canvas {
    var canvas = Canvas(width: emulator.columns, height: 1)
    var run = TerminalRun()
    var styles = TerminalCanvasStyles()
    styles.prepare(for: emulator)
    TerminalScreen.draw(
      row: 0, cells: emulator.screenRows[0], count: emulator.columns, run: &run, in: &canvas,
      styles: &styles, emulator: emulator, reverse: false)
    return canvas
  }

  @Test func aFamilyJoinedByZWJIsThreeWideCellsWhereTheCursorMoved() throws {
    let family = "👨\u{200D}👩\u{200D}👧"
    let emulator = try Self.emulator(family + "X")
    // libvterm: each person two columns, the ZWJ a mark of the one before.
    #expect(emulator.cursor.column == 7)
    let canvas = Self.canvas(of: emulator)
    #expect(
      canvas.rows[0].prefix(7).map(\.text) == ["👨\u{200D}", "", "👩\u{200D}", "", "👧", "", "X"])
    #expect(canvas.lines[0] == family + "X")
    // The grid keeps them apart: three cells of two columns, then X.
    var grid = CellGrid(columns: 12, rows: 1)
    grid.draw(canvas: canvas, row: 0)
    #expect((0..<7).map { grid[$0, 0].width } == [2, 0, 2, 0, 2, 0, 1])
    #expect(grid[6, 0].text == "X")
  }

  @Test func aHeartWithItsSelectorIsOneColumn() throws {
    let emulator = try Self.emulator("A❤️B ❤️ x")
    #expect(emulator.cursor.column == 7)
    let canvas = Self.canvas(of: emulator)
    #expect(canvas.rows[0].prefix(7).map(\.text) == ["A", "❤️", "B", " ", "❤️", " ", "x"])
    var grid = CellGrid(columns: 12, rows: 1)
    grid.draw(canvas: canvas, row: 0)
    #expect(grid.lines[0] == "A❤️B ❤️ x")
    #expect((0..<7).map { grid[$0, 0].width } == [1, 1, 1, 1, 1, 1, 1])
    // The text `show` prints: the same, each character where its cell is.
    let line = Renderer.lines(of: canvas)[0]
    #expect(line.width == 12 && line.runs.map(\.text).joined() == "A❤️B ❤️ x     ")
  }

  @Test func aCharacterKeepsMoreMarksThanLibvtermsCell() throws {
    let marks = String(repeating: "\u{301}", count: 10)
    let emulator = try Self.emulator("e" + marks + "Z")
    let cell = emulator.cell(row: 0, column: 0)
    #expect(emulator.text(of: cell.glyph) == "e" + marks)
    #expect(emulator.cell(row: 0, column: 1).glyph == 0x5A)
    // Past 16 scalars, as the canvas, the rest is left out.
    let more = try Self.emulator("e" + String(repeating: "\u{302}", count: 30))
    #expect(more.text(of: more.cell(row: 0, column: 0).glyph).unicodeScalars.count == 16)
  }

  /// A screen that draws a heart with its selector two columns wide (the canvas's width for an
  /// emoji with its selector), over a row that showed `AXYB`: a terminal that gives the heart one
  /// column (libvterm, here; tmux 3.3a) shows a blank under its right half, not the `Y` that was
  /// there, and `B` where it was.
  @Test func aWideClusterErasesTheCellUnderItsRightHalfFirst() throws {
    var before = Canvas(width: 8, height: 1)
    before.write("AXYB", row: 0)
    var after = Canvas(width: 8, height: 1)
    after.write("A❤️B", row: 0)
    #expect(after.rows[0].prefix(4).map(\.text) == ["A", "❤️", "", "B"])
    var old = CellGrid(columns: 8, rows: 1)
    old.draw(canvas: before, row: 0)
    var new = CellGrid(columns: 8, rows: 1)
    new.draw(canvas: after, row: 0)
    let writer = FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)
    let cursor = FrameWriter.Cursor(column: 0, row: 1, isVisible: false)
    let frames = [
      writer.frame(from: nil, to: old, cursor: cursor),
      writer.frame(from: old, to: new, cursor: cursor),
    ]
    #expect(String(decoding: frames[1], as: UTF8.self).contains("\u{1B}[2X❤️"))
    let reader = try #require(TerminalEmulator(rows: 1, columns: 8, scrollback: 0))
    for frame in frames { frame.withUnsafeBytes { reader.write($0) } }
    let texts = (0..<4).map { reader.text(of: reader.cell(row: 0, column: $0).glyph) }
    #expect(texts == ["A", "❤️", "", "B"])
  }

  @Test func theFramePlacesTheCellAfterAClusterAnewAndLeavesOutAZWJEndingIt() throws {
    let emulator = try Self.emulator("👨\u{200D}👩X❤️Y")
    var grid = CellGrid(columns: 12, rows: 1)
    grid.draw(canvas: Self.canvas(of: emulator), row: 0)
    let frame = String(
      decoding: FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)
        .frame(from: nil, to: grid, cursor: .init(column: 0, row: 1, isVisible: false)),
      as: UTF8.self)
    // The man without his ZWJ, the woman at column 3 by CUP, X at column 5 by CUP, the heart
    // with its selector, Y at column 7 by CUP.
    #expect(frame.contains("👨\u{1B}[1;3H👩\u{1B}[1;5HX❤️\u{1B}[1;7HY"))
    #expect(!frame.contains("\u{200D}"))
  }
}
