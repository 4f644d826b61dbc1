@_spi(Host) import TabShellKit

extension Renderer {
  /// A screen's text as `show` draws its region (the rows under its header) at the size of
  /// `options` (a pane's at its pane's size), visible or not: one string a row, trailing blanks left out, in `options.color`.
  /// A screen in the error state shows its failure, as in the frame. `nil` when there is no screen
  /// of this id.
  package static func screenText(_ shell: Shell, screen id: String, options: RenderOptions)
    -> [String]?
  {
    guard let screen = shell.screen(id: id) else { return nil }
    let layout = TerminalLayout(shell, options: options)
    guard layout.pageHeight > 1 else { return [] }
    // A pane's screen shows at its pane's size.
    let region = PageRenderer(shell, width: layout.columns, height: layout.pageHeight)
      .region(screen: screen, size: shell.paneSize(ofScreen: id))
    return CanvasLines.lines(of: region).map { $0.rendered(options.color) }
  }
}
