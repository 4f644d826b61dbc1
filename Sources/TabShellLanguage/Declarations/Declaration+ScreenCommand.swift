@_spi(Host) import TabShellKit

extension Declaration {
  /// A screen type's command as a declaration of the same shape as a built-in's: the same
  /// parameters, bound, completed and described by the same code. Running it runs the plugin's
  /// command on the visible screen with the values bound.
  init(screenCommand command: ScreenCommand) {
    self.init(
      name: command.name, parameters: command.parameters, abstract: command.abstract,
      discussion: command.discussion
    ) { interpreter, arguments in
      try interpreter.shell.run(command, values: arguments.values, output: interpreter.output)
    }
  }
}
