/// `set-focus`, `back`, `panel`: what the full-screen mode's keys do besides acting on the shell
/// (docs/Contract.md, "The full-screen mode"); bound to keys, they work in that mode only.
enum FullScreenCommands {
  static let all = [focus, back, panel]

  static let focusName = Argument(
    "FOCUS", .choice(KeyFocus.bindable.map(\.rawValue)),
    abstract:
      "command (the command line), bar (single keys act on the bar), screen (keys go to the "
      + "visible screen) or prefix (the next key is looked up in the prefix focus)")

  static let focus = Declaration(
    name: "set-focus", parameters: [focusName],
    abstract: "give the keys to the command line, the bar or the visible screen",
    discussion: """
      The screen and prefix focuses are for a visible screen whose type takes input; for \
      another one they are refused, naming it.
      """,
    effect: .looks, isGesture: true, keepsPanel: true
  ) { interpreter, arguments in
    try interpreter.setFocus(KeyFocus(rawValue: arguments[focusName]) ?? .bar)
  }

  static let back = Declaration(
    name: "back", abstract: "one step back: the panel, the command line, the presented screen",
    discussion: """
      Closes the output panel; from the command line, goes to the screen focus when the visible \
      screen takes input, else to the bar focus; in the bar focus with no panel open, dismisses \
      the presented screen (recorded as 'dismiss'). Esc in both focuses.
      """,
    isGesture: true, keepsPanel: true
  ) { interpreter, _ in
    try interpreter.back()
  }

  static let direction = Argument(
    "DIRECTION", .choice(PanelScroll.allCases.map(\.rawValue)),
    abstract: "up, down, page-up or page-down")

  static let panel = Declaration(
    name: "panel", parameters: [direction], abstract: "scroll the output panel",
    effect: .looks, isGesture: true, keepsPanel: true
  ) { interpreter, arguments in
    try interpreter.fullScreenControl("panel").scrollPanel(
      PanelScroll(rawValue: arguments[direction]) ?? .down)
  }
}
