/// `set-focus`, `back`, `panel`, `redraw`, `suspend`, `line-mode`, `clear-line`: what the
/// full-screen mode's keys do besides acting on the shell (docs/Contract.md, "The full-screen
/// mode"); bound to keys, they work in that mode only.
enum FullScreenCommands {
  static let all = [focus, back, panel, redraw, suspend, lineMode, clearLine]

  static let focusName = Argument(
    "FOCUS", .choice(KeyFocus.bindable.map(\.rawValue)),
    abstract:
      "command (the command line), bar (single keys act on the bar), screen (keys go to the "
      + "visible screen), prefix (the next key is looked up in the prefix focus) or c-x (the next "
      + "key in the bar focus after Ctrl-X)")

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

extension FullScreenCommands {
  static let redraw = Declaration(
    name: "redraw", abstract: "draw the whole terminal again (C-l)",
    effect: .looks, isGesture: true, keepsPanel: true
  ) { interpreter, _ in
    try interpreter.fullScreenControl("redraw").redraw()
  }

  static let suspend = Declaration(
    name: "suspend", abstract: "give the terminal back and stop until 'fg' (C-z)",
    discussion: """
      In a session, whose clients' terminals are not this process's, it is refused, saying so.
      """,
    effect: .looks, isGesture: true
  ) { interpreter, _ in
    let control = try interpreter.fullScreenControl("suspend")
    do throws(GestureError) {
      try control.suspend()
    } catch {
      throw LanguageError.gesture(error)
    }
  }

  static let lineMode = Declaration(
    name: "line-mode", abstract: "back to the line prompt, with the line being typed (C-x C-a)",
    effect: .looks, isGesture: true
  ) { interpreter, _ in
    let control = try interpreter.fullScreenControl("line-mode")
    do throws(GestureError) {
      try control.leaveForLineMode()
    } catch {
      throw LanguageError.gesture(error)
    }
  }

  static let clearLine = Declaration(
    name: "clear-line", abstract: "drop the line being typed (C-c on the command line)",
    effect: .looks, isGesture: true, keepsPanel: true
  ) { interpreter, _ in
    try interpreter.fullScreenControl("clear-line").clearLine()
  }
}
