@_spi(Host) import TabShellKit

/// `split`, `select-pane`, `resize-pane`, `zoom`, `close-pane`, `layout-panes`: a tab's panes
/// (docs/Contract.md, "Split screens").
enum PaneCommands {
  static let all = [split, selectPane, resizePane, zoom, closePane, layoutPanes]

  static let pane = Option(
    "--to", .text, valueName: "ID",
    abstract: "the pane's screen id (default: the selected tab's focused pane)")

  static let horizontal = Option(flag: "--horizontal", abstract: "side by side (the default)")
  static let vertical = Option(flag: "--vertical", abstract: "one above the other")
  static let size = Option(
    "--size", .text, valueName: "N|N%",
    abstract: "the new pane's columns (side by side) or rows, or a percentage of the pane split")
  static let id = Option(
    "--id", .text, valueName: "ID", abstract: "the new screen's id (default: from its type)")
  static let title = Option(
    "--title", .text, valueName: "TITLE", abstract: "the new screen's title")
  static let type = Argument("TYPE", .screenType, abstract: "the new pane's screen type")

  static let split = Declaration(
    name: "split",
    parameters: [
      pane, horizontal, vertical, size, id, title, type, TabCommands.text, TabCommands.param,
      TabCommands.program,
    ],
    abstract: "split a pane in two; a new screen of TYPE takes the new half and the focus",
    discussion: """
      Side by side (--horizontal, the default) or one above the other (--vertical). A border \
      takes one column (or row) between the two; each pane is at least 2 columns by 1 row, and a \
      split that would leave one smaller is an error naming the sizes. The pane split stays \
      shown, at its new size (a program in it gets SIGWINCH). After TYPE, the options its screen \
      type declares (see 'screens') are taken too: 'split terminal -- htop'.
      """,
    validate: { arguments, _ throws(LanguageError) in
      _ = try axis(arguments)
      if let word = arguments[size] { _ = try paneSize(word) }
    },
    screenParameters: (type, TabCommands.param),
    program: TabCommands.program,
    run: { interpreter, arguments in
      let screen = NewScreen(
        type: arguments[type], id: arguments[id], title: arguments[title],
        parameters: TabCommands.parameters(arguments, type: arguments[type], in: interpreter))
      try interpreter.send(
        .split(
          pane: arguments[pane], axis: try axis(arguments),
          size: try arguments[size].map(paneSize), screen: screen))
    })

  static let target = Argument(
    "ID", optional: .text,
    abstract: "the pane's screen id (or one of --left, --right, --up, --down)")
  static let directions: [(Option<Bool>, PaneLayout.Direction)] = [
    (Option(flag: "--left", abstract: "the pane to the left"), .left),
    (Option(flag: "--right", abstract: "the pane to the right"), .right),
    (Option(flag: "--up", abstract: "the pane above"), .up),
    (Option(flag: "--down", abstract: "the pane below"), .down),
  ]
  static let swipes = Option(
    flag: "--swipe",
    abstract:
      "past the tab's left or right edge, swipe to the tab beside; past the top or bottom, nothing")

  static let selectPane = Declaration(
    name: "select-pane",
    parameters: [target] + directions.map(\.0) + [swipes],
    abstract: "focus a pane: by its id, or the one beside the focused pane that way",
    discussion: """
      Among several panes beside it, the one focused last. Past the tab's edge it is an error, \
      unless --swipe: then --left and --right swipe to the tab beside (a tab of one pane \
      swipes at once) and --up and --down do nothing, as prefix + arrows do. A zoomed tab is \
      unzoomed.
      """,
    validate: { arguments, declaration throws(LanguageError) in
      let chosen = directions.filter { arguments[$0.0] }
      if chosen.count > 1 || (arguments[target] != nil) == (chosen.count == 1) {
        throw .oneOf(
          command: declaration.name, options: ["ID"] + directions.map(\.0.spec.name))
      }
    },
    run: { interpreter, arguments in
      guard let direction = directions.first(where: { arguments[$0.0] })?.1 else {
        try interpreter.send(.selectPane(arguments[target], toward: nil))
        return
      }
      try interpreter.selectPane(toward: direction, swiping: arguments[swipes])
    })

  static let cells = Argument(
    "N", .integer, abstract: "how many cells the border moves (negative: the other way)")

