@_spi(Host) import TabShellKit

/// Draws pages: a screen's header (a navigation line naming it) and its region under it, in a
/// size given. The full-screen mode draws two of them side by side while a swipe slides them.
///
/// A screen whose callback failed shows its failure instead of its content; without a screen (no
/// tabs) the page says how to get some.
struct PageRenderer {
  let shell: Shell
  let width: Int
  let height: Int

  init(_ shell: Shell, width: Int, height: Int) {
    self.shell = shell
    self.width = max(1, width)
    self.height = max(0, height)
  }

  /// A page: its header line and its region (a canvas `height - 1` rows high).
  typealias Parts = (header: StyledLine, region: Canvas)

  /// The page of the visible screen (the modal one, marked "modal", when one is presented).
  var visible: [StyledLine] { lines(visibleParts) }

  /// The page of the top screen of the tab at `position` (the page a swipe brings in).
  func page(ofTab position: Int) -> [StyledLine] { lines(parts(ofTab: position)) }

  /// The visible page's parts.
  var visibleParts: Parts? {
    guard let screen = shell.visibleScreen else { return parts(screen: nil, left: nil) }
    return parts(screen: screen, left: visibleLeft, panes: shell.visiblePanes)
  }

  /// The visible page's parts when its tab shows panes, each pane's screen that did not fail drawn
  /// by `drawPane` when it says it drew it (a host drawing into canvases it keeps), else as any
  /// page draws it; `nil` when the visible tab shows no panes.
  func visibleParts(drawingPane drawPane: (ScreenInfo, inout Canvas) -> Bool) -> Parts? {
    guard let screen = shell.visibleScreen, let panes = shell.visiblePanes else { return nil }
    return parts(screen: screen, left: visibleLeft, panes: panes, drawPane: drawPane)
  }

  /// The visible page's header, for a host that draws its region itself.
  var visibleHeader: StyledLine? {
    guard height > 0, let screen = shell.visibleScreen else { return nil }
    return header(screen: screen, left: visibleLeft ?? StyledLine())
  }

  /// What the visible page's header shows on its left: "modal", or the way back.
  private var visibleLeft: StyledLine? {
    if shell.modalScreen != nil { return StyledLine("modal", style: TextStyle(dim: true)) }
    return shell.selectedPosition.flatMap(back(in:))
  }

  /// The parts of the page of the tab at `position`.
  func parts(ofTab position: Int) -> Parts? {
    guard let tab = shell.tab(at: position), let screen = tab.stack.last else {
      return parts(screen: nil, left: nil)
    }
    return parts(
      screen: screen, left: back(in: position), panes: shell.shownPanes(ofTab: position))
  }

  /// "< Back" (the title of the screen under the top one) for a tab whose stack has more than its
  /// root.
  private func back(in position: Int) -> StyledLine? {
    guard let tab = shell.tab(at: position), tab.stack.count > 1 else { return nil }
    let title = tab.stack[tab.stack.count - 2].title
    return StyledLine("< " + Renderer.truncate(title, toWidth: max(1, width / 4)))
  }

  private func lines(_ parts: Parts?) -> [StyledLine] {
    guard let parts else { return [] }
    return [parts.header] + CanvasLines.lines(of: parts.region)
  }

  private func parts(
    screen: ScreenInfo?, left: StyledLine?, panes: ShownPanes? = nil,
    drawPane: (ScreenInfo, inout Canvas) -> Bool = { _, _ in false }
  ) -> Parts? {
    guard height > 0 else { return nil }
    let header = header(screen: screen, left: left ?? StyledLine())
    guard let panes else { return (header, region(screen: screen)) }
    let region = PaneDrawing.region(panes, width: width, height: height - 1) { screen, canvas in
      if screen.failure == nil, drawPane(screen, &canvas) { return }
      draw(screen, in: &canvas)
    }
    return (header, region)
  }

  /// The navigation line: the screen's title in the middle, `left` on the left, and the screen's
  /// id on the right when there is room.
  private func header(screen: ScreenInfo?, left: StyledLine) -> StyledLine {
    guard let screen else {
      return StyledLine("TabShell", style: TextStyle(bold: true)).centered(in: width)
    }
    // The screen's id on the right (what commands and traces call it), when there is room.
    let id = StyledLine(Renderer.sanitized(screen.id), style: TextStyle(dim: true))
    let showsID =
      width >= 30 && id.width <= width / 4 && screen.id.lowercased() != screen.title.lowercased()
    let side = max(left.width, showsID ? id.width : 0)
    let titleRoom = max(1, width - 2 * (side + 1))
    let title = Renderer.fit(Renderer.sanitized(screen.title), width: titleRoom)
    var line = left
    line.place(
      StyledLine(title.text, style: TextStyle(bold: true)).centered(in: titleRoom),
      at: (width - titleRoom) / 2)
    if showsID { line.place(id, at: width - id.width) }
    return line.clipped(to: width)
  }

  /// The screen's region: the page's rows under the header, or `size` (a pane's).
  func region(screen: ScreenInfo?, size: ShellModel.PaneArea? = nil) -> Canvas {
    let rows = height - 1
    var canvas = Canvas(width: size?.width ?? width, height: size?.height ?? rows)
    if let screen {
      draw(screen, in: &canvas)
    } else {
      canvas.writeCentered("No tabs.", row: max(0, rows / 2 - 1))
      canvas.writeWrapped(
        "Try 'layout demo' or 'add-tab text'.", row: max(0, rows / 2), centered: true)
    }
    return canvas
  }

  /// Draws a screen into a canvas: its content, or its failure when it failed.
  func draw(_ screen: ScreenInfo, in canvas: inout Canvas) {
    if let failure = screen.failure {
      canvas.write("! This screen failed:", row: 0, color: .red, bold: true)
      canvas.writeWrapped(Renderer.sanitized(failure), row: 1, color: .red)
    } else {
      shell.draw(screen: screen.id, in: &canvas)
    }
  }
}
