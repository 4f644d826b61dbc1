@_spi(Host) import TabShellKit

/// Draws a shell as text for a terminal: the bar as one line, a whole frame, pages, and the tabs
/// table.
///
/// Every line fits in ``RenderOptions/width`` columns by display width (wide characters count two,
/// combining marks none). The layout is the same in every colour mode: the selected item is in
/// `[brackets]`, the action button in `<angle brackets>`, a disabled title between tildes, a badge in
/// parentheses, a tab's position before its title; colour only adds escape sequences, and `.none`
/// has none at all. Titles that do not fit end in "…"; when the items do not fit, the bar shows a
/// window of them around the selected one (or where the user scrolled it), with "+N" markers
/// counting the hidden tabs.
///
/// Rendering reads the shell and changes nothing. Its cost grows with the size, not with the
/// number of tabs (``tabsTable(_:options:)`` excepted: it has a row per tab).
package enum Renderer {
  /// The bar as one line: what the REPL prints above its prompt. Empty when there are no tabs and
  /// no action button. It draws the bar even while it is hidden: the caller checks
  /// ``Shell/isBarHidden`` (``frame(_:options:scroll:)`` does).
  package static func barLine(_ shell: Shell, options: RenderOptions) -> String {
    guard BarEntries(shell).count > 0 else { return "" }
    return BarRenderer(shell, width: options.columns, oneLine: true).line.rendered(options.color)
  }

  /// The whole frame as ``TerminalLayout`` lays it out, one line a row: the screen area (a header
  /// naming the visible screen, then its region), the action button's cap over its last row, then
  /// the bar (unless hidden) as three rows: a rule that marks the selected slot, the icons with
  /// their badges, and the titles with the tabs' positions. The reserved rows are left out.
  package static func frame(
    _ shell: Shell, options: RenderOptions, scroll: BarScroll = BarScroll()
  ) -> [String] {
    frameLines(shell, options: options, scroll: scroll).map { $0.rendered(options.color) }
  }

  /// The frame's styled lines (see ``frame(_:options:scroll:)``).
  package static func frameLines(
    _ shell: Shell, options: RenderOptions, scroll: BarScroll = BarScroll()
  ) -> [StyledLine] {
    let layout = TerminalLayout(shell, options: options, scroll: scroll)
    let page = PageRenderer(shell, width: layout.columns, height: layout.pageHeight).visible
    return layout.frameLines(page: page)
  }

  /// The page (header and region, `height` rows) of the visible screen, or, with `tab`, of the top
  /// screen of the tab at that position: what a swipe brings in.
  package static func page(_ shell: Shell, tab: Int? = nil, width: Int, height: Int)
    -> [StyledLine]
  {
    let renderer = PageRenderer(shell, width: width, height: height)
    return tab.map(renderer.page(ofTab:)) ?? renderer.visible
  }

  /// The page's parts, for a terminal that draws the region's cells itself: the header line and
  /// the region's canvas (`height - 1` rows), or `nil` for a height of 0.
  package static func pageParts(_ shell: Shell, tab: Int? = nil, width: Int, height: Int)
    -> (header: StyledLine, region: Canvas)?
  {
    let renderer = PageRenderer(shell, width: width, height: height)
    return tab.map(renderer.parts(ofTab:)) ?? renderer.visibleParts
  }

  /// The visible page's header and region when its tab shows panes, `drawPane` drawing each
  /// pane's screen that did not fail when it returns true (into a canvas of the pane's size it may
  /// replace by one it kept); `nil` when the visible tab shows no panes.
  package static func visiblePaneParts(
    _ shell: Shell, width: Int, height: Int,
    drawingPane drawPane: (ScreenInfo, inout Canvas) -> Bool
  ) -> (header: StyledLine, region: Canvas)? {
    PageRenderer(shell, width: width, height: height).visibleParts(drawingPane: drawPane)
  }

  /// A pane's screen drawn as a page draws it in a pane of `width` × `height`: its content, or its
  /// failure when it failed.
  package static func paneCanvas(_ shell: Shell, screen: ScreenInfo, width: Int, height: Int)
    -> Canvas
  {
    var canvas = Canvas(width: width, height: height)
    PageRenderer(shell, width: width, height: height + 1).draw(screen, in: &canvas)
    return canvas
  }

  /// The visible page's header line, for a terminal that draws the region's cells itself (from a
  /// canvas it keeps: ``TabShellKit/ScreenType/drawsOnlyChanges``); `nil` without a visible
  /// screen or for a height of 0.
  package static func visibleHeader(_ shell: Shell, width: Int, height: Int) -> StyledLine? {
    PageRenderer(shell, width: width, height: height).visibleHeader
  }

  /// A canvas as the frame's lines show it: each cell's colours and attributes on the region's
  /// background, what a screen left in its cells made harmless.
  package static func lines(of canvas: Canvas) -> [StyledLine] {
    CanvasLines.lines(of: canvas)
  }

  /// The table that `tabs` prints: a header row, then one row per tab with the columns position,
  /// id, title, type, badge, enabled, loaded and depth; `*` marks the selected tab.
  package static func tabsTable(_ shell: Shell, options: RenderOptions) -> [String] {
    TabsTable(shell: shell, width: options.columns).lines(color: options.color).map {
      $0.rendered(options.color)
    }
  }
}
