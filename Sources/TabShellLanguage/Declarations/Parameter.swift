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
final class Argument<Value: Sendable>: Parameter, @unchecked Sendable {
  let extract: @Sendable (BoundValue?) -> Value?

  /// A required argument.
  init(_ name: String, _ kind: Kind<Value>, abstract: String = "") {
    extract = { $0.flatMap(kind.extract) }
    super.init(Spec(name: name, kind: kind.kind, role: .positional, abstract: abstract))
  }

  /// An argument that may be left out.
  init<Wrapped>(_ name: String, optional kind: Kind<Wrapped>, abstract: String = "")
  where Value == Wrapped? {
    extract = { value in value.map { kind.extract($0).map { .some($0) } } ?? .some(nil) }
    super.init(
      Spec(name: name, kind: kind.kind, role: .positional, isOptional: true, abstract: abstract))
  }

  /// An argument that takes every word left (none or more).
  init<Element>(_ name: String, variadic kind: Kind<Element>, abstract: String = "")
  where Value == [Element] {
    extract = { elements(kind, $0) }
    super.init(
      Spec(
        name: name, kind: kind.kind, role: .positional, isOptional: true, isRepeated: true,
        abstract: abstract))
  }

  /// The rest of the line, parsed as commands.
  init(_ name: String, commands kind: Kind<[Command]>, abstract: String = "")
  where Value == [Command] {
    extract = { $0.flatMap(kind.extract) }
    super.init(
      Spec(name: name, kind: kind.kind, role: .positional, isRepeated: true, abstract: abstract))
  }
}

/// An `--option` that holds a `Value` when its command runs: a flag (`Bool`), an option with a value
/// (`Value?`, the last one given wins) or one that may be given again (`[Value]`).
final class Option<Value: Sendable>: Parameter, @unchecked Sendable {
  let extract: @Sendable (BoundValue?) -> Value?

  /// A flag.
  init(flag name: String, abstract: String = "") where Value == Bool {
    extract = { $0 != nil }
    super.init(Spec(name: name, role: .flag, isOptional: true, abstract: abstract))
  }

  /// An option with a value.
  init<Wrapped>(_ name: String, _ kind: Kind<Wrapped>, valueName: String, abstract: String = "")
  where Value == Wrapped? {
    extract = { value in value.map { kind.extract($0).map { .some($0) } } ?? .some(nil) }
    super.init(
      Spec(
        name: name, valueName: valueName, kind: kind.kind, role: .option, isOptional: true,
        abstract: abstract))
  }

  /// An option that may be given again; it keeps every value, in order.
  init<Element>(
    _ name: String, repeated kind: Kind<Element>, valueName: String, abstract: String = ""
  ) where Value == [Element] {
    extract = { elements(kind, $0) }
    super.init(
      Spec(
        name: name, valueName: valueName, kind: kind.kind, role: .option, isOptional: true,
        isRepeated: true, abstract: abstract))
  }
}

private func elements<Element>(_ kind: Kind<Element>, _ value: BoundValue?) -> [Element]? {
  guard let value else { return [] }
  guard case .list(let values) = value else { return nil }
  var elements: [Element] = []
  elements.reserveCapacity(values.count)
  for value in values {
    guard let element = kind.extract(value) else { return nil }
    elements.append(element)
  }
  return elements
}

/// A command's arguments, bound to its parameters and converted when it was parsed.
struct Arguments: Sendable {
  /// The parameters, in declaration order (shared with the declaration).
  let parameters: [Parameter]
  /// Their values, in the same order; `nil` for one not given.
  let values: [BoundValue?]

  static let none = Arguments(parameters: [], values: [])

  /// The value of an argument.
  subscript<Value>(_ argument: Argument<Value>) -> Value {
    guard let value = argument.extract(value(of: argument)) else {
      preconditionFailure("'\(argument.spec.name)' was not bound as its kind")
    }
    return value
  }

  /// The value of an option.
  subscript<Value>(_ option: Option<Value>) -> Value {
    guard let value = option.extract(value(of: option)) else {
      preconditionFailure("'\(option.spec.name)' was not bound as its kind")
    }
    return value
  }

  private func value(of parameter: Parameter) -> BoundValue? {
    for index in parameters.indices where parameters[index] === parameter {
      return values[index]
    }
    preconditionFailure("'\(parameter.spec.name)' is not a parameter of this command")
  }
}
