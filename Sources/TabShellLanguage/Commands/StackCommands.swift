import TabShellKit

/// `push`, `pop`, `pop-to-root`, `present`, `dismiss`.
enum StackCommands {
  static let all: [BuiltinCommand] = [push, pop, popToRoot, present, dismiss].map {
    BuiltinCommand($0, family: "Stacks and modals")
  }

  static let push = CommandDeclaration<Interpreter>(
    "push", arguments: [.init("TYPE", .screenType)],
    options: [
      .option("--id", .text, valueName: "ID", abstract: "the screen's id (default: from its type)"),
      .option("--title", .text, valueName: "TITLE", abstract: "the screen's title"),
      .flag("--hides-bar", abstract: "hide the bar while this screen is on the stack"),
    ] + TabCommands.screenOptions,
    abstract: "push a new screen onto the selected tab's stack"
  ) { interpreter, arguments in
    try interpreter.shell.push(
      type: arguments.positionals[0], id: arguments.value(of: "--id"),
      title: arguments.value(of: "--title"), hidesBar: arguments.has("--hides-bar"),
      parameters: TabCommands.parameters(arguments))
  }

  static let pop = CommandDeclaration<Interpreter>(
    "pop", abstract: "pop the top screen of the selected tab's stack"
  ) { interpreter, _ in try interpreter.shell.pop() }

  static let popToRoot = CommandDeclaration<Interpreter>(
    "pop-to-root", abstract: "pop the selected tab's stack to its root"
  ) { interpreter, _ in try interpreter.shell.popToRoot() }

  static let present = CommandDeclaration<Interpreter>(
    "present", arguments: [.init("TYPE", .screenType)],
    options: [
      .option("--id", .text, valueName: "ID", abstract: "the screen's id (default: from its type)"),
      .option("--title", .text, valueName: "TITLE", abstract: "the screen's title"),
    ] + TabCommands.screenOptions,
    abstract: "present a new screen modally over everything",
    discussion: "While it is presented, selecting tabs and changing stacks fail."
  ) { interpreter, arguments in
    try interpreter.shell.present(
      type: arguments.positionals[0], id: arguments.value(of: "--id"),
      title: arguments.value(of: "--title"), parameters: TabCommands.parameters(arguments))
  }

  static let dismiss = CommandDeclaration<Interpreter>(
    "dismiss", abstract: "dismiss the presented screen"
  ) { interpreter, _ in try interpreter.shell.dismiss() }
}
