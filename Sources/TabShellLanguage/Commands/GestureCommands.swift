/// `hit`, `click`, `drag`, `scroll`, `key`: the full-screen mode's mouse and keys, in scripts.
///
/// They resolve through the one hit-testing the full-screen mode draws with (docs/Contract.md,
/// "Gestures"), at the size `size` sets; cells count from 1, as terminals report them.
enum GestureCommands {
  static let all = [hit, click, drag, scroll, key]

  static let column = Argument("COL", .integer, abstract: "the cell's column, from 1")
  static let row = Argument("ROW", .integer, abstract: "the cell's row, from 1")

  static let hit = Declaration(
    name: "hit", parameters: [column, row], abstract: "print what is at a cell",
    discussion: """
      One of: 'tab ID' (any row of a tab's slot in the bar), 'action' (the action button's slot, \
      or its cap protruding one row above the bar), 'more left' and 'more right' (the +N \
      markers), 'screen ID' (the screen area, or the pane under the cell), 'border ID right' and \
      'border ID bottom' (the border after pane ID, which a drag moves), 'none'.
      """,
    effect: .looks
  ) { interpreter, arguments in
    let target = try interpreter.target(column: arguments[column], row: arguments[row])
    interpreter.output(target.description)
  }

  static let clickColumn = Argument(
    "COL", optional: .integer, abstract: "the cell's column, from 1 (without --text)")
  static let clickRow = Argument(
    "ROW", optional: .integer, abstract: "the cell's row, from 1 (without --text)")
  static let clickText = Option(
    "--text", .text, valueName: "TEXT", abstract: "click on TEXT where a screen shows it")
  static let clickScreen = Option(
    "--to", .text, valueName: "ID",
    abstract: "with --text: the screen, which must be visible (default: the visible screen)")
  static let nth = Option(
    "--nth", .integer(in: 1...1_000_000), valueName: "N",
    abstract: "with --text: its Nth occurrence (default: the first)")

  static let click = Declaration(
    name: "click", parameters: [clickText, clickScreen, nth, clickColumn, clickRow],
    abstract: "a left click at a cell, or on a text a screen shows",
    discussion: """
      On a tab: as 'tab ID' (hooks, vetoes; on the selected tab a reselect), nothing when it is \
      disabled. On the action button (or its cap): as 'action'. On a +N marker: the bar's window \
      moves a page that way, the selection stays. In the region of a screen that takes input \
      (under its header): a press of the left button there and, when the screen handled it, the \
      release, as the mouse in the full-screen mode. Elsewhere: nothing.
      With --text TEXT instead of a cell: the press and release on the cell at half TEXT's width \
      (rounded down) from its start, where the visible screen (or the screen --to names, which \
      must be visible) shows TEXT's Nth occurrence (--nth N; occurrences count row by row, left \
      to right), never on the bar. It fails when TEXT is not there (showing the screen's text), \
      or when the screen takes no input.
      """,
    validate: { arguments, _ throws(LanguageError) in
      let cell = arguments[clickColumn] != nil || arguments[clickRow] != nil
      if arguments[clickText] == nil {
        if arguments[clickScreen] != nil || arguments[nth] != nil {
          throw .failed("'click' takes --to and --nth with --text only")
        }
        if arguments[clickColumn] == nil || arguments[clickRow] == nil {
          throw .failed(
            "'click' needs COL ROW, or --text TEXT; usage: \(GestureCommands.clickUsage)")
        }
      } else if cell {
        throw .failed("'click' takes COL ROW or --text TEXT, not both")
      }
    },
    isGesture: true,
    run: { interpreter, arguments in
      if let text = arguments[clickText] {
        try interpreter.click(text: text, on: arguments[clickScreen], nth: arguments[nth] ?? 1)
      } else if let column = arguments[clickColumn], let row = arguments[clickRow] {
        try interpreter.click(column: column, row: row)
      }
    })

  /// `click`'s usage line, for its errors.
  static var clickUsage: String { click.usage }

  static let toColumn = Argument("COL2", .integer, abstract: "where it is let go: the column")
  static let toRow = Argument("ROW2", .integer, abstract: "where it is let go: the row")

  static let drag = Declaration(
    name: "drag", parameters: [column, row, toColumn, toRow],
    abstract: "press at a cell, move to another, let go there",
    discussion: """
      Started in the screen area, a drag sideways is a swipe that follows the pointer: to the \
      left it brings in the next tab, to the right the previous one. Let go past half the width, \
      it selects that tab (should-select asked then); before, it is cancelled. At either end it \
      bounces. Started elsewhere, or not moved sideways, it does nothing.
      """,
    isGesture: true
  ) { interpreter, arguments in
    try interpreter.drag(
      from: (arguments[column], arguments[row]), to: (arguments[toColumn], arguments[toRow]))
  }

  static let direction = Argument(
    "DIRECTION", .suggesting(["up", "down"]), abstract: "up or down")

  static let scroll = Declaration(
    name: "scroll", parameters: [direction, column, row], abstract: "turn the wheel at a cell",
    discussion: """
      Over the bar, as a swipe: up to the previous tab, down to the next (hooks; at either end a \
      bounce, no wrap-around). Elsewhere it does nothing.
      """,
    isGesture: true
  ) { interpreter, arguments in
    try interpreter.scroll(arguments[direction], column: arguments[column], row: arguments[row])
  }

  static let name = Argument(
    "NAME", .suggesting(BarKey.names),
    abstract: "a key as 'bind' names it (Left, M-1, x, F2, C-t...), or left, alt-1, h...")

  static let key = Declaration(
    name: "key", parameters: [KeyCommands.focus, name],
    abstract: "press a key of the full-screen mode, in the bar focus or another",
    discussion: """
      Runs what the key is bound to in that focus ('keys' lists it), as the full-screen mode \
      does when the key is pressed. Keys are named as 'bind' names them, as tmux does (Left, \
      M-1, x, F2, C-t, Enter...), or as scripts named them before: left, right, alt-left, \
      alt-right, 1...9, alt-1...alt-9, h (left is Left, alt-1 is M-1). By default in the bar \
      focus left and alt-left: 'swipe right' (the previous tab); right and alt-right: 'swipe \
      left' (the next tab); 1...9 and alt-1...alt-9: 'tab N'; h: 'toggle-bar'.
      """,
    isGesture: true
  ) { interpreter, arguments in
    try interpreter.key(arguments[name], in: KeyCommands.focus(arguments[KeyCommands.focus]))
  }
}
