@_spi(Host) import TabShellKit

/// `push`, `pop`, `pop-to-root`, `present`, `dismiss`.
enum StackCommands {
  static let all = [push, pop, popToRoot, present, dismiss]

  static let type = Argument("TYPE", .screenType)
  static let id = Option(
    "--id", .text, valueName: "ID", abstract: "the screen's id (default: from its type)")
  static let title = Option("--title", .text, valueName: "TITLE", abstract: "the screen's title")
  static let hidesBar = Option(
    flag: "--hides-bar", abstract: "hide the bar while this screen is on the stack")

  static let push = Declaration(
    name: "push",
    parameters: [
      type, id, title, hidesBar, TabCommands.text, TabCommands.param, TabCommands.program,
    ],
    abstract: "push a new screen onto the selected tab's stack",
    discussion: "After TYPE, the options its screen type declares (see 'screens') are taken too.",
    screenParameters: (type, TabCommands.param),
    program: TabCommands.program
  ) { interpreter, arguments in
    try interpreter.send(
      .push(
        NewScreen(
          type: arguments[type], id: arguments[id], title: arguments[title],
          hidesBar: arguments[hidesBar],
          parameters: TabCommands.parameters(arguments, type: arguments[type], in: interpreter))))
  }

  static let pop = Declaration(
    name: "pop", abstract: "pop the top screen of the selected tab's stack"
  ) { interpreter, _ in try interpreter.send(.pop) }

  static let popToRoot = Declaration(
    name: "pop-to-root", abstract: "pop the selected tab's stack to its root"
  ) { interpreter, _ in try interpreter.send(.popToRoot) }

  static let present = Declaration(
    name: "present",
    parameters: [type, id, title, TabCommands.text, TabCommands.param, TabCommands.program],
    abstract: "present a new screen modally over everything",
    discussion: """
      While it is presented, selecting tabs and changing stacks fail. After TYPE, the options its \
      screen type declares (see 'screens') are taken too.
      """,
    screenParameters: (type, TabCommands.param),
    program: TabCommands.program
  ) { interpreter, arguments in
    try interpreter.send(
      .present(
        NewScreen(
          type: arguments[type], id: arguments[id], title: arguments[title],
          parameters: TabCommands.parameters(arguments, type: arguments[type], in: interpreter))))
  }

  static let dismiss = Declaration(
    name: "dismiss", abstract: "dismiss the presented screen"
  ) { interpreter, _ in try interpreter.send(.dismiss) }
}
