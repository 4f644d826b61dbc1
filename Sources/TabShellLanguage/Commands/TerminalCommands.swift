/// `size`, `tui`, `detach`, `leave`: the terminal that frames and gestures assume, the
/// full-screen mode, and leaving a session's terminal or the shell.
enum TerminalCommands {
  static let all = [size, tui, detach, leave]

  static let columns = Argument("COLS", .integer, abstract: "columns, at least 1")
  static let rows = Argument("ROWS", .integer, abstract: "rows, at least 1")

  static let size = Declaration(
    name: "size", parameters: [columns, rows],
    abstract: "the terminal's size that show, hit, click, drag and scroll assume",
    discussion: """
      By default --width columns, else the terminal's width, else $COLUMNS, else 80; and 24 \
      rows. In the \
      full-screen mode the size is the terminal's.
      """
  ) { interpreter, arguments in
    try interpreter.setSize(columns: arguments[columns], rows: arguments[rows])
  }

  static let tui = Declaration(
    name: "tui", abstract: "go full-screen (at the interactive prompt; Ctrl-X Ctrl-A too)",
    discussion: """
      The same session, full-screen: the visible screen, the bar under it and the command line \
      at the bottom. Ctrl-X Ctrl-A comes back to the line prompt; quit, Ctrl-D and q leave.
      Keys act in one of three focuses: the command line (Enter runs it; history, Ctrl-R, Tab as \
      at the prompt; Ctrl-C drops the line), the bar (single keys) and the screen, for a screen \
      that takes input (it gets the focus when it becomes visible): there keys and pastes go to \
      the screen, but the prefix key C-b, then one key (the prefix focus): C-b : the command \
      line, C-b b or C-b Esc the bar, C-b 1...9 a tab, C-b Left/Right a swipe, C-b ? these keys, \
      C-b C-b sends C-b to the screen. The line at the bottom names the focus and the way back. \
      The keys each focus binds are listed below ('keys', 'bind' and 'unbind' list and change \
      them).
      Mouse: a click taps a tab, the action button (its slot or its cap above the bar) or a +N \
      marker (a page further); the wheel over the bar swipes; a drag in the screen swipes, \
      following the pointer (past half the width it selects, before it the page snaps back). A \
      screen that takes input gets the presses and the wheel in its region (and the focus); \
      when it handles a press, the drag and the release are its own, not a swipe.
      """,
    effect: .looks
  ) { interpreter, _ in
    do throws(GestureError) {
      guard let host = interpreter.host else { throw .fullScreenOutsidePrompt }
      try host.enterFullScreen()
    } catch {
      throw LanguageError.gesture(error)
    }
  }

  static let detach = Declaration(
    name: "detach", abstract: "leave a session running and give its terminal back (prefix d)",
    discussion: """
      In a session (tabshell --session NAME, tabshell attach): typed or bound to a key on an \
      attached terminal, detaches that terminal; run by 'tabshell send', detaches every \
      attached terminal. The session, its terminal programs and its plugins go on running; \
      'tabshell attach NAME' comes back. Outside a session it fails.
      """,
    effect: .looks
  ) { interpreter, _ in
    guard interpreter.host?.detachClients() == true else {
      throw LanguageError.gesture(.notInSession(command: "detach"))
    }
  }

  static let leave = Declaration(
    name: "leave", abstract: "detach from a session; elsewhere quit, asking first (q, C-d)",
    discussion: """
      What q in the bar focus and Ctrl-D on an empty command line do. In a session, as \
      'detach': the session and its programs go on. Elsewhere, as 'quit': typed or pressed \
      while terminal tabs' programs run, it asks first.
      """
  ) { interpreter, _ in
    try interpreter.leave()
  }
}
