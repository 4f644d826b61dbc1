@_spi(Host) import TabShellKit
import TabShellRendering

/// Gestures: what a click, a drag, the wheel or a key at a cell does, resolved through the one
/// hit-testing (``TabShellRendering/TerminalLayout``) that the full-screen mode draws with. Scripts
/// make them with `click`, `drag`, `scroll` and `key`; the full-screen mode runs the same commands
/// for the mouse and the keys (and ``beginDrag(column:row:)`` for a drag the pages follow).
///
/// A gesture that acts on the shell resolves to an action (``TabShellKit/ShellAction``: a tap, a
/// swipe, the action button), sent as the command that makes it would send it (hooks, vetoes,
/// reselect); that command (`tab feed`, `action`, `swipe left`, `swipe left --cancel`) is passed to
/// ``recorded(command:succeeded:)``.
extension Interpreter {
  /// The terminal as `show` and the gestures see it now: the size, and the bar where it is
  /// scrolled.
  package var layout: TerminalLayout {
    let source = ViewState.LayoutSource(
      shell: ObjectIdentifier(shell), changes: shell.changes, optionChanges: view.optionChanges,
      scroll: view.barScroll)
    // Compared where it is kept: a copy of the kept pair cost more than the comparison.
    if view.madeLayout?.source == source, let layout = view.madeLayout?.layout { return layout }
    let layout = TerminalLayout(shell, options: view.renderOptions, scroll: source.scroll)
    view.madeLayout = (source, layout)
    return layout
  }

  /// What is at a cell given 1-based (as terminals and scripts count); an error outside the size.
  func target(column: Int, row: Int) throws(LanguageError) -> HitTarget {
    let layout = layout
    guard let target = layout.hit(column: column - 1, row: row - 1) else {
      throw .gesture(
        .outside(column: column, row: row, columns: layout.columns, rows: layout.rows))
    }
    return target
  }

  /// `size COLS ROWS`: the terminal that `show` and the gestures assume.
  func setSize(columns: Int, rows: Int) throws(LanguageError) {
    guard columns >= 1, rows >= 1 else {
      throw .gesture(.sizeTooSmall(columns: columns, rows: rows))
    }
    let cells = RenderOptions.maximumCells
    guard columns <= RenderOptions.maximumWidth, rows <= RenderOptions.maximumHeight,
      columns * rows <= cells
    else {
      throw .gesture(
        .sizeTooBig(
          columns: columns, rows: rows, maximumColumns: RenderOptions.maximumWidth,
          maximumRows: RenderOptions.maximumHeight, maximumCells: cells))
    }
    view.renderOptions.width = columns
    view.renderOptions.height = rows
    view.sizeIsFixed = true
  }

  /// `click COL ROW`: a tab's item taps it (nothing when it is disabled), the action button taps
  /// it, a "+N" marker scrolls the bar a page that way; a screen that takes input gets it in its
  /// region (``click(screen:column:row:in:)``); the rest does nothing.
  package func click(column: Int, row: Int) throws {
    let layout = layout
    let target = try self.target(column: column, row: row)
    switch target {
    case .tab(let position, let id):
      guard shell.item(at: position)?.isEnabled == true else { return }
      try perform(gesture: .tap(TabReference(id)))
    case .action: try perform(gesture: .tapActionButton)
    case .moreLeft, .moreRight: view.barScroll = layout.scrolled(target, from: view.barScroll)
    case .screen(let id):
      // A click on a pane that is not the focused one focuses it first.
      try focusPane(at: target)
      try click(screen: id, column: column - 1, row: row - 1, in: self.layout)
    case .border, .none: break
    }
  }

  /// A click at a cell (0-based) of a visible screen: in its region (the rows under the page's
  /// header, or its pane's), when it takes input, a press of the left button counted from the
  /// region's top-left, and when it handled the press, the release there, as the full-screen
  /// mode's mouse sends them; a press it did not handle is the shell's, which does nothing with a
  /// click on a screen.
  func click(screen id: String, column: Int, row: Int, in layout: TerminalLayout) throws {
    guard shell.takesInput(screen: id), let region = layout.region(ofScreen: id),
      (region.column..<region.column + region.width).contains(column),
      (region.row..<region.row + region.height).contains(row)
    else { return }
    let (x, y) = (column - region.column, row - region.row)
    let pressed = try send(.input(.mouse(MouseInput(.press, column: x, row: y)), to: id))
    guard pressed == .input(handled: true) else { return }
    _ = try send(.input(.mouse(MouseInput(.release, column: x, row: y)), to: id))
  }

  /// `scroll up|down COL ROW`: the wheel over the bar swipes (up to the previous tab, down to the
  /// next); elsewhere it does nothing.
  package func scroll(_ direction: String, column: Int, row: Int) throws {
    guard direction == "up" || direction == "down" else {
      throw LanguageError.gesture(
        .unknownDirection(direction, suggestion: closestMatch(to: direction, in: ["up", "down"])))
    }
    _ = try target(column: column, row: row)
    guard layout.isBar(column: column - 1, row: row - 1) else { return }
    try perform(gesture: .swipe(direction == "up" ? .right : .left, cancelled: false))
  }

