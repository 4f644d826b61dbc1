@_spi(Host) import TabShellKit

/// An argument or an option of a command: the core's one parameter declaration
/// (``CommandParameter``), which built-in commands, screen commands, screen types' parameters and
/// the command line all declare with. Its identity is its key: a command's run function reads its
/// value with `arguments[Self.tab]`.
typealias Parameter = CommandParameter

/// A positional argument that holds a `Value` when its command runs (the core's
/// ``CommandArgument``, by the language's short name).
typealias Argument<Value: Sendable> = CommandArgument<Value>

/// An `--option` that holds a `Value` when its command runs: a flag (`Bool`), an option with a value
/// (`Value?`, the last one given wins) or one that may be given again (`[Value]`) (the core's
/// ``CommandOption``, by the language's short name).
typealias Option<Value: Sendable> = CommandOption<Value>

extension CommandArgument where Value == [Command] {
  /// The rest of the line, parsed as commands.
  convenience init(_ name: String, commands: ArgumentKind<[Command]>, abstract: String = "") {
    self.init(
      spec: ParameterSpec(
        name: name, kind: commands.code, role: .positional, isRepeated: true, abstract: abstract),
      extract: { _ in [] })
  }
}

extension CommandArgument {
  /// An argument that takes every word that is left, one or more (`expect output TEXT...`).
  convenience init<Element>(
    _ name: String, oneOrMore kind: ArgumentKind<Element>, abstract: String = ""
  ) where Value == [Element] {
    self.init(
      spec: ParameterSpec(
        name: name, kind: kind.code, role: .positional, isRepeated: true, abstract: abstract),
      extract: { value in
        guard case .list(let values)? = value else { return nil }
        var elements: [Element] = []
        for value in values {
          guard let element = kind.extract(value) else { return nil }
          elements.append(element)
        }
        return elements
      })
  }
}

/// A command's arguments, bound to its parameters and converted when it was parsed.
struct Arguments: Sendable {
  /// The parameters, in declaration order (shared with the declaration).
  let parameters: [Parameter]
  /// Their values, in the same order; `nil` for one not given.
  let values: [ArgumentValue?]
  /// The commands of a ``ArgumentKindCode/commands`` parameter, parsed with the command.
  var commands: [Command] = []

  static let none = Arguments(parameters: [], values: [])

  /// The value of an argument.
  @inline(__always)
  subscript<Value: Bindable>(_ argument: Argument<Value>) -> Value {
    guard let value = Value.extract(values[index(of: argument)]) else {
      preconditionFailure("'\(argument.spec.name)' was not bound as its kind")
    }
    return value
  }

  /// The commands of a hook's body.
  subscript(_ argument: Argument<[Command]>) -> [Command] { commands }

  /// The value of an option.
  @inline(__always)
  subscript<Value: Bindable>(_ option: Option<Value>) -> Value {
    guard let value = Value.extract(values[index(of: option)]) else {
      preconditionFailure("'\(option.spec.name)' was not bound as its kind")
    }
    return value
  }

  @inline(__always)
  private func index(of parameter: Parameter) -> Int {
    let key = ObjectIdentifier(parameter)
    return parameters.withUnsafeBufferPointer { parameters in
      for index in parameters.indices where ObjectIdentifier(parameters[index]) == key {
        return index
      }
      preconditionFailure("'\(parameter.spec.name)' is not a parameter of this command")
    }
  }
}
