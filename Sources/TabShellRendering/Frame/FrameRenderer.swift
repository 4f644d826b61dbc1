@_spi(Host) import TabShellKit

/// Draws a frame: a header naming the visible screen, the screen's region, then the bar (unless
/// hidden).
///
/// The visible screen is the modal one when one is presented (the header says "modal"). A screen
/// whose callback failed shows its failure instead of its content.
struct FrameRenderer {
  let shell: Shell
  let width: Int
  let height: Int

  init(_ shell: Shell, options: RenderOptions) {
    self.shell = shell
    width = options.columns
    height = options.rows
  }

  var lines: [StyledLine] {
    var lines = [header]
    lines += region
    if !shell.isBarHidden, BarEntries(shell).count > 0 {
      lines += BarRenderer(shell, width: width).rows
    }
    return lines
  }

  /// The navigation line: the screen's title in the middle; on the left "< Back" (the title of
  /// the screen under it) when pushed, or "modal" when presented.
  var header: StyledLine {
    guard let screen = shell.visibleScreen else {
      return StyledLine("TabShell", style: TextStyle(bold: true)).centered(in: width)
    }
    var left = StyledLine()
    if shell.modalScreen != nil {
      left.append("modal", style: TextStyle(dim: true))
    } else if let position = shell.selectedPosition, let tab = shell.tab(at: position),
      tab.stack.count > 1
    {
      let back = tab.stack[tab.stack.count - 2].title
      left.append("< " + Renderer.truncate(back, toWidth: max(1, width / 4)))
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

  /// The visible screen's region: `height` rows.
  var region: [StyledLine] {
    var canvas = Canvas(width: width, height: height)
    if let screen = shell.visibleScreen {
      if let failure = screen.failure {
        drawFailure(failure, in: &canvas)
      } else {
        shell.draw(screen: screen.id, in: &canvas)
      }
    } else {
      canvas.writeCentered("No tabs.", row: max(0, height / 2 - 1))
      canvas.writeWrapped(
        "Try 'layout demo' or 'add-tab text'.", row: max(0, height / 2), centered: true)
    }
    return CanvasLines.lines(of: canvas)
  }

  private func drawFailure(_ message: String, in canvas: inout Canvas) {
    canvas.write("! This screen failed:", row: 0, color: .red, bold: true)
    canvas.writeWrapped(Renderer.sanitized(message), row: 1, color: .red)
  }
}
