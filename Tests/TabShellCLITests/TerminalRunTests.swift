import CVTerm
import TabShellKit
import TestSupport
import Testing

@testable import TabShellTerminalScreen

/// A terminal tab draws a row's runs of ASCII cells of one style a write each (``TerminalRun``):
/// the canvas it draws is the one drawing each cell alone draws, for the random and hand-written
/// sequences the emulator's cells are compared with libvterm's for.
@Suite struct TerminalRunTests {
  /// The canvas of an emulator's screen, drawn in runs or a cell at a time.
  static func canvas(of emulator: TerminalEmulator, inRuns: Bool) -> Canvas {
    var canvas = Canvas(width: emulator.columns, height: emulator.rows)
    var run = TerminalRun()
    var styles = TerminalCanvasStyles()
    styles.prepare(for: emulator)
    for row in 0..<emulator.rows {
      if inRuns {
        TerminalScreen.draw(
          row: row, cells: emulator.screenRows[row], count: emulator.columns, run: &run,
          in: &canvas, styles: &styles, emulator: emulator, reverse: emulator.isReverse)
      } else {
        var column = 0
        while column < emulator.columns {
          let cell = emulator.cell(row: row, column: column)
          let width = emulator.width(row: row, column: column)
          TerminalScreen.draw(
            cell, width: width, row: row, column: column, in: &canvas,
            style: styles.style(cell.style, of: emulator, reverse: emulator.isReverse),
            emulator: emulator)
          column += width
        }
      }
    }
    return canvas
  }

  @discardableResult
  static func compare(_ pieces: [String]) throws -> Int {
    let emulator = try #require(TerminalEmulator(rows: 6, columns: 12, scrollback: 10))
    var drawn = 0
    for (index, piece) in pieces.enumerated() where !piece.hasPrefix("resize") {
      TerminalCellsTests.bytes(piece).withUnsafeBytes { emulator.write($0) }
      let runs = canvas(of: emulator, inRuns: true)
      let cells = canvas(of: emulator, inRuns: false)
      #expect(runs.rows == cells.rows, "after piece \(index) \(piece.debugDescription)")
      if runs.rows != cells.rows { break }
      drawn += runs.rows.joined().filter { $0.text != " " }.count
    }
    return drawn
  }

  @Test(arguments: 0..<20)
  func randomSequencesDrawTheSameInRuns(_ seed: Int) throws {
    try Self.compare(TerminalCellsTests.randomPieces(seed: UInt64(seed), count: 200))
  }

  @Test func plainTextAndColoursDrawTheSameInRuns() throws {
    let drawn = try Self.compare(
      TerminalCellsTests.plainText + TerminalCellsTests.handWritten.joined())
    #expect(drawn > 1_000)
  }
}
