/// An argument or an option of a command: its spec for parsing, completion and help. Its identity
/// is its key: a command's run function reads its value with `arguments[Self.tab]`.
class Parameter: @unchecked Sendable {
  let spec: Spec

  /// What the binder, completion and help need of a parameter.
  struct Spec: Equatable, Sendable {
    enum Role: Equatable, Sendable { case positional, option, flag }

    /// The value's name (`TAB`) of an argument; the option's name with its dashes.
    var name: String
    /// The value's name of an option with a value.
    var valueName = ""
    /// What its words are; `nil` for a flag.
    var kind: ValueKind?
    var role: Role
    /// Whether it may be left out.
    var isOptional = false
    /// An argument that takes every word left, or an option that may be given again and keeps
    /// every value.
    var isRepeated = false
    /// One line for `help`.
    var abstract = ""
  }

  init(_ spec: Spec) { self.spec = spec }
}

/// A positional argument that holds a `Value` when its command runs.
final class Argument<Value: Bindable>: Parameter, @unchecked Sendable {
  /// A required argument.
  init(_ name: String, _ kind: Kind<Value>, abstract: String = "") {
    super.init(Spec(name: name, kind: kind.kind, role: .positional, abstract: abstract))
  }

  /// An argument that may be left out.
  init<Wrapped>(_ name: String, optional kind: Kind<Wrapped>, abstract: String = "")
  where Value == Wrapped? {
    super.init(
      Spec(name: name, kind: kind.kind, role: .positional, isOptional: true, abstract: abstract))
  }

  /// An argument that takes every word left (none or more).
  init<Element>(_ name: String, variadic kind: Kind<Element>, abstract: String = "")
  where Value == [Element] {
    super.init(
      Spec(
        name: name, kind: kind.kind, role: .positional, isOptional: true, isRepeated: true,
        abstract: abstract))
  }

  /// The rest of the line, parsed as commands.
  init(_ name: String, commands kind: Kind<[Command]>, abstract: String = "")
  where Value == [Command] {
    super.init(
      Spec(name: name, kind: kind.kind, role: .positional, isRepeated: true, abstract: abstract))
  }
}

/// An `--option` that holds a `Value` when its command runs: a flag (`Bool`), an option with a value
/// (`Value?`, the last one given wins) or one that may be given again (`[Value]`).
final class Option<Value: Bindable>: Parameter, @unchecked Sendable {
  /// A flag.
  init(flag name: String, abstract: String = "") where Value == Bool {
    super.init(Spec(name: name, role: .flag, isOptional: true, abstract: abstract))
  }

  /// An option with a value.
  init<Wrapped>(_ name: String, _ kind: Kind<Wrapped>, valueName: String, abstract: String = "")
  where Value == Wrapped? {
    super.init(
      Spec(
        name: name, valueName: valueName, kind: kind.kind, role: .option, isOptional: true,
        abstract: abstract))
  }

  /// An option that may be given again; it keeps every value, in order.
  init<Element>(
    _ name: String, repeated kind: Kind<Element>, valueName: String, abstract: String = ""
  ) where Value == [Element] {
    super.init(
      Spec(
        name: name, valueName: valueName, kind: kind.kind, role: .option, isOptional: true,
        isRepeated: true, abstract: abstract))
  }
}

/// A command's arguments, bound to its parameters and converted when it was parsed.
struct Arguments: Sendable {
  /// The parameters, in declaration order (shared with the declaration).
  let parameters: [Parameter]
  /// Their values, in the same order.
  let values: [BoundValue]

  static let none = Arguments(parameters: [], values: [])

  /// The value of an argument.
  @inline(__always)
  subscript<Value>(_ argument: Argument<Value>) -> Value {
    guard let value = Value.extract(values[index(of: argument)]) else {
      preconditionFailure("'\(argument.spec.name)' was not bound as its kind")
    }
    return value
  }

  /// The value of an option.
  @inline(__always)
  subscript<Value>(_ option: Option<Value>) -> Value {
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