  /// `drag COL ROW COL2 ROW2`: pressed at the first cell, moved to the second, let go there.
  func drag(from start: (column: Int, row: Int), to end: (column: Int, row: Int)) throws {
    _ = try target(column: start.column, row: start.row)
    _ = try target(column: end.column, row: end.row)
    if var drag = beginBorderDrag(column: start.column - 1, row: start.row - 1) {
      try move(&drag, column: end.column - 1, row: end.row - 1)
      release(drag)
      return
    }
    guard var drag = beginDrag(column: start.column - 1, row: start.row - 1) else { return }
    if let action = drag.move(to: end.column - 1) { try carryOut(action, of: &drag) }
    if let action = drag.release(at: end.column - 1) { try carryOut(action, of: &drag) }
  }

  /// A drag pressed at a cell (0-based): a swipe to be, when the cell is in the screen area and a
  /// screen shows there, or on the compact bar's status row; `nil` otherwise (a drag elsewhere
  /// does nothing).
  package func beginDrag(column: Int, row: Int) -> SwipeDrag? {
    let layout = layout
    if row != layout.statusRow {
      guard case .screen? = layout.hit(column: column, row: row) else { return nil }
    }
    return SwipeDrag(column: column, width: layout.columns)
  }

  /// Carries out what a drag asked for: starts the interactive swipe, or ends it (then the
  /// command it resolved to is recorded: `swipe left`, `swipe left --cancel`).
  package func carryOut(_ action: SwipeDrag.Action, of drag: inout SwipeDrag) throws {
    switch action {
    case .begin(let direction):
      do {
        if case .swipe(nil) = try send(.beginSwipe(direction)) { drag.didBounce() }
      } catch {
        drag.didFail()
        recorded(command: ActionScript.line(.swipe(direction, cancelled: false)), succeeded: false)
        throw error
      }
    case .bounced(let direction):
      recorded(command: ActionScript.line(.swipe(direction, cancelled: false)), succeeded: true)
    case .end(let commit):
      guard case .swiping(let direction, _) = drag.phase else { return }
      let command = ActionScript.line(.swipe(direction, cancelled: !commit))
      do {
        try send(.endSwipe(commit: commit))
      } catch {
        recorded(command: command, succeeded: false)
        throw error
      }
      recorded(command: command, succeeded: true)
    }
  }

  /// Every gesture that acts on the shell passes the command it resolved to through here once it
  /// has run (a tap as `tab feed`, a key as `tab 3`, a drag as `swipe left --cancel`): the one
  /// place where a recording (`record FILE`) gets them, in the full-screen mode and at the prompt.
  /// A gesture in a file being sourced or in a hook is not recorded: the line typed (or the hook,
  /// run again on replay) stands for it.
  func recorded(command: String, succeeded: Bool) {
    if let host, host.observesGestures { host.gestureResolved(to: command, succeeded: succeeded) }
    guard state.files.allSatisfy({ $0 == nil }), !observation.hooks.isCounting else { return }
    record(commandText: command, succeeded: succeeded)
  }

  /// Runs `body` as a command typed at the prompt runs: an error is reported (`error: MESSAGE`),
  /// then the hooks it set off run and the process plugins' requests are taken in. For what the
  /// full-screen mode does without a command line: a key, a click, a drag the pages follow. What it
  /// prints goes to `sink`.
  ///
  /// Unless `takesInBackground` is false, what the background sources have (the terminal tabs'
  /// programs' output) is taken in after it, as after a command: a key the full-screen mode
  /// hands a terminal tab leaves its echo to the wait that follows, which wakes when it comes
  /// (taken in at once, it was not there yet: three system calls a key for nothing).
  package func runAsCommand(
    to sink: (any OutputSink)? = nil, takesInBackground: Bool = true,
    _ body: (Interpreter) throws -> Void
  ) -> Outcome {
    printing(to: sink) { runAsCommandNow(body, takesInBackground: takesInBackground) }
  }

  private func runAsCommandNow(_ body: (Interpreter) throws -> Void, takesInBackground: Bool)
    -> Outcome
  {
    state.anyFailed = false
    let location = SourceLocation(line: 1, column: 1)
    do {
      try syncPaneArea()
      try body(self)
      if observation.hooks.hasWork { try runHooks() }
      if plugins.hasProcessPlugins { try settlePlugins() }
      if takesInBackground, !services.backgroundSources.isEmpty { try takeInBackgroundSources() }
      return .success
    } catch let request as ExitRequest {
      return .exit(request.status(anyFailed: state.anyFailed))
    } catch is Interrupted {
      return .interrupted
    } catch let runaway as HookRunaway {
      report(runaway.diagnostic)
    } catch is AlreadyReported {
    } catch {
      let diagnostic = diagnostic(for: error, at: location, file: nil)
      report(diagnostic)
      if plugins.hasProcessPlugins { settlePluginsAfterFailure(diagnostic) }
    }
    return .failure
  }
}
