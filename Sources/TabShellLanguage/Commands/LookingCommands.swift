@_spi(Host) import TabShellKit
import TabShellRendering

/// `tabs`, `show`, `state`, `trace`.
enum LookingCommands {
  static let all = [tabs, show, state, trace]

  static let tabs = Declaration(
    name: "tabs", abstract: "a table of the tabs (* marks the selection)",
    discussion: """
      Columns: position, id, title, root type, badge, enabled, loaded and depth (the stack's \
      size). Before the position, * marks the selected tab, ! a tab whose program rang the bell \
      and # one that had output since it was last selected. Under the table, a line for each screen in the error state: 'screen ID: FAILURE'.
      """,
    effect: .looks
  ) { interpreter, _ in
    Renderer.tabsTable(interpreter.shell, options: interpreter.view.renderOptions).forEach(
      interpreter.output)
  }

  static let show = Declaration(
    name: "show", abstract: "the rendered frame: the visible screen, then the bar",
    discussion: """
      The whole terminal as the full-screen mode lays it out, at the size 'size' sets (by default \
      the width of 'help size', and 24 rows): the screen area (a header naming the visible screen, then its \
      region), the action button's cap protruding one row above the bar, then the bar's three \
      rows (unless hidden). One line a row; trailing blanks are left out.
      """,
    effect: .looks
  ) { interpreter, _ in
    Renderer.frame(
      interpreter.shell, options: interpreter.view.renderOptions, scroll: interpreter.view.barScroll
    ).forEach(interpreter.output)
    interpreter.view.drewFrame = true
  }

  static let json = Option(flag: "--json", abstract: "as one JSON object on one line (the default)")
  static let script = Option(
    flag: "--script", abstract: "as the commands that rebuild it from an empty shell")

  static let state = Declaration(
    name: "state", parameters: [json, script],
    abstract: "the shell's state as one line of JSON, or as a script",
    discussion: """
      Keys: selected (a position or null), barHidden, modal (an id or null), visible, action, \
      tabs, each with position, id, title, type, icon, selectedIcon, badge, enabled, loaded and \
      stack (screen ids, root first), bell and activity (true, there only on a tab the bar marks), \
      failures (the screens in the error state: each id with the failure it shows), and bar \
      ("compact", there only with the compact bar).
      With --script: the commands that rebuild the state from an empty shell (tabs with their \
      types, ids, titles, icons and parameters, stacks, badges, disabled tabs, the action button, \
      the hidden bar, the selection, the presented screen, 'set bar compact'). Running them gives the same \
      'state --json', the loaded flags and the marks aside; the bar's appearance and what screens keep inside \
      them are not written.
      """,
    validate: { arguments, _ throws(LanguageError) in
      if arguments[json], arguments[script] {
        throw .failed("'state' takes --json or --script, not both")
      }
    },
    effect: .looks,
    run: { interpreter, arguments in
      let bar = interpreter.view.renderOptions.bar
      if arguments[script] {
        StateScript.lines(interpreter.shell, bar: bar).forEach(interpreter.output)
      } else {
        interpreter.output(try JSONText.state(interpreter.shell.state, bar: bar))
      }
    })

  static let mode = Argument("MODE", .choice(["on", "json", "off"]))

  static let file = Option(
    "--to", .path, valueName: "FILE",
    abstract: "write the trace to FILE (appended to, each line as it happens) instead")

  static let trace = Declaration(
    name: "trace", parameters: [mode, file],
    abstract: "print lifecycle and bar events as they happen",
    discussion: """
      'on': readable lines such as 'viewWillAppear b' or 'did-select 2 b'; 'json': one JSON object \
      a line, such as {"event":"did-select","tab":2,"id":"b"}; 'off': nothing. With --to, the \
      lines go to a file, which another program can follow (the full-screen mode's output panel \
      stays clear).
      """,
    effect: .looks
  ) { interpreter, arguments in
    try interpreter.traceTo(arguments[file])
    switch arguments[mode] {
    case "on": interpreter.observation.trace.mode = .readable
    case "json": interpreter.observation.trace.mode = .json
    default: interpreter.observation.trace.mode = .off
    }
    interpreter.updateObservers()
  }
}
