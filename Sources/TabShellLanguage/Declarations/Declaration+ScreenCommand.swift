@_spi(Host) import TabShellKit

/// A parameter of a screen command, as the binder, completion and help see it.
final class ScreenParameter: Parameter, @unchecked Sendable {}

extension Declaration {
  /// A screen type's command as a declaration of the same shape as a built-in's: bound, completed
  /// and described by the same code. Running it runs the plugin's command on the visible screen.
  init(screenCommand command: ScreenCommand) {
    let parameters: [Parameter] = command.parameters.map { parameter in
      let spec = parameter.spec
      let role: Parameter.Spec.Role =
        switch spec.role {
        case .positional: .positional
        case .option: .option
        case .flag: .flag
        }
      return ScreenParameter(
        Parameter.Spec(
          name: spec.name, valueName: spec.valueName, kind: spec.kind.map(ValueKind.init),
          role: role, isOptional: spec.isOptional, isRepeated: spec.isVariadic,
          abstract: spec.abstract))
    }
    self.init(
      name: command.name, parameters: parameters, abstract: command.abstract,
      discussion: command.discussion
    ) { interpreter, arguments in
      try interpreter.shell.run(
        command, values: arguments.values.map(\.argumentValue), output: interpreter.output)
    }
  }
}
