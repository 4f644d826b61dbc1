@_spi(Host) import TabShellKit
import TabShellRendering

/// `expect text`, `expect style`, `expect cursor`: what a screen's region shows, where, and how
/// (docs/Contract.md, "Pictures, recordings, locators").
extension ExpectCommand {
  static let onScreen = Option(
    "--to", .text, valueName: "ID", abstract: "the screen's id (default: the visible screen)")
  static let shownText = Argument(
    "TEXT", oneOrMore: .text, abstract: "the text, on one row (words are joined by one space)")
  static let at = Option<Cell?>(cell: "--at", abstract: "TEXT starts at this cell (from 1 1)")

  static let textShown = check(
    "text", [onScreen, shownText, at], "the screen shows TEXT (with --at, starting at a cell)",
    discussion: """
      The screen's region, as 'wait-for' reads it, holds TEXT on one of its rows (a wide \
      character is one character of TEXT); with --at ROW COL, TEXT's first character is in that \
      cell. On failure the screen's text is shown, and where TEXT is if it is elsewhere.
      """
  ) { interpreter, arguments in
    let wanted = arguments[shownText].joined(separator: " ")
    let (id, picture) = try interpreter.screenPicture(arguments[onScreen])
    let locator = TextLocator(picture: picture)
    let matches = locator.matches(of: wanted)
    guard let cell = arguments[at] else {
      if matches.isEmpty {
        throw LanguageError.expectFailed(
          "screen \(quoted(id)) does not show \(quoted(wanted))" + textOf(picture))
      }
      return
    }
    guard !locator.starts(wanted, row: cell.row - 1, column: cell.column - 1) else { return }
    let shown = locator.shown(
      row: cell.row - 1, column: cell.column - 1, count: wanted.count)
    var message =
      "screen \(quoted(id)) shows \(quoted(shown)) at row \(cell.row) column \(cell.column), "
      + "expected \(quoted(wanted))"
    if let first = matches.first { message += " (it is at \(first.place))" }
    throw LanguageError.expectFailed(message + textOf(picture))
  }

  static let foreground = Option(
    "--fg", .text, valueName: "COLOUR",
    abstract: "the text's colour: a name (red: also bright red), default, 0-255 or #RRGGBB")
  static let background = Option(
    "--bg", .text, valueName: "COLOUR", abstract: "the background's colour, as --fg")
  static let flags: [(Option<Bool>, Canvas.Attributes)] = [
    (Option(flag: "--bold", abstract: "every cell is bold"), .bold),
    (Option(flag: "--italic", abstract: "every cell is italic"), .italic),
    (Option(flag: "--underline", abstract: "every cell is underlined"), .underline),
    (Option(flag: "--reverse", abstract: "every cell is reversed"), .reverse),
  ]

  static let styleShown = check(
    "style", [onScreen, shownText, foreground, background] + flags.map(\.0),
    "every cell of TEXT's first occurrence has these colours and attributes",
    discussion: """
      Only what is given is checked. A colour name matches its palette entry, its bright form, \
      and a 24-bit colour nearest to either; 0-255 and #RRGGBB match exactly; default is the \
      terminal's own colour. On failure the first cell that differs is named, with its style.
      """,
    validate: { arguments, _ throws(LanguageError) in
      if let word = arguments[foreground] { _ = try ColorExpectation(word) }
      if let word = arguments[background] { _ = try ColorExpectation(word) }
    },
    run: { interpreter, arguments in
      let wanted = arguments[shownText].joined(separator: " ")
      let (id, picture) = try interpreter.screenPicture(arguments[onScreen])
      guard let match = TextLocator(picture: picture).matches(of: wanted).first else {
        throw LanguageError.expectFailed(
          "screen \(quoted(id)) does not show \(quoted(wanted))" + textOf(picture))
      }
      let fg = try arguments[foreground].map(ColorExpectation.init)
      let bg = try arguments[background].map(ColorExpectation.init)
      let attributes = flags.reduce(into: Canvas.Attributes()) { all, flag in
        if arguments[flag.0] { all.insert(flag.1) }
      }
      for column in match.column..<match.column + match.width {
        let cell = picture.cell(row: match.row, column: column)
        guard !cell.text.isEmpty else { continue }  // a wide character's right half
        var wrong: [String] = []
        if let fg, let word = arguments[foreground], !fg.matches(cell.style.foreground) {
          wrong.append("--fg \(word)")
        }
        if let bg, let word = arguments[background], !bg.matches(cell.style.background) {
          wrong.append("--bg \(word)")
        }
        for (flag, attribute) in flags
        where attributes.contains(attribute) && !cell.style.attributes.contains(attribute) {
          wrong.append(flag.spec.name)
        }
        guard wrong.isEmpty else {
          throw LanguageError.expectFailed(
            "\(quoted(wanted)) at \(match.place) of screen \(quoted(id)): its cell at column "
              + "\(column + 1) (\(quoted(cell.text))) is \(describe(cell.style)), expected "
              + wrong.joined(separator: " "))
        }
      }
    })

  static let row = Argument("ROW", .integer, abstract: "the row, from 1")
  static let column = Argument("COL", .integer, abstract: "the column, from 1")

  static let cursorAt = check(
    "cursor", [onScreen, row, column], "the screen's cursor is at ROW COL (from 1 1, in its region)"
  ) { interpreter, arguments in
    let (id, picture) = try interpreter.screenPicture(arguments[onScreen])
    let expected = "row \(arguments[row]) column \(arguments[column])"
    guard let cursor = picture.cursor else {
      throw LanguageError.expectFailed(
        "the cursor of screen \(quoted(id)) is hidden, expected at \(expected)")
    }
    if cursor.row + 1 != arguments[row] || cursor.column + 1 != arguments[column] {
      throw LanguageError.expectFailed(
        "the cursor of screen \(quoted(id)) is at row \(cursor.row + 1) column "
          + "\(cursor.column + 1), expected \(expected)")
    }
  }

  /// A style in words: `fg 2, bg default, bold, underline`.
  static func describe(_ style: Canvas.Style) -> String {
    var words = [
      "fg " + ColorExpectation.describe(style.foreground),
      "bg " + ColorExpectation.describe(style.background),
    ]
    for (attribute, name) in [
      (Canvas.Attributes.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
      (.underline, "underline"), (.reverse, "reverse"), (.strikethrough, "strikethrough"),
    ] where style.attributes.contains(attribute) {
      words.append(name)
    }
    return words.joined(separator: ", ")
  }

  /// `; its text:` and the picture's lines, as `wait-for` shows them on timeout.
  static func textOf(_ picture: Picture) -> String {
    LanguageError.shownText(picture.text)
  }
}
