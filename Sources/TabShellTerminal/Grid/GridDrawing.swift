@_spi(Host) import TabShellKit

/// A screen that can draw its region straight into the frame's grid, beside the one screen
/// protocol (``TabShellKit/Screen/draw(in:)``): a terminal tab, whose cells would otherwise be
/// written into a canvas a string a cell and turned back into the grid's cells, half of what a
/// key echoed costs. What it draws is what it would draw into a canvas drawn into the grid
/// (``CellGrid/draw(canvas:column:row:only:)``); when it cannot (copy mode, a view scrolled
/// back), it says so and the canvas is used.
package protocol GridDrawingScreen: AnyObject {
  /// Draws the screen's region of `width` × `height` cells into `grid` with its top-left cell
  /// at (`column`, `row`). `kept` numbers a drawing the grid keeps: when the screen's last
  /// drawing had the same number (the grid still shows it), only the rows that changed since are
  /// drawn again, else all of them; without it every row is drawn and what changed is left for
  /// the kept drawing. The rows drawn (from the region's top) and the cursor the screen placed in
  /// its region, if any; `nil` when the screen draws through its canvas now.
  func draw(
    into grid: inout CellGrid, column: Int, row: Int, width: Int, height: Int, kept: Int?
  ) -> GridDrawing?

  /// Whether ``draw(into:column:row:width:height:kept:)`` with these would draw no row and
  /// change nothing: nothing shown changed since the drawing `kept` at this size (a pane beside
  /// the one that took a key). It does not say where the cursor is: a caller that needs it draws.
  func drawsNothing(kept: Int, width: Int, height: Int) -> Bool
}

/// What a ``GridDrawingScreen`` drew: the region's rows it drew again, and its cursor.
package struct GridDrawing {
  /// The rows drawn, from the region's top.
  package var rows: [Int]
  /// The cursor the screen placed in its region (inside it, from the region's top left), if any.
  /// Not the core's resilient ``TabShellKit/Canvas/Cursor``: each echo a terminal tab draws
  /// copied that one's optional through the runtime.
  package var cursor: FrameWriter.Cursor?

  /// Makes one.
  package init(rows: [Int], cursor: FrameWriter.Cursor?) {
    self.rows = rows
    self.cursor = cursor
  }
}

/// The screens of the shell that draw straight into the grid, by id (the host's terminal tabs).
package protocol GridDrawingScreens: AnyObject {
  /// The screen `id`, when it draws straight into the grid.
  func gridScreen(_ id: String) -> (any GridDrawingScreen)?
}
