@_spi(Host) import TabShellKit

/// `copy-mode`, `search`: copy mode on a terminal tab (docs/Contract.md, "Copy mode, buffers and
/// the clipboard"), in scripts as with the keys of the table `copy`.
enum CopyCommands {
  static let all = [copyMode, search]

  static let screen = Option(
    "--to", .text, valueName: "ID",
    abstract: "the terminal screen's id (default: the visible screen)")
  static let action = Argument(
    "ACTION", optional: .choice(CopyAction.allCases.map(\.rawValue)),
    abstract: "what to do in copy mode (none: enter it)")

  static let copyMode = Declaration(
    name: "copy-mode", parameters: [screen, action],
    abstract: "enter copy mode on a terminal tab, or act in it (prefix [)",
    discussion: """
      Copy mode freezes the terminal's view (its program runs on and its scrollback grows) and \
      moves a cursor over the screen and the lines kept. Its keys are the key table 'copy' \
      ('keys --focus copy' lists them): h j k l and the arrows, w b e, 0 ^ $ (Home, End), g G, \
      H M L, C-u C-d C-b C-f (PPage, NPage), / and ? search forward and backward, n N repeat; \
      v or Space starts a selection, V selects lines, C-v a rectangle; y or Enter copies it \
      into a new paste buffer and leaves, q or Escape leaves. Each key runs 'copy-mode ACTION' \
      (tmux's names: cursor-down, next-word, begin-selection, copy-selection-and-cancel...), \
      which scripts run too, or they press the keys with send-keys. The top right shows [N/M]: \
      the cursor's line counted up from the last one, and the lines in all.
      """
  ) { interpreter, arguments in
    let id = try interpreter.copyTarget(arguments[screen])
    try interpreter.copyMode(arguments[action].flatMap(CopyAction.init(rawValue:)), screen: id)
  }

  static let backward = Option(flag: "--backward", abstract: "search towards the first line")
  static let regex = Option(
    flag: "--regex", abstract: "TEXT is a regular expression (as wait-for --regex takes it)")
  static let text = Argument(
    "TEXT", variadic: .text,
    abstract: "the text (words are joined by one space; none: ask for it, full-screen)")

  static let search = Declaration(
    name: "search", parameters: [screen, backward, regex, text],
    abstract: "move copy mode's cursor to the next match of TEXT (/ and ? in copy mode)",
    discussion: """
      Enters copy mode on the terminal tab when it is not in it, then moves its cursor to the \
      next place TEXT is, after the cursor (before it with --backward), going round past either \
      end; an error when TEXT is nowhere. TEXT is found as it is, in each line of the screen \
      and the lines kept (a line the program wrapped is searched row by row); with --regex it \
      is a regular expression. Every match in view is highlighted; n and N repeat the search. \
      Without TEXT, in the full-screen mode, the command line asks for it.
      """,
    validate: { arguments, _ throws(LanguageError) in
      if arguments[regex], !arguments[text].isEmpty {
        _ = try ScreenTextMatch(arguments[text], isRegex: true)
      }
    },
    run: { interpreter, arguments in
      let id = try interpreter.copyTarget(arguments[screen])
      let words = arguments[text]
      guard !words.isEmpty else {
        try interpreter.askForSearch(
          backward: arguments[backward], regex: arguments[regex], screen: id)
        return
      }
      try interpreter.search(
        words.joined(separator: " "), backward: arguments[backward], regex: arguments[regex],
        screen: id)
    })
}
