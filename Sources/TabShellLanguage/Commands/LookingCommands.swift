import TabShellKit
import TabShellRendering

/// `tabs`, `show`, `state`, `trace`.
enum LookingCommands {
  static let all: [BuiltinCommand] = [tabs, show, state, trace].map {
    BuiltinCommand($0, family: "Looking")
  }

  static let tabs = CommandDeclaration<Interpreter>(
    "tabs", abstract: "a table of the tabs (* marks the selection)"
  ) { interpreter, _ in
    Renderer.tabsTable(interpreter.shell, options: interpreter.renderOptions).forEach(
      interpreter.output)
  }

  static let show = CommandDeclaration<Interpreter>(
    "show", abstract: "the rendered frame: the visible screen, then the bar"
  ) { interpreter, _ in
    Renderer.frame(interpreter.shell, options: interpreter.renderOptions).forEach(
      interpreter.output)
  }

  static let state = CommandDeclaration<Interpreter>(
    "state", options: [.flag("--json", abstract: "as one JSON object on one line (the default)")],
    abstract: "the shell's state as one line of JSON",
    discussion: """
      Keys: selected (a position or null), barHidden, modal (an id or null), visible, action, and \
      tabs, each with position, id, title, type, icon, selectedIcon, badge, enabled, loaded and \
      stack (screen ids, root first).
      """
  ) { interpreter, _ in
    interpreter.output(JSONText.state(interpreter.shell.state))
  }

  static let trace = CommandDeclaration<Interpreter>(
    "trace", arguments: [.init("MODE", .choice(["on", "json", "off"]))],
    abstract: "print lifecycle and bar events as they happen",
    discussion: """
      'on': readable lines such as 'viewWillAppear b' or 'did-select 2 b'; 'json': one JSON object \
      a line, such as {"event":"did-select","tab":2,"id":"b"}; 'off': nothing.
      """
  ) { interpreter, arguments in
    switch arguments.positionals[0] {
    case "on": interpreter.trace = .readable
    case "json": interpreter.trace = .json
    default: interpreter.trace = .off
    }
    interpreter.updateObservers()
  }
}
