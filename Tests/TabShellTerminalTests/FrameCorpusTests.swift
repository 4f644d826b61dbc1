import Foundation
@_spi(Host) import TabShellKit
import TabShellTerminal
import TestSupport
import Testing

/// The frame-diff property again, on grids of the characters whose width terminals agree on, each
/// frame also written for a real terminal emulator to check: VTScreen measures text with TabShell's
/// own display width, so a width TabShell has wrong cannot show there. With
/// `TABSHELL_FRAME_CORPUS=FOLDER` (scripts/test sets it) every seed's frames go to
/// `FOLDER/seed-N.json`, which Tests/tui/test_frames.py feeds to pyte (widths by wcwidth) and
/// compares with the grid's rows and cursor.
@Suite struct FrameCorpusTests {
  static let corpus = ProcessInfo.processInfo.environment["TABSHELL_FRAME_CORPUS"]

  @Test(arguments: 0..<40)
  func framesOfSettledCharactersGiveTheNextScreen(seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed) &+ 1_000)
    let columns = Int.random(in: 1...40, using: &generator)
    let rows = Int.random(in: 1...6, using: &generator)
    let characters = RandomGrids.settledCharacters
    let writer = FrameWriter(colorMode: .trueColor, synchronizedUpdate: seed % 2 == 0)
    var screen = VTScreen(columns: columns, rows: rows + 1, filler: "#")
    var previous: CellGrid?
    var steps: [[String: Any]] = []
    for step in 0..<5 {
      var next =
        previous ?? RandomGrids.grid(columns: columns, rows: rows, &generator, from: characters)
      if previous != nil {
        RandomGrids.scribble(
          on: &next, count: Int.random(in: 0...6, using: &generator), &generator,
          from: characters)
      }
      let cursor = FrameWriter.Cursor(
        column: Int.random(in: 0..<columns, using: &generator), row: rows,
        isVisible: Bool.random(using: &generator))
      let frame = writer.frame(from: previous, to: next, cursor: cursor)
      screen.apply(frame)
      let place = "seed \(seed), step \(step), \(columns)×\(rows)"
      #expect(screen.problems == [], "\(place)")
      #expect(screen.matches(next) == nil, "\(place)")
      // The grid's rows as text (the right half of a wide character is empty), then the row
      // below it, which the frames never touch.
      let texts =
        (0..<rows).map { row in (0..<columns).map { next[$0, row].text }.joined() }
        + [String(repeating: "#", count: columns)]
      steps.append([
        "frame": Data(frame).base64EncodedString(), "rows": texts,
        "cursor": [cursor.column, cursor.row, cursor.isVisible] as [Any],
      ])
      previous = next
    }
    guard let folder = Self.corpus else { return }
    let file: [String: Any] = ["columns": columns, "rows": rows + 1, "steps": steps]
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: file, options: [.sortedKeys]).write(
      to: URL(fileURLWithPath: folder + "/seed-\(seed).json"))
  }
}
