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
  /// The screen area, the cap and the bar as last drawn, and the cursor the screen placed: an
  /// object the view alone holds (it is never copied), read each frame without a copy of the
  /// grid's storage and drawn into in place.
  private final class Base {
    let key: BaseKey
    var grid: CellGrid
    /// The cursor the screen placed in its region (from the region's top left), if any.
    var cursor: FrameWriter.Cursor?
    /// The visible screen and the panes shown when it was drawn: the base is drawn into again
    /// only at the same count of the shell's changes (``Source``), so these hold then, and each
    /// frame an echo draws does not ask the shell again.
    let visibleID: String?
    let panes: ShownPanes?
    /// Whether ``panes`` holds some (asked each frame without copying them).
    let hasPanes: Bool

    init(
      key: BaseKey, grid: CellGrid, cursor: FrameWriter.Cursor?, visibleID: String?,
      panes: ShownPanes?
    ) {
      self.key = key
      self.grid = grid
      self.cursor = cursor
      self.visibleID = visibleID
      self.panes = panes
      hasPanes = panes != nil
    }
  }
  private var base: Base?
  /// What the base was drawn from besides its size (``Source``), and whether it may be stale.
  private var baseSource: Source?
  private var baseIsStale = false
  /// The visible screens' regions kept from frame to frame (the visible screen's, or each pane's
  /// of a tab showing panes), for those whose type draws only what changed
  /// (``TabShellKit/ScreenType/drawsOnlyChanges``): the canvas each drew last, by its id.
  private var kept: [String: Canvas] = [:]
  private var keptNumber = 0
  /// The visible screen whose region the base shows as it drew it straight into the grid
  /// (``TabShellTerminal/GridDrawingScreen``): its id, the number of that drawing, and the
  /// region's size.
  private var keptGrid: (screen: String, number: Int, columns: Int, rows: Int)?
  /// Likewise for the panes of a tab showing panes, by their screens' ids: the number of the
  /// drawing each pane's place in the base shows, and the pane's size.
  private var keptGridPanes = KeptGridPanes()
  /// The kept drawing of each pane ``redrawKeptPanes(_:shell:layout:grids:into:)`` last looked
  /// for, kept to be filled again.
  private var paneNumbers: [(number: Int, intoGrid: Bool)?] = []
  /// A pane's place in the region and what is drawn there, read once for a layout (an object:
  /// going through the places copies a reference, not the screen's record).
  private final class Place {
    let screen: ScreenInfo
    let id: String
    let column: Int
    let row: Int
    let width: Int
    let height: Int
    let onlyChanges: Bool
    /// Its screen as it draws straight into the grid, if it does.
    let grid: (any GridDrawingScreen)?

    init(
      screen: ScreenInfo, id: String, column: Int, row: Int, width: Int, height: Int,
      onlyChanges: Bool, grid: (any GridDrawingScreen)?
    ) {
      self.screen = screen
      self.id = id
      self.column = column
      self.row = row
      self.width = width
      self.height = height
      self.onlyChanges = onlyChanges
      self.grid = grid
    }
  }
  /// The panes' places as made for a layout, and the focused pane's place among them: a frame
  /// of a tab showing panes reads them, and the interpreter keeps its layout until the shell or
  /// the options change (read from the shell, each pane's record was copied and its type and
  /// grid screen looked up by name, each frame).
  private var placesMade: (layout: TerminalLayout, places: [Place], focused: Int?)?
  /// Whether the last frame showed the output panel.
  private var panelShown = false
  /// The rows the last frame changed from the one before it, when it said (`nil`: any).
  private var lastRows: [Int]? {
    willSet { if let lastRows { spareRows = lastRows } }
  }
  /// The array of the frame before the last's rows, to be filled again (``frameRows(_:from:)``).
  private var spareRows: [Int] = []
  /// The command line as the last frame drew it: its row and where it left the cursor, drawn
  /// again only when what it shows or the width changed (its hints' widths are measured then).
  private var drawnCommandLine: (line: CommandLine, row: CellGrid, cursor: FrameWriter.Cursor)?
  /// How many frames in a row drew ``drawnCommandLine`` (0: the last frame drew no command
  /// line). From two on, the frame being drawn, the one before the last, shows it already.
  private var commandLineFrames = 0

  /// What the pages and the bar are drawn from besides the screens' own content: when it is the
  /// same as the base's and only the visible screen, one that draws only what changed, may have
  /// changed, the base is kept and only the region's changed rows are drawn into it again.
  struct Source: Equatable {
    /// The shell's model and screen types, as the count of their changes
    /// (``TabShellKit/Shell/changes``).
    var changes: Int
    /// The view's options, as the count of their settings (``TabShellLanguage/ViewState/optionChanges``,
    /// which the kept layout is keyed on too), where comparing them costs `==` on each field.
    var optionChanges: Int
    var barScroll: BarScroll
  }

  /// The pages may have changed (a command, a gesture, a plugin ran): draw them again.
  mutating func invalidate() {
    pages.removeAll(keepingCapacity: true)
    baseIsStale = true
  }

  /// Every cell must be drawn again (a resize, `fg`, `redraw`): nothing kept is used.
  mutating func invalidateAll() {
    invalidate()
    base = nil
    kept.removeAll()
    keptGrid = nil
    keptGridPanes.removeAll()
    placesMade = nil
    drawnCommandLine = nil
    commandLineFrames = 0
    lastRows = nil
  }

  /// What the command line shows.
  struct CommandLine: Equatable {
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
  /// output panel is open or the action button's cap covers it; and the rows that may differ from
  /// the last frame (`nil`: any), for the frame writer to compare only those.
  mutating func draw(
    into grid: inout CellGrid, layout: TerminalLayout, shell: Shell, drag: SwipeDrag?,
    panel: inout OutputPanel, commandLine: CommandLine, source: Source,
    grids: (any GridDrawingScreens)? = nil
  ) -> (cursor: FrameWriter.Cursor, rows: [Int]?) {
    let key = BaseKey(columns: grid.columns, rows: grid.rows, offset: drag?.offset)
    // A grid keeps the clusters written into it until it is cleared: a program writing ever new
    // ones (a mark on each letter) would grow the kept base's table, and the frame's, for as long
    // as only its rows changed. Past a cluster a cell, both are drawn whole again, anew.
    if let kept = base, kept.grid.clusterCount > kept.grid.columns * kept.grid.rows {
      base = nil
      lastRows = nil
    }
    var screenCursor: FrameWriter.Cursor?
    var changedRows: [Int]?
    // Only the visible screen's content may have changed: its changed rows, under the header,
    // drawn into the base.
    var redrawn: [Int]?
    if let kept = base, kept.key == key, baseIsStale, drag == nil, source == baseSource {
      redrawn = redrawKept(shell: shell, layout: layout, grids: grids, into: kept)
      // The rows drawn again may have brought the base past its bound of clusters: anew then.
      if redrawn != nil, kept.grid.clusterCount > kept.grid.columns * kept.grid.rows {
        redrawn = nil
        lastRows = nil
      }
      // A base that could not be drawn into is drawn anew.
      if redrawn == nil { base = nil }
    }
    // The command line as the frame being drawn shows it already: its row is left as it is.
    var keepsCommandLine = Self.commandLineIsSteady(
      commandLine, layout: layout, columns: grid.columns, rows: grid.rows,
      drawn: drawnCommandLine, frames: commandLineFrames)
    if let kept = base, kept.key == key, !baseIsStale {
      keepsCommandLine =
        Self.bring(
          &grid, to: kept.grid, changed: [], keepingLastRow: keepsCommandLine,
          lastRows: lastRows, panelShown: panelShown)
        && keepsCommandLine
      screenCursor = kept.cursor
      changedRows = []
    } else if let rows = redrawn, let kept = base {
      keepsCommandLine =
        Self.bring(
          &grid, to: kept.grid, changed: rows, keepingLastRow: keepsCommandLine,
          lastRows: lastRows, panelShown: panelShown)
        && keepsCommandLine
      screenCursor = kept.cursor
      changedRows = rows
    } else {
      keepsCommandLine = false
      grid.clear()
      screenCursor = drawScreenArea(
        into: &grid, layout: layout, shell: shell, drag: drag, grids: grids)
      if let (row, column, line) = layout.capLine { grid.draw(line, column: column, row: row) }
      for (offset, line) in layout.barLines.enumerated() {
        grid.draw(line, row: layout.barTop + offset)
      }
      // While a drag slides the pages each frame is new: nothing to keep.
      base =
        drag == nil
        ? Base(
          key: key, grid: grid, cursor: screenCursor, visibleID: shell.visibleScreenID,
          panes: shell.visiblePanes) : nil
      baseSource = source
    }
    baseIsStale = false
    // The panel's rows and the command line's are drawn on the base each frame.
    if panel.isOpen || panelShown { changedRows = nil }
    panelShown = panel.isOpen
    if panel.isOpen { keepsCommandLine = false }
    if changedRows != nil, grid.rows > 0, !keepsCommandLine { changedRows?.append(grid.rows - 1) }
    lastRows = changedRows
    return (
      cursor(
        commandLine, into: &grid, layout: layout, panel: &panel, screen: screenCursor,
        keepsCommandLine: keepsCommandLine),
      changedRows
    )
  }

  /// The frame when only the visible screen's content may have changed since the last frame,
  /// which the mode says (``FullScreenSession``'s frame inputs: the same size, layout, command
  /// line and focus, the screen focus, the panel closed, no drag): what
  /// ``draw(into:layout:shell:drag:panel:commandLine:source:grids:)`` draws then, with only what
  /// may differ done. The screen (each pane's, for a tab showing panes) draws its changed rows
  /// into the base again (``redrawKept(shell:layout:grids:into:)``, as the whole path does); those
  /// and the last frame's are brought into `grid`; the command line stays (or the compact bar's
  /// status row, the base's); the cursor goes where the screen placed it. `nil`, with nothing
  /// drawn, when that is not the frame: no base kept, the last two frames did not keep the
  /// command line, or the screen could not draw into the base (which is then drawn anew).
  mutating func drawScreenChanges(
    into grid: inout CellGrid, layout: TerminalLayout, shell: Shell,
    grids: (any GridDrawingScreens)?
  ) -> (cursor: FrameWriter.Cursor, rows: [Int])? {
    guard let kept = base, baseIsStale, !panelShown,
      lastRows != nil, kept.key == BaseKey(columns: grid.columns, rows: grid.rows, offset: nil),
      kept.grid.clusterCount <= kept.grid.columns * kept.grid.rows,
      layout.reservedRows > 0, layout.rows == grid.rows
    else { return nil }
    // The compact bar's status row keeps the tabs in the screen focus: the last row is the
    // base's. Else the command line is there, as the last two frames drew it (asked in place:
    // the command line kept, copied, retains each of its strings).
    let statusRow = layout.statusRow != nil
    guard statusRow || commandLineFrames >= 2 && drawnCommandLine?.row.columns == grid.columns
    else { return nil }
    guard var rows = redrawKept(shell: shell, layout: layout, grids: grids, into: kept),
      kept.grid.clusterCount <= kept.grid.columns * kept.grid.rows
    else {
      base = nil
      lastRows = nil
      return nil
    }
    baseIsStale = false
    let last = grid.rows - 1
    var cursor = FrameWriter.Cursor(column: 0, row: last, isVisible: false)
    if statusRow {
      Self.bring(
        &grid, to: kept.grid, changed: rows, keepingLastRow: false, lastRows: lastRows,
        panelShown: false)
      rows.append(last)
      commandLineFrames = 0
    } else {
      // The frame being drawn shows the command line already (``commandLineIsSteady``), unless
      // the whole base was brought over it: then the row kept is drawn again.
      if !Self.bring(
        &grid, to: kept.grid, changed: rows, keepingLastRow: true, lastRows: lastRows,
        panelShown: false), let row = drawnCommandLine?.row
      {
        grid.draw(row, column: 0, row: last)
        rows.append(last)
      }
      if let kept = keptCommandLine(row: last) { cursor = kept }
    }
    lastRows = rows
    return (Self.placing(kept.cursor, else: cursor, layout: layout), rows)
  }

  /// Whether the command line takes the last row in this frame showing what the last two frames
  /// drew there, so that the frame being drawn (the one before the last) shows it already.
  private static func commandLineIsSteady(
    _ line: CommandLine, layout: TerminalLayout, columns: Int, rows: Int,
    drawn: (line: CommandLine, row: CellGrid, cursor: FrameWriter.Cursor)?, frames: Int
  ) -> Bool {
    guard frames >= 2, let drawn, drawn.row.columns == columns,
      layout.reservedRows > 0, layout.rows == rows,
      layout.statusRow == nil || line.focus.opensStatusRow
    else { return false }
    return drawn.line == line
  }

  /// The visible screen, one that draws only what changed, drawn again into its kept canvas, and
  /// that canvas's changed rows into the base (the cap drawn again over them); the frame's rows
  /// drawn again, or `nil` when it has no kept canvas at the base's size (the base is then
  /// drawn anew).
  private mutating func redrawKept(
    shell: Shell, layout: TerminalLayout, grids: (any GridDrawingScreens)?, into base: Base
  ) -> [Int]? {
    // Asked of a flag first: the panes' optional, a value of the core's, was copied (through its
    // value witnesses) at each frame of a tab that shows none.
    if base.hasPanes {
      return redrawKeptPanes(shell: shell, layout: layout, grids: grids, into: base)
    }
    if let drawn = keptGrid {
      // The screen drew its region straight into the base: it draws its changed rows there again.
      guard let id = base.visibleID, id == drawn.screen,
        drawn.columns == layout.columns, drawn.rows == layout.regionRows,
        let screen = grids?.gridScreen(id),
        let drawing = screen.draw(
          into: &base.grid, column: 0, row: layout.regionTop, width: drawn.columns,
          height: drawn.rows, kept: drawn.number)
      else { return nil }
      if let (row, column, line) = layout.capLine {
        base.grid.draw(line, column: column, row: row)
      }
      base.cursor = drawing.cursor
      return frameRows(drawing.rows, from: layout.regionTop)
    }
    guard let screen = shell.visibleScreen, var canvas = kept[screen.id],
      screen.failure == nil, shell.visibleScreenType?.drawsOnlyChanges == true,
      canvas.width == layout.columns, canvas.height == layout.regionRows
    else { return nil }
    kept.removeAll()
    shell.draw(screen: screen.id, in: &canvas)
    let rows = canvas.changedRows
    base.grid.draw(canvas: canvas, row: layout.regionTop, only: rows)
    if let (row, column, line) = layout.capLine {
      base.grid.draw(line, column: column, row: row)
    }
    base.cursor = Self.regionCursor(canvas)
    keepCanvas(&canvas, of: screen.id)
    return frameRows(rows, from: layout.regionTop)
  }

  /// An empty array for a frame's rows: the one the frame before the last left (``spareRows``),
  /// not a new one each frame.
  private mutating func emptyRows() -> [Int] {
    var rows = spareRows
    spareRows = []
    rows.removeAll(keepingCapacity: true)
    return rows
  }

  /// A region's rows `rows` as the frame's, the region starting at row `top`: with room for the
  /// command line's row, which ``draw(into:layout:shell:drag:panel:commandLine:source:grids:)``
  /// adds (one array a frame, not two).
  private mutating func frameRows(_ rows: [Int], from top: Int) -> [Int] {
    var frameRows = emptyRows()
    frameRows.reserveCapacity(rows.count + 1)
    for row in rows { frameRows.append(row + top) }
    return frameRows
  }

  /// ``redrawKept(shell:layout:into:)`` for a tab showing panes: each pane whose screen draws
  /// only what changed draws into the canvas it kept and its changed rows go into the base; any
  /// other pane (its content may change with nothing in the model: a clock) is drawn whole into
  /// its place. The borders stay: they change only with the model. `nil` when a pane that draws
  /// only what changed has no kept canvas of its size (the whole page is drawn then).
  private mutating func redrawKeptPanes(
    shell: Shell, layout: TerminalLayout, grids: (any GridDrawingScreens)?, into base: Base
  ) -> [Int]? {
    let region = (columns: layout.columns, rows: layout.regionRows)
    let top = layout.regionTop
    let (places, focused) = panePlaces(of: base, shell: shell, layout: layout, grids: grids)
    // A pane that draws only what changed needs what the base shows of it.
    // Filled again in the array kept for it (each frame an echo in a pane draws made one).
    var numbers = paneNumbers
    paneNumbers = []
    defer { paneNumbers = numbers }
    numbers.removeAll(keepingCapacity: true)
    for (index, place) in places.enumerated() {
      let number =
        place.onlyChanges
        ? keptDrawing(of: place.id, at: index, width: place.width, height: place.height) : nil
      if place.onlyChanges, number == nil { return nil }
      numbers.append(number)
    }
    // A few rows each frame (an echo's one): appended, then sorted and made unique once, with
    // room for the command line's, which the frame adds.
    var rows = emptyRows()
    rows.reserveCapacity(8)
    var cursor: FrameWriter.Cursor?
    for (index, (place, drawn)) in zip(places, numbers).enumerated() {
      let number = drawn?.number
      // A pane wholly in the region whose screen draws straight into the grid draws its
      // changed rows there (its kept canvas, if any, is dropped: the base holds the drawing).
      if place.onlyChanges, place.column + place.width <= region.columns,
        place.row + place.height <= region.rows, let number, let screen = place.grid
      {
        // A pane beside the focused one that drew into the grid last and has nothing new (it
        // did not echo the key): the base shows it as it is, and its cursor is not shown.
        if drawn?.intoGrid == true, index != focused,
          screen.drawsNothing(kept: number, width: place.width, height: place.height)
        {
          continue
        }
        guard
          let drawing = screen.draw(
            into: &base.grid, column: place.column, row: top + place.row, width: place.width,
            height: place.height, kept: number)
        else { return nil }
        if !kept.isEmpty { kept.removeValue(forKey: place.id) }
        // Drawn into the grid at this size last time too: the entry is as it is.
        if drawn?.intoGrid != true {
          keptGridPanes.set(place.id, (number, place.width, place.height))
        }
        for row in drawing.rows { rows.append(top + place.row + row) }
        if index == focused, let own = drawing.cursor {
          cursor = FrameWriter.Cursor(
            column: place.column + own.column, row: place.row + own.row, shapeCode: own.shapeCode)
        }
        continue
      }
      // A pane drawn straight into the grid last, now through a canvas: drawn whole again.
      guard keptGridPanes[place.id] == nil else { return nil }
      var canvas: Canvas
      let only: [Int]?
      // Taken out of the kept ones while it draws, so that its storage is not copied.
      if place.onlyChanges, let old = kept.removeValue(forKey: place.id) {
        canvas = old
        shell.draw(screen: place.id, in: &canvas)
        only = canvas.changedRows
        keepCanvas(&canvas, of: place.id)
      } else {
        canvas = Renderer.paneCanvas(
          shell, screen: place.screen, width: place.width, height: place.height)
        only = nil
      }
      // Within the region, as the page draws it (the grid clips the columns: it is as wide).
      let visibleRows = (only ?? Array(0..<canvas.height)).filter { place.row + $0 < region.rows }
      base.grid.draw(
        canvas: canvas, column: place.column, row: top + place.row, only: visibleRows)
      rows.append(contentsOf: visibleRows.map { top + place.row + $0 })
      if index == focused, let own = Self.regionCursor(canvas),
        place.column + own.column < region.columns, place.row + own.row < region.rows
      {
        cursor = FrameWriter.Cursor(
          column: place.column + own.column, row: place.row + own.row, shapeCode: own.shapeCode)
      }
    }
    if let (row, column, line) = layout.capLine {
      base.grid.draw(line, column: column, row: row)
    }
    base.cursor = cursor
    // Sorted, and each row once (two panes side by side share rows), in place.
    rows.sort()
    var unique = 0
    for index in rows.indices where unique == 0 || rows[index] != rows[unique - 1] {
      rows[unique] = rows[index]
      unique += 1
    }
    rows.removeLast(rows.count - unique)
    return rows
  }

  /// The panes of a tab showing panes within the region (those `base` shows), and the focused
  /// one's place among them, as made for `layout` (``placesMade``). Its index, not its screen's
  /// id: each frame compared the id with each pane's; and the panes are read from the base
  /// only when the layout changed (a value of the core's, copied through its value witnesses).
  private mutating func panePlaces(
    of base: Base, shell: Shell, layout: TerminalLayout, grids: (any GridDrawingScreens)?
  ) -> (places: [Place], focused: Int?) {
    if let made = placesMade, made.layout === layout { return (made.places, made.focused) }
    guard let panes = base.panes else { return ([], nil) }
    var places: [Place] = []
    for pane in panes.panes {
      let (screen, frame) = (pane.screen, pane.frame)
      guard frame.column < layout.columns, frame.row < layout.regionRows else { continue }
      places.append(
        Place(
          screen: screen, id: screen.id, column: frame.column, row: frame.row,
          width: frame.width, height: frame.height,
          onlyChanges: Self.drawsOnlyChanges(screen, shell), grid: grids?.gridScreen(screen.id)))
    }
    let id = panes.focused
    let focused = places.firstIndex { $0.id == id }
    placesMade = (layout, places, focused)
    return (places, focused)
  }

  /// The number of the drawing of `screen` that the base shows, kept at this size: its kept
  /// canvas's, or the one it drew straight into the base. `place`: the pane's place among the
  /// panes, where the drawings kept are looked for first (``KeptGridPanes/drawn(of:at:)``).
  /// `intoGrid`: the drawing was straight into the base.
  private func keptDrawing(of screen: String, at place: Int, width: Int, height: Int)
    -> (number: Int, intoGrid: Bool)?
  {
    if let drawn = keptGridPanes.drawn(of: screen, at: place) {
      return drawn.columns == width && drawn.rows == height ? (drawn.number, true) : nil
    }
    guard let canvas = kept[screen], canvas.width == width, canvas.height == height,
      let number = canvas.keptDrawing
    else { return nil }
    return (number, false)
  }

  /// Whether `screen` (not failed) is of a type that draws only what changed.
  private static func drawsOnlyChanges(_ screen: ScreenInfo, _ shell: Shell) -> Bool {
    screen.failure == nil && shell.screenType(named: screen.type)?.drawsOnlyChanges == true
  }

  /// Keeps a region's canvas for its screen's next drawing.
  private mutating func keepCanvas(_ canvas: inout Canvas, of screen: String) {
    if canvas.keptDrawing == nil { keptNumber += 1 }
    canvas.keep(as: canvas.keptDrawing ?? keptNumber)
    kept[screen] = canvas
  }

  /// The cursor a screen placed in its region, if inside it.
  private static func regionCursor(_ region: Canvas) -> FrameWriter.Cursor? {
    guard let cursor = region.cursor, (0..<region.height).contains(cursor.row),
      (0..<region.width).contains(cursor.column)
    else { return nil }
    return FrameWriter.Cursor(cursor)
  }

  /// Makes the frame being drawn, the one before the last (the frame writer keeps two and swaps
  /// them), the base again: only the rows the last frame or this one changed (and the command
  /// line's and the panel's, drawn over it), when the last frame says which; else all of them.
  /// With `keepingLastRow`, the last row (the command line's, the same) is left as it is.
  /// Whether only rows were taken (else the whole base was).
  @discardableResult
  private static func bring(
    _ grid: inout CellGrid, to base: CellGrid, changed: [Int], keepingLastRow: Bool,
    lastRows: [Int]?, panelShown: Bool
  ) -> Bool {
    guard let lastRows, !panelShown, grid.columns == base.columns, grid.rows == base.rows,
      grid.clusterCount <= grid.columns * grid.rows
    else {
      grid = base
      return false
    }
    // A few rows each (an echo's one, the command line's): each copied once, with no array made
    // of them (a frame an echo draws would make one).
    let last = grid.rows - 1
    for row in lastRows where !(keepingLastRow && row == last) {
      grid.copyRow(row, from: base)
    }
    for row in changed where !(keepingLastRow && row == last) && !lastRows.contains(row) {
      grid.copyRow(row, from: base)
    }
    if !keepingLastRow, !lastRows.contains(last), !changed.contains(last) {
      grid.copyRow(last, from: base)
    }
    return true
  }

  /// Draws the command line on `row`: the row the last frame drew, when it shows the same at the
  /// same width. Where it leaves the cursor.
  private mutating func drawCommandLine(
    _ line: CommandLine, into grid: inout CellGrid, row: Int
  ) -> FrameWriter.Cursor {
    if let drawn = drawnCommandLine, drawn.line == line, drawn.row.columns == grid.columns {
      commandLineFrames += 1
      grid.draw(drawn.row, column: 0, row: row)
      var cursor = drawn.cursor
      cursor.row = row
      return cursor
    }
    var drawn = CellGrid(columns: grid.columns, rows: 1)
    let cursor = CommandLineDrawing.draw(line, into: &drawn, row: 0)
    drawnCommandLine = (line, drawn, cursor)
    commandLineFrames = 1
    grid.draw(drawn, column: 0, row: row)
    var placed = cursor
    placed.row = row
    return placed
  }

  /// The command line the last frames drew, kept on `row` in this one: where it leaves the
  /// cursor (`nil` when none was drawn). Read in place: the command line kept, copied, retains
  /// each of its strings.
  private mutating func keptCommandLine(row: Int) -> FrameWriter.Cursor? {
    guard var cursor = drawnCommandLine?.cursor else { return nil }
    commandLineFrames += 1
    cursor.row = row
    return cursor
  }

  /// Draws the panel and the command line over the base; where the cursor goes.
  private mutating func cursor(
    _ commandLine: CommandLine, into grid: inout CellGrid, layout: TerminalLayout,
    panel: inout OutputPanel, screen screenCursor: FrameWriter.Cursor?, keepsCommandLine: Bool
  ) -> FrameWriter.Cursor {
    // With the compact bar a message (one line that fits) shows in the status row, unless the
    // command line has the row: then it is a panel as any output.
    let message = panel.statusMessage(layout, focus: commandLine.focus)
    let panelCovers = panel.isOpen && message == nil
    if panelCovers {
      PanelDrawing.draw(
        &panel, into: &grid, bottom: layout.capRow ?? layout.screenHeight,
        screenFocus: commandLine.focus.isTheScreens)
    }
    guard layout.reservedRows > 0 else {
      commandLineFrames = 0
      return FrameWriter.Cursor(column: 0, row: 0, isVisible: false)
    }
    var cursor = FrameWriter.Cursor(column: 0, row: layout.rows - 1, isVisible: false)
    if let statusRow = layout.statusRow, !commandLine.focus.opensStatusRow {
      // The status row keeps the tabs, or shows the message.
      commandLineFrames = 0
      if let message { CommandLineDrawing.draw(message, into: &grid, row: statusRow) }
    } else if keepsCommandLine, let kept = keptCommandLine(row: layout.rows - 1) {
      // The frame being drawn shows it already (``commandLineIsSteady``).
      cursor = kept
    } else {
      // The whole row, over the tabs when the status row has them.
      cursor = drawCommandLine(commandLine, into: &grid, row: layout.rows - 1)
    }
    guard commandLine.focus.isTheScreens, !panelCovers else { return cursor }
    return Self.placing(screenCursor, else: cursor, layout: layout)
  }

  /// The cursor the screen placed in its region, on the terminal; `cursor` when it placed none
  /// or the cap covers it.
  private static func placing(
    _ screenCursor: FrameWriter.Cursor?, else cursor: FrameWriter.Cursor, layout: TerminalLayout
  ) -> FrameWriter.Cursor {
    guard let screenCursor else { return cursor }
    // The region starts under the page's header (on the first row with the compact bar). The
    // cursor is inside the screen's region (a pane's, for a tab showing panes): the area's cells
    // there are the screen's, but where the cap covers them.
    let row = screenCursor.row + layout.regionTop
    guard row >= layout.regionTop, layout.isScreenArea(column: screenCursor.column, row: row)
    else { return cursor }
    var placed = screenCursor
    placed.row = row
    return placed
  }

  /// The visible page, or during a drag the visible page where the pointer put it and the page
  /// it brings in beside it (both kept for the drag's next frames). At rest, returns the cursor
  /// the screen placed in its region (inside it), if any.
  private mutating func drawScreenArea(
    into grid: inout CellGrid, layout: TerminalLayout, shell: Shell, drag: SwipeDrag?,
    grids: (any GridDrawingScreens)?
  ) -> FrameWriter.Cursor? {
    keptGrid = nil
    keptGridPanes.removeAll()
    let (columns, rows, top) = (layout.columns, layout.pageHeight, layout.regionTop)
    guard layout.screenHeight > 0 else { return nil }
    guard let drag else {
      // At rest the page is drawn in place: the frame is kept whole until something runs. A
      // screen that draws only what changed draws into the canvas it drew last.
      if shell.visiblePanes != nil {
        // Each pane that draws only what changed draws into the canvas it kept, if any.
        var old = kept
        kept.removeAll()
        let parts = Renderer.visiblePaneParts(shell, width: columns, height: rows) {
          screen, canvas in
          guard Self.drawsOnlyChanges(screen, shell) else { return false }
          if let previous = old.removeValue(forKey: screen.id), previous.width == canvas.width,
            previous.height == canvas.height
          {
            canvas = previous
          }
          shell.draw(screen: screen.id, in: &canvas)
          keepCanvas(&canvas, of: screen.id)
          return true
        }
        if let parts {
          if top > 0 { grid.draw(parts.header, row: 0) }
          grid.draw(canvas: parts.region, row: top)
          return Self.regionCursor(parts.region)
        }
      }
      if let screen = shell.visibleScreen, screen.failure == nil, shell.visiblePanes == nil,
        shell.visibleScreenType?.drawsOnlyChanges == true,
        let header = Renderer.visibleHeader(shell, width: columns, height: rows)
      {
        // A screen that draws straight into the grid draws there, kept under a new number.
        if let gridScreen = grids?.gridScreen(screen.id),
          let drawing = gridScreen.draw(
            into: &grid, column: 0, row: top, width: columns, height: rows - 1,
            kept: keptNumber + 1)
        {
          keptNumber += 1
          kept.removeAll()
          keptGrid = (screen.id, keptNumber, columns, rows - 1)
          if top > 0 { grid.draw(header, row: 0) }
          return drawing.cursor
        }
        var canvas =
          kept[screen.id].flatMap {
            $0.width == columns && $0.height == rows - 1 ? $0 : nil
          } ?? Canvas(width: columns, height: rows - 1)
        kept.removeAll()
        shell.draw(screen: screen.id, in: &canvas)
        if top > 0 { grid.draw(header, row: 0) }
        grid.draw(canvas: canvas, row: top)
        keepCanvas(&canvas, of: screen.id)
        return Self.regionCursor(canvas)
      }
      kept.removeAll()
      guard let page = Renderer.pageParts(shell, width: columns, height: rows) else { return nil }
      if top > 0 { grid.draw(page.header, row: 0) }
      grid.draw(canvas: page.region, row: top)
      return Self.regionCursor(page.region)
    }
    let visible = page(nil, shell: shell, columns: columns, rows: rows, top: top)
    let offset = drag.offset
    grid.draw(visible, column: offset, row: 0)
    guard offset != 0, let target = shell.model.swipe?.target else { return nil }
    let incoming = page(target + 1, shell: shell, columns: columns, rows: rows, top: top)
    grid.draw(incoming, column: offset < 0 ? offset + columns : offset - columns, row: 0)
    return nil
  }

  /// A page (the visible one, or the top of the tab at a position), drawn once until
  /// ``invalidate()``: its header and its region under it, or its region alone when `top` is 0
  /// (the compact bar).
  private mutating func page(_ tab: Int?, shell: Shell, columns: Int, rows: Int, top: Int)
    -> CellGrid
  {
    let key = PageKey(tab: tab, columns: columns, rows: rows)
    if let kept = pages[key] { return kept }
    var grid = CellGrid(columns: columns, rows: rows - 1 + top)
    if let page = Renderer.pageParts(shell, tab: tab, width: columns, height: rows) {
      if top > 0 { grid.draw(page.header, row: 0) }
      grid.draw(canvas: page.region, row: top)
    }
    pages[key] = grid
    return grid
  }
}

/// The drawings the panes drew straight into the base (``FullScreenView``'s `keptGridPanes`), by
/// their screens' ids: a few, looked for at each frame, so a list gone through, where hashing each
/// id cost more than comparing it with every other.
private struct KeptGridPanes {
  private var entries: [(screen: String, drawn: (number: Int, columns: Int, rows: Int))] = []

  subscript(screen: String) -> (number: Int, columns: Int, rows: Int)? {
    for entry in entries where entry.screen == screen { return entry.drawn }
    return nil
  }

  /// The same, looked for at `index` first: the panes' drawings are kept in the order of their
  /// places, and a name compared with another than itself costs more than one compared with
  /// itself (each frame of a tab of panes looks each pane up).
  func drawn(of screen: String, at index: Int) -> (number: Int, columns: Int, rows: Int)? {
    if entries.indices.contains(index), entries[index].screen == screen {
      return entries[index].drawn
    }
    return self[screen]
  }

  mutating func set(_ screen: String, _ drawn: (number: Int, columns: Int, rows: Int)) {
    if let index = entries.firstIndex(where: { $0.screen == screen }) {
      entries[index].drawn = drawn
    } else {
      entries.append((screen, drawn))
    }
  }

  mutating func removeAll() { entries.removeAll() }
}
