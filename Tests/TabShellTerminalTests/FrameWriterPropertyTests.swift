@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import TestSupport
import Testing

/// Random grids (CJK, emoji, clusters, styles) and random changes: a frame applied by the test's
/// emulator to the screen the previous frame left gives exactly the next grid.
@Suite struct FrameWriterPropertyTests {
  /// A style as the terminal shows it in a colour mode.
  static func shown(_ style: CellStyle, in mode: ColorMode) -> CellStyle {
    switch mode {
    case .none, .monochrome: CellStyle(attributes: style.attributes)
    case .trueColor: style
    case .ansi256:
      CellStyle(
        foreground: palette(style.foreground), background: palette(style.background),
        attributes: style.attributes)
    case .ansi16:
      CellStyle(
        foreground: sixteen(style.foreground), background: sixteen(style.background),
        attributes: style.attributes)
    case .ansi8:
      CellStyle(
        foreground: basic(style.foreground), background: basic(style.background),
        attributes: style.attributes)
    }
  }

  /// The basic colour the writer sends in 8-colour mode for the colours of
  /// ``RandomGrids/styles`` (worked out by hand: the bright blue 12 is blue, the cube's 200 is
  /// (255, 0, 215), magenta; a blue with some green is blue, a near black black, a cream white;
  /// the bright red 9 red, the grey ramp's 244 (128) white).
  static func basic(_ color: CellColor) -> CellColor {
    let table: [(CellColor, UInt8)] = [
      (.palette(1), 1), (.palette(12), 4), (.palette(200), 5), (.rgb(0, 122, 255), 4),
      (.rgb(10, 20, 30), 0), (.rgb(250, 240, 230), 7), (.palette(9), 1), (.palette(244), 7),
    ]
    return table.first { $0.0 == color }.map { .palette($0.1) } ?? color
  }

  /// The colour of the 16 the writer sends in 16-colour mode for the colours of
  /// ``RandomGrids/styles`` (by hand: the 16 stay; the cube's 200 and the blue are at full
  /// strength, bright magenta and bright blue; the cream nearly white, bright white; the grey 128
  /// dark grey).
  static func sixteen(_ color: CellColor) -> CellColor {
    let table: [(CellColor, UInt8)] = [
      (.palette(200), 13), (.rgb(0, 122, 255), 12), (.rgb(10, 20, 30), 0),
      (.rgb(250, 240, 230), 15), (.palette(244), 8),
    ]
    return table.first { $0.0 == color }.map { .palette($0.1) } ?? color
  }

  /// The palette entry the writer sends in 256-colour mode for the RGB colours of
  /// ``RandomGrids/styles``.
  static func palette(_ color: CellColor) -> CellColor {
    let colors: [BarColor] = [
      BarColor(red: 0, green: 122, blue: 255), BarColor(red: 10, green: 20, blue: 30),
      BarColor(red: 250, green: 240, blue: 230),
    ]
    guard let rgb = colors.first(where: { CellColor($0) == color }) else { return color }
    return .palette(UInt8(ANSI.paletteIndex(rgb)))
  }

  static let modes: [ColorMode] = [.trueColor, .ansi256, .monochrome, .ansi8, .ansi16, .none]

