@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellTerminal

/// Draws the full-screen mode's frames into a cell grid (docs/Contract.md, "The full-screen
/// mode"): the screen area (the visible screen's page, or two pages side by side while a drag
/// slides them), the action button's cap, the bar, the output panel over the screen area, and the
/// command line on the last row. Where things are comes from ``TabShellRendering/TerminalLayout``,
/// the same layout that `show` draws and the gestures hit-test.
///
/// Pages are drawn once and kept until something runs (``invalidate()``): a drag moves two kept
/// pages. The screen area and the bar together are kept too, so that typing, the panel and the
/// cursor cost only their own cells.
struct FullScreenView {
  /// A page kept: which one, at which size.
  private struct PageKey: Hashable {
    var tab: Int?
    package var columns: Int
    package var rows: Int
  }

  /// The screen area, the cap and the bar, as drawn for a size and a drag's offset.
  private struct BaseKey: Equatable {
    package var columns: Int
    package var rows: Int
    var offset: Int?
  }

  private var pages: [PageKey: CellGrid] = [:]
  private var base: (key: BaseKey, grid: CellGrid, cursor: Canvas.Cursor?)?

  /// The pages may have changed (a command, a gesture, a plugin ran): draw them again.
  mutating func invalidate() {
    pages.removeAll(keepingCapacity: true)
    base = nil
  }

  /// What the command line shows.
  struct CommandLine {
    /// The focus: the command line (readline) or the bar (single keys).
    package var focus: KeyFocus
    /// The prompt readline shows (its search's while Ctrl-R searches).
    package var prompt: String
    /// The line, as UTF-8, and the cursor's byte offset in it.
    var text: [UInt8]
    var point: Int
    /// The visible screen's id, for the bar and screen focuses' prompt.
    var screen: String
    /// The bar or screen focus's hints, longest first (``KeyTable/barHints(presented:screenTakesInput:)``,
    /// ``KeyTable/screenHints(afterPrefix:)``): which keys do
    /// what, saying how to dismiss a presented screen.
    var hints: [String] = []
    /// Whether an empty line shows what to type (not while readline searches the history).
    var showsPlaceholder = true
    /// In the `confirm` focus, the yes-or-no question asked.
    var question: String?
  }

  /// Draws a frame; returns where the cursor goes: on the command line, or in the screen focus
  /// where the screen placed it (``TabShellKit/Canvas/cursor``), hidden when it placed none, the
  /// output panel is open or the action button's cap covers it.
  mutating func draw(
    into grid: inout CellGrid, layout: TerminalLayout, shell: Shell, drag: SwipeDrag?,
    panel: inout OutputPanel, commandLine: CommandLine
  ) -> FrameWriter.Cursor {
    let key = BaseKey(columns: grid.columns, rows: grid.rows, offset: drag?.offset)
    var screenCursor: Canvas.Cursor?
    if let base, base.key == key {
      grid = base.grid
      screenCursor = base.cursor
    } else {
      grid.clear()
      screenCursor = drawScreenArea(into: &grid, layout: layout, shell: shell, drag: drag)
      if let (row, column, line) = layout.capLine { grid.draw(line, column: column, row: row) }
      for (offset, line) in layout.barLines.enumerated() {
        grid.draw(line, row: layout.barTop + offset)
      }
      // While a drag slides the pages each frame is new: nothing to keep.
      base = drag == nil ? (key, grid, screenCursor) : nil
    }
    if panel.isOpen {
      PanelDrawing.draw(
        &panel, into: &grid, bottom: layout.capRow ?? layout.screenHeight,
        screenFocus: commandLine.focus.isTheScreens)
    }
    guard layout.reservedRows > 0 else {
      return FrameWriter.Cursor(column: 0, row: 0, isVisible: false)
    }
    let cursor = CommandLineDrawing.draw(commandLine, into: &grid, row: layout.rows - 1)
    guard commandLine.focus.isTheScreens, !panel.isOpen,
      let screenCursor
    else { return cursor }
    // The region starts under the page's header.
    let row = screenCursor.row + 1
    guard case .screen? = layout.hit(column: screenCursor.column, row: row) else { return cursor }
    return FrameWriter.Cursor(column: screenCursor.column, row: row)
  }

  /// The visible page, or during a drag the visible page where the pointer put it and the page
  /// it brings in beside it (both kept for the drag's next frames). At rest, returns the cursor
  /// the screen placed in its region (inside it), if any.
  private mutating func drawScreenArea(
    into grid: inout CellGrid, layout: TerminalLayout, shell: Shell, drag: SwipeDrag?
  ) -> Canvas.Cursor? {
    let (columns, rows) = (layout.columns, layout.screenHeight)
    guard rows > 0 else { return nil }
    guard let drag else {
      // At rest the page is drawn in place: the frame is kept whole until something runs.
      guard let page = Renderer.pageParts(shell, width: columns, height: rows) else { return nil }
      grid.draw(page.header, row: 0)
      grid.draw(canvas: page.region, row: 1)
      guard let cursor = page.region.cursor, (0..<page.region.height).contains(cursor.row),
        (0..<page.region.width).contains(cursor.column)
      else { return nil }
      return cursor
    }
    let visible = page(nil, shell: shell, columns: columns, rows: rows)
    let offset = drag.offset
    grid.draw(visible, column: offset, row: 0)
    guard offset != 0, let target = shell.model.swipe?.target else { return nil }
    let incoming = page(target + 1, shell: shell, columns: columns, rows: rows)
    grid.draw(incoming, column: offset < 0 ? offset + columns : offset - columns, row: 0)
    return nil
  }

  /// A page (the visible one, or the top of the tab at a position), drawn once until
  /// ``invalidate()``.
  private mutating func page(_ tab: Int?, shell: Shell, columns: Int, rows: Int) -> CellGrid {
    let key = PageKey(tab: tab, columns: columns, rows: rows)
    if let kept = pages[key] { return kept }
    var grid = CellGrid(columns: columns, rows: rows)
    if let page = Renderer.pageParts(shell, tab: tab, width: columns, height: rows) {
      grid.draw(page.header, row: 0)
      grid.draw(canvas: page.region, row: 1)
    }
    pages[key] = grid
    return grid
  }
}
