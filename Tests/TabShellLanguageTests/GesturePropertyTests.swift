@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TestSupport
import Testing

/// Random bars (1 to 1,000 tabs, CJK, emoji and combining titles, badges, disabled tabs, an action
/// button, any appearance) at random sizes (10 to 300 columns): every cell `show` draws for an item
/// hits that item, and a click on any cell of a tab selects it (or reselects it, or, disabled,
/// does nothing).
@Suite struct GesturePropertyTests {
  @Test(arguments: 0..<150)
  func drawnCellsHitWhatIsDrawnThere(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
    let bar = try RandomBar(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 3, widths: 10...300)
    let rows = Int.random(in: 1...40, using: &random)
    let options = RenderOptions(width: bar.width, height: rows)
    let layout = TerminalLayout(bar.shell, options: options)
    let frame = Renderer.frame(bar.shell, options: options)
    let note = Comment(rawValue: "seed \(seed): \(bar.width) × \(rows), \(bar.shell.tabCount) tabs")
    #expect(frame.count == rows, note)
    let pieces = layout.drawnPieces
    for piece in pieces {
      for column in piece.column..<(piece.column + piece.line.width) {
        // Drawn for an item: hits it; the rule between slots: nothing.
        #expect(layout.hit(column: column, row: piece.row) == piece.target ?? HitTarget.none, note)
      }
    }
    // The pieces are what `show` draws: side by side, they make its bar rows.
    for row in layout.barTop..<layout.frameHeight {
      let drawn = Self.assemble(pieces.filter { $0.row == row })
      #expect(drawn == frame[row], "\(note), row \(row)")
    }
    if let cap = layout.capLine {
      let text = cap.line.runs.map(\.text).joined()
      let line = frame[cap.row]
      let prefix = Self.prefix(of: line, columns: cap.column)
      #expect(line.dropFirst(prefix.count).hasPrefix(text), "\(note): cap \(text) in \(line)")
    }
  }

  @Test(arguments: 0..<60)
  func aClickOnATabSelectsIt(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
    let bar = try RandomBar(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 5, widths: 10...300)
    let session = try GestureSession(bar.shell, columns: bar.width, rows: 24)
    for _ in 0..<6 {
      let tabs = session.interpreter.layout.drawnPieces.compactMap { piece in
        if case .tab(let position, let id) = piece.target { (piece, position, id) } else { nil }
      }
      let (piece, position, id) = try #require(tabs.randomElement(using: &random), "seed \(seed)")
      let column = piece.column + Int.random(in: 0..<max(1, piece.line.width), using: &random)
      let before = session.shell.selectedPosition
      let enabled = session.shell.item(at: position)?.isEnabled ?? false
      #expect(session.run("click \(column + 1) \(piece.row + 1)") == 0)
      let (_, errors, resolved) = session.take()
      #expect(errors.isEmpty)
      #expect(session.shell.selectedPosition == (enabled ? position : before), "seed \(seed)")
      #expect(resolved == (enabled ? ["tab \(id)"] : []), "seed \(seed)")
    }
  }

  /// Pieces side by side, as one plain line without trailing blanks.
  static func assemble(_ pieces: [(row: Int, column: Int, line: StyledLine, target: HitTarget?)])
    -> String
  {
    var text = ""
    var width = 0
    for piece in pieces.sorted(by: { $0.column < $1.column }) {
      text += String(repeating: " ", count: max(0, piece.column - width))
      width = max(width, piece.column)
      for run in piece.line.runs {
        text += run.text
        width += run.width
      }
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The characters of `line` that take its first `columns` columns.
  static func prefix(of line: String, columns: Int) -> Substring {
    var width = 0
    var end = line.startIndex
    while end < line.endIndex, width < columns {
      width += displayWidth(of: line[end])
      end = line.index(after: end)
    }
    return line[..<end]
  }
}