  @Test(arguments: 0..<150)
  func applyingTheDiffGivesTheNextScreen(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let columns = Int.random(in: 1...40, using: &generator)
    let rows = Int.random(in: 1...8, using: &generator)
    let mode = Self.modes[seed % Self.modes.count]
    let writer = FrameWriter(colorMode: mode, synchronizedUpdate: seed % 2 == 0)
    // The screen holds something else first: the full redraw must cover it all.
    var screen = VTScreen(columns: columns, rows: rows + 1, filler: "#")
    var previous: CellGrid?
    for step in 0..<6 {
      var next = previous ?? RandomGrids.grid(columns: columns, rows: rows, &generator)
      if previous != nil {
        RandomGrids.scribble(
          on: &next, count: Int.random(in: 0...6, using: &generator), &generator)
      }
      let cursor = FrameWriter.Cursor(
        column: Int.random(in: 0..<columns, using: &generator), row: rows,
        isVisible: Bool.random(using: &generator))
      screen.apply(writer.frame(from: previous, to: next, cursor: cursor))
      let place = "seed \(seed), step \(step), \(columns)×\(rows), \(mode)"
      #expect(screen.problems == [], "\(place)")
      #expect(screen.matches(next) { Self.shown($0, in: mode) } == nil, "\(place)")
      #expect(screen.row == cursor.row && screen.column == cursor.column, "\(place)")
      #expect(screen.isCursorVisible == cursor.isVisible, "\(place)")
      #expect(screen.modes[2026] != true, "\(place)")
      #expect(screen.pen == .plain, "\(place)")
      previous = next
    }
  }
}

/// Two pages sliding side by side, as a drag moves them: rows move sideways, and the writer moves
/// them on the screen (DCH, ICH) instead of writing them again.
@Suite struct FrameWriterSlideTests {
  static func slide(_ first: CellGrid, _ second: CellGrid, offset: Int, bar: String) -> CellGrid {
    var screen = CellGrid(columns: first.columns, rows: first.rows + 1)
    screen.draw(first, column: -offset, row: 0)
    screen.draw(second, column: first.columns - offset, row: 0)
    screen.write(bar, column: 0, row: first.rows, style: CellStyle(attributes: .reverse))
    return screen
  }

  @Test(arguments: 0..<60)
  func aSlideGivesTheNextScreen(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed) &+ 77)
    let columns = Int.random(in: 8...80, using: &generator)
    let rows = Int.random(in: 1...6, using: &generator)
    let first = RandomGrids.grid(columns: columns, rows: rows, &generator)
    let second = RandomGrids.grid(columns: columns, rows: rows, &generator)
    let writer = FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)
    var screen = VTScreen(columns: columns, rows: rows + 2, filler: "#")
    var previous: CellGrid?
    var offset = 0
    for step in 0..<8 {
      offset = max(0, min(columns, offset + Int.random(in: -6...12, using: &generator)))
      let next = Self.slide(first, second, offset: offset, bar: "bar \(step % 2)")
      screen.apply(writer.frame(from: previous, to: next, cursor: .init(column: 0, row: rows + 1)))
      let place = "seed \(seed), step \(step), offset \(offset), \(columns)×\(rows)"
      #expect(screen.problems == [], "\(place)")
      #expect(screen.matches(next) == nil, "\(place)")
      previous = next
    }
  }

  @Test func aRowMovedLeftIsDeletedFromAndItsNewEndWritten() {
    var page = CellGrid(columns: 40, rows: 1)
    page.write("The quick brown fox jumps over the lazy", column: 0, row: 0)
    var next = CellGrid(columns: 40, rows: 1)
    next.draw(page, column: -3, row: 0)
    next.write("dog", column: 37, row: 0)
    let writer = FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)
    #expect(
      text(writer.frame(from: page, to: next, cursor: .init(column: 0, row: 1)))
        == "\u{1B}[?25l\u{1B}[H\u{1B}[0m\u{1B}[3P\u{1B}[37Cdog\u{1B}[2H\u{1B}[?25h")
  }

  @Test func aRowMovedRightIsInsertedIntoAndItsNewStartWritten() {
    var page = CellGrid(columns: 40, rows: 1)
    page.write("The quick brown fox jumps over the lazy", column: 0, row: 0)
    var next = CellGrid(columns: 40, rows: 1)
    next.draw(page, column: 4, row: 0)
    next.write("123 ", column: 0, row: 0)
    let writer = FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)
    #expect(
      text(writer.frame(from: page, to: next, cursor: .init(column: 0, row: 1)))
        == "\u{1B}[?25l\u{1B}[H\u{1B}[0m\u{1B}[4@123\u{1B}[2H\u{1B}[?25h")
  }
}
