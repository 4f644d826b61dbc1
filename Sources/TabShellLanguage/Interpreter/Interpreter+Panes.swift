@_spi(Host) import TabShellKit
import TabShellRendering

/// The panes of the visible tab as the views see them (docs/Contract.md, "Split screens"): the
/// region they share kept in step with the layout the shell is drawn at, a click that focuses the
/// pane under it, a drag on a border.
extension Interpreter {
  /// Tells the shell the size of the region the tabs' panes share, when it is not what the shell
  /// has: every tab's layout is fitted to it and its panes' screens told their new size. Runs
  /// before and after each command and action, and before each frame of the full-screen mode,
  /// so that a `size`, a terminal's resize or the bar shown or hidden resizes the panes (and
  /// their programs get SIGWINCH) once.
  package func syncPaneArea() throws(ShellError) {
    if let area = paneAreaToTell { try shell.send(.setArea(area)) }
  }

  /// Tells the visible screen, when it takes input and shows alone (a tab's panes are told by
  /// ``syncPaneArea()``), the size of its region as the view lays it out now: a terminal tab's
  /// program is resized at once (`set bar`), not when the screen is next drawn.
  package func tellVisibleScreenItsRegion() throws {
    let options = view.fullScreenToCome ?? view.renderOptions
    guard shell.visiblePanes == nil, let id = shell.visibleScreenID, shell.takesInput(screen: id),
      let region = TerminalLayout(shell, options: options).region(ofScreen: id),
      region.width > 0, region.height > 0
    else { return }
    _ = try send(.input(.resize(width: region.width, height: region.height), to: id))
  }

  /// Whether the region the tabs' panes share has changed since the shell was told
  /// (``syncPaneArea()`` would tell it).
  package var paneAreaIsStale: Bool { paneAreaToTell != nil }

  /// The region the tabs' panes share now, when the shell does not have it
  /// (``PaneAreaSync/check(_:optionChanges:)``).
  private var paneAreaToTell: ShellModel.PaneArea? {
    let optionChanges = view.optionChanges
    switch paneAreaSync.check(shell, optionChanges: optionChanges) {
    case .agreed: return nil
    case .tell(let width, let height): return ShellModel.PaneArea(width: width, height: height)
    case .measure(let inputs):
      let area = TerminalLayout.paneArea(
        shell, inputs: inputs, options: view.fullScreenToCome ?? view.renderOptions)
      return paneAreaSync.measured(
        area, shell: shell, inputs: inputs, optionChanges: optionChanges)
    }
  }

  /// Whether a cell (0-based) is in a pane of the visible tab that is not its focused one.
  package func isUnfocusedPane(column: Int, row: Int) -> Bool {
    guard case .screen(let id)? = layout.hit(column: column, row: row),
      let panes = shell.visiblePanes
    else { return false }
    return panes.focused != id && panes.pane(id) != nil
  }

  /// A press on a pane of the visible tab that is not its focused one focuses it, as the
  /// `select-pane` it is recorded as; whether it did.
  @discardableResult
  package func focusPane(at target: HitTarget) throws -> Bool {
    guard case .screen(let id) = target, let panes = shell.visiblePanes, panes.focused != id,
      panes.pane(id) != nil
    else { return false }
    try perform(gesture: .selectPane(id, toward: nil))
    return true
  }

  /// A drag pressed at a cell (0-based) on a border between the visible tab's panes; `nil`
  /// elsewhere.
  package func beginBorderDrag(column: Int, row: Int) -> BorderDrag? {
    guard case .border(let border, let tab, let pane)? = layout.hit(column: column, row: row)
    else { return nil }
    return BorderDrag(
      border: border, tab: tab, pane: pane, position: border.axis == .horizontal ? column : row)
  }

  /// The pointer of a border's drag is at a cell (0-based): the border moves there along its
  /// axis, as far as it goes.
  package func move(_ drag: inout BorderDrag, column: Int, row: Int) throws {
    let change = (drag.border.axis == .horizontal ? column : row) - drag.position
    guard change != 0 else { return }
    let outcome = try send(.moveBorder(drag.border, tab: .name(drag.tab), by: change))
    if case .moved(let moved) = outcome {
      drag.position += moved
      drag.moved += moved
    }
  }

  /// A border's drag let go: recorded as the `resize-pane` it came to.
  package func release(_ drag: BorderDrag) {
    guard drag.moved != 0 else { return }
    let side: PaneLayout.Direction = drag.border.axis == .horizontal ? .right : .down
    recorded(
      command: ActionScript.line(.resizePane(drag.pane, side: side, cells: drag.moved)),
      succeeded: true)
  }
}
