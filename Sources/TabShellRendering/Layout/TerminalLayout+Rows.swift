@_spi(Host) import TabShellKit

/// How the terminal's rows are shared (``TerminalLayout``): the reserved rows, the bar's, the
/// cap's own row and the screen area's, and from them the regions a new tab's program and a tab's
/// panes get, in a terminal of a size, before any layout is drawn.
extension TerminalLayout {
  /// The rows kept at the bottom, the bar's, whether the cap has a row of its own (when
  /// `capOwnsRow` asks for one and the screen area keeps a row) and the screen area's, in a
  /// terminal of `options`.
  static func heights(_ options: RenderOptions, barShown: Bool, capOwnsRow: Bool)
    -> (reserved: Int, bar: Int, capRow: Bool, screen: Int)
  {
    let reserved = min(options.reservedRowsUsed, options.rows)
    let available = options.rows - reserved
    if options.bar == .compact {
      // The status row is the last one: the reserved row when there is one, else its own.
      let bar = barShown && reserved == 0 ? min(1, available) : 0
      return (reserved, bar, false, available - bar)
    }
    let bar = barShown ? min(3, available) : 0
    let capRow = capOwnsRow && bar == 3 && available - bar >= 2
    return (reserved, bar, capRow, available - bar - (capRow ? 1 : 0))
  }

  /// The size of the region (the rows under the page's header, the columns) that a screen shown
  /// in a tab being added gets in a terminal of `options`: the bar shows once it is added unless
  /// it is hidden, the first tab bringing it. A terminal tab's program starts at it.
  package static func regionOfNewTab(
    _ shell: Shell, options: RenderOptions
  ) -> (rows: Int, columns: Int) {
    // The region is the screen area less the page's header row; a terminal tab's ends above the
    // action button's cap.
    let shown = !shell.isBarHidden
    let capped = shown && BarRenderer(shell, width: options.columns).cap != nil
    let heights = Self.heights(options, barShown: shown, capOwnsRow: capped)
    return (max(0, heights.screen - headerRows(options)), options.columns)
  }

  /// The size of the region a tab's panes share in a terminal of `options` now: the screen area
  /// less the page's header, the whole width (at least 1 × 1). The host tells the shell
  /// (``TabShellKit/Shell/setArea(_:)``) whenever it changes.
  package static func paneArea(_ shell: Shell, options: RenderOptions) -> ShellModel.PaneArea {
    paneArea(shell, inputs: PaneAreaInputs(shell), options: options)
  }

  /// ``paneArea(_:options:)`` with what it reads of the shell already asked.
  package static func paneArea(
    _ shell: Shell, inputs: PaneAreaInputs, options: RenderOptions
  ) -> ShellModel.PaneArea {
    let shown = inputs.barShown
    // As the layout: above the action button's cap's own row while the visible screen takes input.
    let capped =
      shown && inputs.hasActionButton && shell.visibleScreenTakesInput
      && BarRenderer(shell, width: options.columns).cap != nil
    let heights = Self.heights(options, barShown: shown, capOwnsRow: capped)
    return ShellModel.PaneArea(
      width: options.columns, height: max(1, heights.screen - headerRows(options)))
  }

  /// The rows of the page's header over the region: none with the compact bar.
  static func headerRows(_ options: RenderOptions) -> Int {
    options.bar == .compact ? 0 : 1
  }
}