  static let resizePane = Declaration(
    name: "resize-pane",
    parameters: [pane] + directions.map(\.0) + [cells],
    abstract: "move the border on one side of a pane N cells that way",
    discussion: """
      --right N moves the pane's right border N cells right, --left N its left border left, \
      --up its top border up, --down its bottom border down (a negative N the other way), as \
      far as the panes beyond can give (each stays at least 2 columns by 1 row). A pane at the \
      tab's edge on that side has no border there: an error. Every pane whose size changes gets \
      a resize (a program, SIGWINCH).
      """,
    validate: { arguments, declaration throws(LanguageError) in
      if directions.filter({ arguments[$0.0] }).count != 1 {
        throw .oneOf(command: declaration.name, options: directions.map(\.0.spec.name))
      }
    },
    run: { interpreter, arguments in
      guard let side = directions.first(where: { arguments[$0.0] })?.1 else { return }
      try interpreter.send(.resizePane(arguments[pane], side: side, cells: arguments[cells]))
    })

  static let zoom = Declaration(
    name: "zoom", parameters: [pane],
    abstract: "toggle a pane filling its tab alone (the others stay, unseen)",
    discussion: """
      The zoomed pane gets the focus and the whole region; the others stop showing (they \
      disappear, and their programs go on). Again, or a split, a close, a move of the focus or a \
      resize, unzooms. Nothing in a tab of one pane.
      """
  ) { interpreter, arguments in try interpreter.send(.zoom(arguments[pane])) }

  static let closePane = Declaration(
    name: "close-pane", parameters: [pane, ScriptingCommands.force],
    abstract: "close a pane; its screen leaves for good, its room goes to the pane beside",
    discussion: """
      The focus, when it was there, goes to the pane focused before it. Closing a tab's last \
      pane closes the tab; closing all but one leaves that one as the tab's screen (the tab \
      keeps its id). Typed at the prompt or in the full-screen mode (or bound to a key: prefix \
      x), when the pane's program runs, it asks first: 'close-pane: 1 program is running; close \
      the pane anyway? (y/n)'. A script, -c and 'tabshell send' never ask, nor does --force.
      """
  ) { interpreter, arguments in
    try interpreter.closePane(arguments[pane], force: arguments[ScriptingCommands.force])
  }

  static let arrangement = Argument(
    "NAME", .choice(PaneLayout.Arrangement.allCases.map(\.rawValue)),
    abstract: "even-horizontal, even-vertical or tiled")

  static let layoutPanes = Declaration(
    name: "layout-panes", parameters: [pane, arrangement],
    abstract: "arrange the panes of a tab anew: side by side, one above the other, or tiled",
    discussion: """
      In the panes' order (left to right, top to bottom), sizes shared out as evenly as they go, \
      as tmux's select-layout. --to names a pane of the tab (default: the selected tab).
      """
  ) { interpreter, arguments in
    guard let name = PaneLayout.Arrangement(rawValue: arguments[arrangement]) else { return }
    try interpreter.send(.arrangePanes(arguments[pane], name))
  }

  /// The axis `--horizontal` or `--vertical` ask for (side by side by default).
  static func axis(_ arguments: Arguments) throws(LanguageError) -> PaneLayout.Axis {
    if arguments[horizontal], arguments[vertical] {
      throw .oneOf(command: split.name, options: [horizontal.spec.name, vertical.spec.name])
    }
    return arguments[vertical] ? .vertical : .horizontal
  }

  /// `--size N` or `--size N%`.
  static func paneSize(_ word: String) throws(LanguageError) -> PaneSize {
    let isPercent = word.hasSuffix("%")
    let digits = isPercent ? word.dropLast() : word[...]
    guard let number = Int(digits), number >= 1, !isPercent || number <= 99 else {
      throw .badPaneSize(word)
    }
    return isPercent ? .percent(number) : .cells(number)
  }
}

extension Interpreter {
  /// `select-pane --left` and the others: the pane beside the focused one that way; past the
  /// tab's edge an error, or with `swiping` a swipe to the tab beside for left and right.
  func selectPane(toward direction: PaneLayout.Direction, swiping: Bool) throws {
    let covered = shell.model.selectedIndex.map { !shell.model.tabs[$0].pushed.isEmpty } ?? false
    if swiping, direction.axis == .horizontal, covered || shell.modalScreen != nil {
      try send(.swipe(direction == .left ? .right : .left, cancelled: false))
      return
    }
    guard case .pane(found: false) = try send(.selectPane(nil, toward: direction)) else { return }
    guard swiping else {
      let focused = shell.visibleScreen?.id ?? ""
      throw LanguageError.shell(.pane(.noPane(from: focused, toward: direction)))
    }
    // Past the top or the bottom there is no tab to swipe to: nothing happens.
    guard direction.axis == .horizontal else { return }
    try send(.swipe(direction == .left ? .right : .left, cancelled: false))
  }
}
