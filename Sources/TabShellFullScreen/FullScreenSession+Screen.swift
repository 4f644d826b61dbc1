@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellTerminal

/// The screen focus (docs/Contract.md, "Focus in the full-screen mode"): keys, pastes and the
/// mouse in the screen area go to the visible screen when its type takes input.
///
/// A screen that takes input gets the focus when it becomes visible (a tap, a swipe, a command,
/// or the mode opening on it); a click in its region gives it the focus too; one that takes no
/// input never has it (the bar focus has the keys instead). It is told when it gains and loses
/// the focus, and its region's size when it is shown at a new size. Typed characters come to it
/// as keys (`a`, `é`, `Space`), a paste as text marked as a paste.
extension FullScreenSession {
  /// Whether the keys go to the screen (or to the prefix table, for one key, or to copy mode's).
  var screenHasFocus: Bool { focus.isTheScreens }

  /// Whether the visible screen is a terminal's in copy mode.
  var visibleScreenIsCopying: Bool {
    guard let visible = interpreter.shell.visibleScreenID else { return false }
    return interpreter.services.terminals?.isCopying(visible) == true
  }

  /// The focus follows the visible screen: one that takes input and has just become visible gets
  /// it; one that takes none never keeps it (the bar focus takes over). Then the screens are told
  /// of a gained or lost focus and of a new size. Runs before each frame.
  func syncScreenFocus() {
    let shell = interpreter.shell
    syncSize()
    if let synced = focusSynced, synced == focusSync() { return }
    defer { focusSynced = focusSync() }
    // The panes' region follows the terminal and the bar: each pane resized is told once.
    if interpreter.paneAreaIsStale {
      _ = interpreter.runAsCommand { try $0.syncPaneArea() }
      damage.pages = true
    }
    let visible = shell.visibleScreenID
    let takesInput = shell.visibleScreenTakesInput
    if visible != screens.shown {
      screens.shown = visible
      input.pointer.reset()
      if takesInput { focus = .screen } else if screenHasFocus { focus = .bar }
    } else if !takesInput, screenHasFocus {
      focus = .bar
    }
    // The screen focus is copy mode's while the screen is in it.
    if focus == .screen, visibleScreenIsCopying {
      focus = .copy
    } else if focus == .copy, !visibleScreenIsCopying {
      focus = takesInput ? .screen : .bar
    }
    if question != nil, focus != .command { dropQuestion() }
    let focused = screenHasFocus ? visible : nil
    if focused != screens.focused {
      if let old = screens.focused { tell(.focus(false), to: old) }
      screens.focused = focused
      if let focused { tell(.focus(true), to: focused) }
    }
    guard takesInput, let visible else { return }
    // A pane is told its pane's size (the shell told it already; this is the same).
    let region = focusedRegion(interpreter.layout)
    let size = ScreenSize(screen: visible, width: region.width, height: region.height)
    if size != screens.toldSize {
      screens.toldSize = size
      tell(.resize(width: size.width, height: size.height), to: visible)
    }
  }

  /// What ``syncScreenFocus()`` follows, as it is now.
  private func focusSync() -> FocusSync {
    FocusSync(
      changes: interpreter.shell.changes, optionChanges: interpreter.view.optionChanges,
      focus: focus, copyModeChanges: interpreter.services.terminals?.copyModeChanges,
      asking: question != nil, screensChanges: screensChanges)
  }

  /// The terminal window gained or lost the focus (mode 1004): so does the focused screen.
  func windowFocus(_ focused: Bool) {
    if let screen = screens.focused { tell(.focus(focused), to: screen) }
  }

  /// The mode ends: the focused screen loses the focus.
  func leaveScreenFocus() {
    if let old = screens.focused { tell(.focus(false), to: old) }
    screens.focused = nil
    input.pointer.reset()
  }

  /// Tells a screen something that is no user's input (the focus, a size), if it still takes
  /// input; what goes wrong is shown in the panel.
  private func tell(_ input: ScreenInput, to screen: String) {
    guard interpreter.shell.takesInput(screen: screen) else { return }
    _ = interpreter.runAsCommand { try $0.shell.send(.input(input, to: screen)) }
    damage.pages = true
  }

