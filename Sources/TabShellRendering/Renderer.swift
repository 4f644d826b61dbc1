@_spi(Host) import TabShellKit

/// Draws a shell as text for a terminal: the bar as one line, a whole frame, and the tabs table.
///
/// Every line fits in ``RenderOptions/width`` columns by display width (wide characters count two,
/// combining marks none). The layout is the same in every colour mode: the selected item is in
/// `[brackets]`, the action button in `<angle brackets>`, a disabled title between tildes, a badge in
/// parentheses; colour only adds escape sequences, and `.none` has none at all. Titles that do not
/// fit end in "…"; when the items do not fit, the bar shows a window of them around the selected
/// one, with "+N" markers for the hidden ones.
///
/// Rendering reads the shell and changes nothing. Its cost grows with the width, not with the
/// number of tabs (``tabsTable(_:options:)`` excepted: it has a row per tab).
package enum Renderer {
  /// The bar as one line: what the REPL prints above its prompt. Empty when there are no tabs and
  /// no action button. It draws the bar even while it is hidden: the caller checks
  /// ``Shell/isBarHidden`` (``frame(_:options:)`` does).
  package static func barLine(_ shell: Shell, options: RenderOptions) -> String {
    guard BarEntries(shell).count > 0 else { return "" }
    return BarRenderer(shell, width: options.columns).line.rendered(options.color)
  }

  /// The whole frame: a header naming the visible screen, its region (`screenHeight` rows), then
  /// the bar (unless hidden) as three rows: a rule that marks the selected slot, the icons with
  /// their badges, and the titles.
  package static func frame(_ shell: Shell, options: RenderOptions) -> [String] {
    FrameRenderer(shell, options: options).lines.map { $0.rendered(options.color) }
  }

  /// The table that `tabs` prints: a header row, then one row per tab with the columns position,
  /// id, title, type, badge, enabled, loaded and depth; `*` marks the selected tab.
  package static func tabsTable(_ shell: Shell, options: RenderOptions) -> [String] {
    TabsTable(shell: shell, width: options.columns).lines(color: options.color).map {
      $0.rendered(options.color)
    }
  }
}
