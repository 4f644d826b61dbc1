import TabShellLanguage
import TabShellTerminal

extension KeyName {
  /// The name of a key the terminal sent, as the key tables name it: Alt and Meta are `M-`, Ctrl
  /// `C-`, Shift `S-` on a named key (a character has Shift in it; Shift-Tab is `BTab`). `nil`
  /// for a key that has no name (F13 and past).
  init?(_ key: Key) {
    let control = key.modifiers.contains(.control)
    let meta = !key.modifiers.isDisjoint(with: [.alt, .meta])
    let shift = key.modifiers.contains(.shift)
    let named: Named
    switch key.code {
    case .character(" "): named = .space
    case .character(let scalar):
      self.init(.character(Character(scalar)), control: control, meta: meta)
      return
    case .enter: named = .enter
    case .tab where shift:
      self.init(.named(.backTab), control: control, meta: meta)
      return
    case .tab: named = .tab
    case .backspace: named = .backspace
    case .escape: named = .escape
    case .up: named = .up
    case .down: named = .down
    case .left: named = .left
    case .right: named = .right
    case .home: named = .home
    case .end: named = .end
    case .pageUp: named = .pageUp
    case .pageDown: named = .pageDown
    case .insert: named = .insert
    case .delete: named = .delete
    case .function(let n):
      guard (1...12).contains(n), let key = Named(rawValue: "F\(n)") else { return nil }
      named = key
    }
    self.init(.named(named), control: control, meta: meta, shift: shift)
  }
}

/// The mode as its interpreter's host while it runs locally: its waits draw, its commands
/// (`set-focus`, `back`, `panel`) reach it, and `tui` says it is on already.
extension FullScreenSession: InterpreterHost {
  package func enterFullScreen() throws(GestureError) {
    throw .fullScreenUnavailable(
      "the full-screen mode is on already (Ctrl-X Ctrl-A goes back to the line prompt)")
  }

  package func whileWaiting(_ moment: WaitMoment) -> Int32 { drawWhileWaiting(moment) }

  package var fullScreen: (any FullScreenControl)? { self }

  package var output: (any OutputSink)? { panelOutput }
}

extension FullScreenSession: FullScreenControl {
  package var keyFocus: KeyFocus {
    get { focus }
    set {
      focus = newValue
      dirty = true
    }
  }

  package var isPanelOpen: Bool { panel.isOpen }

  package func closePanel() {
    panel.close()
    dirty = true
  }

  package func scrollPanel(_ scroll: PanelScroll) {
    switch scroll {
    case .up: scrollPanel(rows: -1)
    case .down: scrollPanel(rows: 1)
    case .pageUp: scrollPanel(pages: -1)
    case .pageDown: scrollPanel(pages: 1)
    }
  }
}