  /// A key for the visible screen (the screen focus's, or the prefix key pressed twice): it
  /// goes to the screen, drawn as ``deliver(_:title:)`` says.
  func deliverKey(_ key: Key) {
    _ = deliver(.key(key), title: key.description)
  }

  /// A paste in the screen focus goes to the screen as text marked as a paste.
  func screenPaste(_ text: String) {
    if focus == .prefix { focus = .screen }
    _ = deliver(.text(text, isPaste: true), title: "paste")
  }

  /// A mouse event: `true` when it went to the screen (``ScreenPointer``), `false` when it is the
  /// shell's. A press in the region of a screen that takes input gives it the focus.
  func screenMouse(_ event: MouseEvent) -> Bool {
    guard input.drag == nil else { return false }
    let route = input.pointer.route(
      event, region: pointerRegion(column: event.column - 1, row: event.row - 1))
    guard case .screen(let mouse) = route else { return false }
    if mouse.action == .press, !screenHasFocus { focus = .screen }
    let handled = deliver(.mouse(mouse), title: "mouse \(mouse.action.rawValue)")
    switch mouse.action {
    case .press:
      // A press the screen did not handle is the shell's: a drag from it may be a swipe.
      input.pointer.pressAnswered(handled: handled)
      return handled
    case .wheelUp, .wheelDown:
      // A turn of the wheel the screen did not handle does what it does elsewhere.
      return handled
    default:
      return true
    }
  }

  /// The visible screen's region, for the mouse at a cell (0-based), when the screen takes input
  /// and the cell is its own: not under the output panel, not the action button's cap. While the
  /// screen has the press, wherever the pointer is.
  private func pointerRegion(column: Int, row: Int) -> ScreenPointer.Region? {
    guard interpreter.shell.visibleScreenTakesInput else { return nil }
    syncSize()
    let layout = interpreter.layout
    if input.pointer.isCaptured { return focusedRegion(layout) }
    if let top = panelTop, (top..<panelBottom).contains(row) { return nil }
    // Another pane's cell is the shell's: a press there focuses that pane.
    guard case .screen(let id)? = layout.hit(column: column, row: row),
      id == interpreter.shell.visibleScreenID
    else { return nil }
    return focusedRegion(layout)
  }

  /// The region of the visible screen on the terminal: its pane's when the visible tab shows its
  /// panes, else the page's rows under its header.
  private func focusedRegion(_ layout: TerminalLayout) -> ScreenPointer.Region {
    guard let id = interpreter.shell.visibleScreenID, let pane = layout.region(ofScreen: id)
    else { return layout.screenRegion }
    return ScreenPointer.Region(
      column: pane.column, row: pane.row, width: pane.width, height: pane.height)
  }

  /// Hands an input to the visible screen, as a gesture runs (its errors in the panel; a
  /// recording gets a key as `send-keys KEY`, a paste as `paste TEXT`); whether the screen
  /// handled it.
  ///
  /// The pages are drawn again after it, but for a screen whose type asks to be drawn after an
  /// input (``TabShellKit/ScreenType/asksToBeDrawnAfterInput``): then only when something visible
  /// changed (it asked, the shell's state changed, the panel opened or closed), so that a key a
  /// terminal tab forwards to its program draws no frame of its own: the echo draws the next.
  private func deliver(_ input: ScreenInput, title: String) -> Bool {
    var handled = false
    let shell = interpreter.shell
    guard shell.visibleScreenType?.asksToBeDrawnAfterInput == true else {
      run(title: title) { interpreter in
        interpreter.runAsCommand { handled = try $0.deliver(input) }
      }
      return handled
    }
    // Nothing else takes the shell's flag in this mode (whatever else runs screens' code draws
    // the pages again): only what this input asks counts.
    _ = shell.takeNeedsDisplay()
    let (changes, panelWasOpen) = (shell.changes, panel.isOpen)
    let changed = {
      shell.takeNeedsDisplay() || shell.changes != changes || panelWasOpen || self.panel.isOpen
        || self.exit != nil
    }
    // Such a screen takes an input at once (a terminal tab writes it to its program without
    // waiting), as the background work runs: nothing for Ctrl-C to interrupt. What the program
    // answers is taken in when the wait that follows sees it come.
    run(title: title, redraws: changed, interruptible: false) { interpreter in
      interpreter.runAsCommand(takesInBackground: false) { handled = try $0.deliver(input) }
    }
    return handled
  }
}
