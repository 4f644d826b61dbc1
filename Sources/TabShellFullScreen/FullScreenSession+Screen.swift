@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellTerminal
import TabShellTerminalScreen

/// The screen focus (docs/Contract.md, "Focus in the full-screen mode"): keys, pastes and the
/// mouse in the screen area go to the visible screen when its type takes input.
///
/// A screen that takes input gets the focus when it becomes visible (a tap, a swipe, a command,
/// or the mode opening on it); a click in its region gives it the focus too; one that takes no
/// input never has it (the bar focus has the keys instead). It is told when it gains and loses
/// the focus, and its region's size when it is shown at a new size. Typed characters come to it
/// as keys (`a`, `é`, `Space`), a paste as text marked as a paste.
extension FullScreenSession {
  /// A region size told to a screen.
  struct ScreenSize: Equatable {
    var screen: String
    var width: Int
    var height: Int
  }

  /// Whether the keys go to the screen (or to the prefix table, for one key).
  var screenHasFocus: Bool { focus == .screen || focus == .prefix }

  /// The focus follows the visible screen: one that takes input and has just become visible gets
  /// it; one that takes none never keeps it (the bar focus takes over). Then the screens are told
  /// of a gained or lost focus and of a new size. Runs before each frame.
  func syncScreenFocus() {
    let shell = interpreter.shell
    let visible = shell.visibleScreen?.id
    let takesInput = shell.visibleScreenTakesInput
    if visible != shownScreen {
      shownScreen = visible
      pointer.reset()
      if takesInput { focus = .screen } else if screenHasFocus { focus = .bar }
    } else if !takesInput, screenHasFocus {
      focus = .bar
    }
    let focused = screenHasFocus ? visible : nil
    if focused != focusedScreen {
      if let old = focusedScreen { tell(.focus(false), to: old) }
      focusedScreen = focused
      if let focused { tell(.focus(true), to: focused) }
    }
    guard takesInput, let visible else { return }
    syncSize()
    let region = interpreter.layout.screenRegion
    let size = ScreenSize(screen: visible, width: region.width, height: region.height)
    if size != toldSize {
      toldSize = size
      tell(.resize(width: size.width, height: size.height), to: visible)
    }
  }

  /// The terminal window gained or lost the focus (mode 1004): so does the focused screen.
  func windowFocus(_ focused: Bool) {
    if let screen = focusedScreen { tell(.focus(focused), to: screen) }
  }

  /// The mode ends: the focused screen loses the focus.
  func leaveScreenFocus() {
    if let old = focusedScreen { tell(.focus(false), to: old) }
    focusedScreen = nil
    pointer.reset()
  }

  /// Tells a screen something that is no user's input (the focus, a size), if it still takes
  /// input; what goes wrong is shown in the panel.
  private func tell(_ input: ScreenInput, to screen: String) {
    guard interpreter.shell.takesInput(screen: screen) else { return }
    _ = interpreter.runAsCommand { try $0.shell.send(.input(input, to: screen)) }
    view.invalidate()
    dirty = true
  }

  /// A key in the screen focus or after the prefix key: a key bound in that focus runs its
  /// commands, another goes to the screen (after the prefix: only the prefix key again; the
  /// others are unbound, said in the panel, and Ctrl-Z and Ctrl-L do as in the bar focus).
  func screenKey(_ key: Key) {
    let afterPrefix = focus == .prefix
    if afterPrefix { focus = .screen }
    let route = interpreter.keys.table.route(key, afterPrefix: afterPrefix)
    // A key for the screen draws what it changed (``deliver(_:title:)``); the prefix's end
    // changes the hints.
    if case .screen = route, !afterPrefix {} else { dirty = true }
    switch route {
    case .binding(let binding): press(binding)
    case .screen(let key): _ = deliver(.key(key), title: key.description)
    case .unbound:
      switch key {
      case Key("z", modifiers: .control): suspend()
      case Key("l", modifiers: .control): redrawAll = true
      default:
        panel.begin(key.description)
        panel.append(
          "error: \(key) is not bound after the prefix key ('keys --focus prefix' lists them)",
          isError: true)
      }
    }
  }

  /// A paste in the screen focus goes to the screen as text marked as a paste.
  func screenPaste(_ text: String) {
    if focus == .prefix {
      focus = .screen
      dirty = true
    }
    _ = deliver(.text(text, isPaste: true), title: "paste")
  }

  /// A mouse event: `true` when it went to the screen (``ScreenPointer``), `false` when it is the
  /// shell's. A press in the region of a screen that takes input gives it the focus.
  func screenMouse(_ event: MouseEvent) -> Bool {
    guard drag == nil else { return false }
    let route = pointer.route(
      event, region: pointerRegion(column: event.column - 1, row: event.row - 1))
    guard case .screen(let input) = route else { return false }
    if input.action == .press, !screenHasFocus {
      focus = .screen
      dirty = true
    }
    let handled = deliver(.mouse(input), title: "mouse \(input.action.rawValue)")
    switch input.action {
    case .press:
      // A press the screen did not handle is the shell's: a drag from it may be a swipe.
      pointer.pressAnswered(handled: handled)
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
    if pointer.isCaptured { return layout.screenRegion }
    if let top = panelTop, (top..<panelBottom).contains(row) { return nil }
    guard case .screen? = layout.hit(column: column, row: row) else { return nil }
    return layout.screenRegion
  }

  /// Hands an input to the visible screen, as a gesture runs (its errors in the panel; a
  /// recording gets a key as `send-keys KEY`, a paste as `paste TEXT`); whether the screen
  /// handled it.
  ///
  /// The pages are drawn again after it, but for a screen that asks to be drawn whenever an
  /// input changes what it shows (``asksForDisplayOnInput``): then only when something visible
  /// changed (it asked, the shell's state changed, the panel opened or closed), so that a key a
  /// terminal tab forwards to its program draws no frame of its own: the echo draws the next.
  private func deliver(_ input: ScreenInput, title: String) -> Bool {
    var handled = false
    let shell = interpreter.shell
    guard asksForDisplayOnInput else {
      run(title: title) { interpreter in
        interpreter.runAsCommand { handled = try $0.deliver(input) }
      }
      return handled
    }
    // Nothing else takes the shell's flag in this mode (whatever else runs screens' code draws
    // the pages again): only what this input asks counts.
    _ = shell.takeNeedsDisplay()
    let (model, panelWasOpen) = (shell.model, panel.isOpen)
    let changed = {
      shell.takeNeedsDisplay() || shell.model != model || panelWasOpen || self.panel.isOpen
        || self.exit != nil
    }
    run(title: title, redraws: changed) { interpreter in
      interpreter.runAsCommand { handled = try $0.deliver(input) }
    }
    return handled
  }

  /// Whether the visible screen asks to be drawn whenever an input changes what it shows (the
  /// `terminal` screen type: forwarding input to its program changes nothing on its own, and
  /// leaving the scrollback view asks); other screens may count on being drawn after each input.
  private var asksForDisplayOnInput: Bool {
    interpreter.shell.visibleScreenType is TerminalScreenType
  }
}
