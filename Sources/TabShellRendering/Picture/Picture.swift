@_spi(Host) import TabShellKit

/// A screen's region, or the whole frame, as cells: what `screenshot` draws, `record-cast` records
/// and the checks of a screen's text and styles (`expect text`, `expect style`, `expect screen`)
/// read (docs/Contract.md, "Pictures, recordings, locators").
///
/// Made from the lines the frame is drawn with (``StyledLine``), so that a picture shows what
/// `show` shows, made as harmless: each cell holds one character (a wide one in its left cell, its
/// right cell empty) with its colours, the region's background already under cells that have
/// none of their own, and its attributes. The cursor is where the screen placed it, if it did.
package struct Picture: Equatable, Sendable {
  /// The cells (``TabShellKit/Canvas/rows``) and the cursor (``TabShellKit/Canvas/cursor``).
  package private(set) var canvas: Canvas
  /// The rows as styled lines: the text of `.txt` and `.ansi` pictures.
  package let lines: [StyledLine]

  /// A picture of `lines`, `columns` wide, one row a line; `cursor` counted from its top-left.
  package init(lines: [StyledLine], columns: Int, cursor: Canvas.Cursor?) {
    self.lines = lines
    canvas = Canvas(width: columns, height: lines.count)
    for (row, line) in lines.enumerated() {
      var column = 0
      for run in line.runs {
        let style = Canvas.Style(
          foreground: run.style.foreground, background: run.style.background,
          attributes: run.style.attributes)
        canvas.write(run.text, row: row, column: column, style: style)
        column += run.width
      }
    }
    if let cursor, (0..<canvas.height).contains(cursor.row),
      (0..<canvas.width).contains(cursor.column)
    {
      canvas.cursor = cursor
    }
  }

  /// Columns.
  package var columns: Int { canvas.width }
  /// Rows.
  package var rows: Int { canvas.height }
  /// Where the cursor shows, if it does.
  package var cursor: Canvas.Cursor? { canvas.cursor }

  /// The cell at a row and column (0-based).
  package func cell(row: Int, column: Int) -> Canvas.Cell {
    canvas.rows[row][column]
  }

  /// The text of each row, trailing blanks left out (what `show` prints without colour).
  package var text: [String] { lines.map { $0.rendered(.none) } }

  package static func == (left: Picture, right: Picture) -> Bool {
    left.canvas.rows == right.canvas.rows && left.canvas.cursor == right.canvas.cursor
  }
}

extension Renderer {
  /// The whole frame as `show` draws it at the size of `options` (the screen area, the action
  /// button's cap, the bar), with the visible screen's cursor where its region puts it (not under
  /// the cap).
  package static func framePicture(
    _ shell: Shell, options: RenderOptions, scroll: BarScroll = BarScroll()
  ) -> Picture {
    let layout = TerminalLayout(shell, options: options, scroll: scroll)
    let parts = PageRenderer(shell, width: layout.columns, height: layout.pageHeight)
      .visibleParts
    let page = parts.map { [$0.header] + CanvasLines.lines(of: $0.region) } ?? []
    var cursor: Canvas.Cursor?
    if let region = parts?.region, let placed = region.cursor,
      (0..<region.height).contains(placed.row), (0..<region.width).contains(placed.column),
      case .screen? = layout.hit(column: placed.column, row: placed.row + layout.regionTop),
      !layout.isBar(column: placed.column, row: placed.row + layout.regionTop)
    {
      cursor = Canvas.Cursor(
        row: placed.row + layout.regionTop, column: placed.column, shape: placed.shape)
    }
    return Picture(
      lines: layout.frameLines(page: page), columns: layout.columns, cursor: cursor)
  }

  /// A screen's region (the rows under its header) as `show` draws it at the size of `options`,
  /// visible or not, with the cursor it placed; `nil` when there is no screen of this id.
  package static func screenPicture(_ shell: Shell, screen id: String, options: RenderOptions)
    -> Picture?
  {
    guard let screen = shell.screen(id: id) else { return nil }
    let layout = TerminalLayout(shell, options: options)
    let height = max(1, layout.pageHeight)
    let region = PageRenderer(shell, width: layout.columns, height: height).region(screen: screen)
    return Picture(
      lines: CanvasLines.lines(of: region), columns: layout.columns, cursor: region.cursor)
  }
}
