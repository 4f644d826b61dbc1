@_spi(Host) import TabShellKit
import TabShellRendering

/// `tabs`, `show`, `state`, `trace`.
enum LookingCommands {
  static let all = [tabs, show, state, trace]

  static let tabs = Declaration(
    name: "tabs", abstract: "a table of the tabs (* marks the selection)", effect: .looks
  ) { interpreter, _ in
    Renderer.tabsTable(interpreter.shell, options: interpreter.renderOptions).forEach(
      interpreter.output)
  }

  static let show = Declaration(
    name: "show", abstract: "the rendered frame: the visible screen, then the bar", effect: .looks
  ) { interpreter, _ in
    Renderer.frame(interpreter.shell, options: interpreter.renderOptions).forEach(
      interpreter.output)
    interpreter.drewFrame = true
  }

  static let json = Option(flag: "--json", abstract: "as one JSON object on one line (the default)")
  static let script = Option(
    flag: "--script", abstract: "as the commands that rebuild it from an empty shell")

  static let state = Declaration(
    name: "state", parameters: [json, script],
    abstract: "the shell's state as one line of JSON, or as a script",
    discussion: """
      Keys: selected (a position or null), barHidden, modal (an id or null), visible, action, and \
      tabs, each with position, id, title, type, icon, selectedIcon, badge, enabled, loaded and \
      stack (screen ids, root first).
      With --script: the commands that rebuild the state from an empty shell (tabs with their \
      types, ids, titles, icons and parameters, stacks, badges, disabled tabs, the action button, \
      the hidden bar, the selection, the presented screen). Running them gives the same \
      'state --json', the loaded flags aside; the bar's appearance and what screens keep inside \
      them are not written.
      """,
    validate: { arguments, _ throws(LanguageError) in
      if arguments[json], arguments[script] {
        throw .failed("'state' takes --json or --script, not both")
      }
    },
    effect: .looks,
    run: { interpreter, arguments in
      if arguments[script] {
        StateScript.lines(interpreter.shell).forEach(interpreter.output)
      } else {
        interpreter.output(JSONText.state(interpreter.shell.state))
      }
    })

  static let mode = Argument("MODE", .choice(["on", "json", "off"]))

  static let trace = Declaration(
    name: "trace", parameters: [mode], abstract: "print lifecycle and bar events as they happen",
    discussion: """
      'on': readable lines such as 'viewWillAppear b' or 'did-select 2 b'; 'json': one JSON object \
      a line, such as {"event":"did-select","tab":2,"id":"b"}; 'off': nothing.
      """,
    effect: .looks
  ) { interpreter, arguments in
    switch arguments[mode] {
    case "on": interpreter.trace = .readable
    case "json": interpreter.trace = .json
    default: interpreter.trace = .off
    }
    interpreter.updateObservers()
  }
}
