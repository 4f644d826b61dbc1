/// An argument or an option: declared once, with its name, its kind and its value type, and read
/// back typed by the code that runs (`command[Self.count]`, `configuration[Self.start]`).
///
/// The one declaration of a parameter: a screen command's (``ScreenCommand``), a screen type's
/// (``ScreenType/parameters``), and the host's own commands' and command line's. Declare parameters
/// as `static let`s and list them in the declaration that takes them.
public class CommandParameter: @unchecked Sendable {
  /// What the host needs to parse, complete and describe it.
  @_spi(Host) public let spec: ParameterSpec

  init(_ spec: ParameterSpec) { self.spec = spec }

  // The parts of ``spec`` that binding reads for every word, each read in place: reading `spec`
  // from outside the core copies the whole description (its strings and its kind).

  /// Positional argument, option or flag (``ParameterSpec/role``).
  @_spi(Host) public final var role: ParameterSpec.Role { spec.role }
  /// Whether it may be left out (``ParameterSpec/isOptional``).
  @_spi(Host) public final var isOptional: Bool { spec.isOptional }
  /// Whether it takes every word left, or may be given again (``ParameterSpec/isRepeated``).
  @_spi(Host) public final var isRepeated: Bool { spec.isRepeated }
  /// What its words are; `nil` for a flag (``ParameterSpec/kind``).
  @_spi(Host) public final var kind: ArgumentKindCode? { spec.kind }
  /// Whether its words are commands (``ArgumentKindCode/commands``).
  @_spi(Host) public final var takesCommands: Bool {
    if case .commands? = spec.kind { return true }
    return false
  }
  /// Whether it is an option or a flag named `name` (with its dashes).
  @_spi(Host) public final func isOption(named name: String) -> Bool {
    spec.role != .positional && spec.name == name
  }
}

/// A positional argument whose value is a `Value`: `CommandArgument("N", .integer)` is an `Int`,
/// `CommandArgument("N", optional: .integer)` an `Int?`, `CommandArgument("WORDS", variadic: .text)`
/// a `[String]` (every word left).
public final class CommandArgument<Value: Sendable>: CommandParameter, @unchecked Sendable {
  /// The value, typed, from the value the host bound (`nil`: not given).
  @_spi(Host) public let extract: @Sendable (ArgumentValue?) -> Value?

  /// An argument the host declares for itself, described by `spec`.
  @_spi(Host)
  public init(spec: ParameterSpec, extract: @escaping @Sendable (ArgumentValue?) -> Value?) {
    self.extract = extract
    super.init(spec)
  }

  /// A required argument.
  public init(_ valueName: String, _ kind: ArgumentKind<Value>, abstract: String = "") {
    extract = { $0.flatMap(kind.extract) }
    super.init(
      ParameterSpec(name: valueName, kind: kind.code, role: .positional, abstract: abstract))
  }

  /// An argument that may be left out.
  public init<Wrapped>(
    _ valueName: String, optional kind: ArgumentKind<Wrapped>, abstract: String = ""
  ) where Value == Wrapped? {
    extract = { value in value.map { kind.extract($0).map { .some($0) } } ?? .some(nil) }
    super.init(
      ParameterSpec(
        name: valueName, kind: kind.code, role: .positional, isOptional: true, abstract: abstract))
  }

  /// An argument that takes every word that is left (none or more).
  public init<Element>(
    _ valueName: String, variadic kind: ArgumentKind<Element>, abstract: String = ""
  ) where Value == [Element] {
    extract = { elements(kind, $0) }
    super.init(
      ParameterSpec(
        name: valueName, kind: kind.code, role: .positional, isOptional: true, isRepeated: true,
        abstract: abstract))
  }
}

/// An `--option`: a flag (`CommandOption(flag: "--all")`, a `Bool`), or an option with a value
/// (`CommandOption("--step", .integer, valueName: "N")`, an `Int?`: `nil` when not given; the last
/// one given wins).
public final class CommandOption<Value: Sendable>: CommandParameter, @unchecked Sendable {
  /// The value, typed, from the value the host bound (`nil`: not given).
  @_spi(Host) public let extract: @Sendable (ArgumentValue?) -> Value?

  /// An option the host declares for itself, described by `spec`.
  @_spi(Host)
  public init(spec: ParameterSpec, extract: @escaping @Sendable (ArgumentValue?) -> Value?) {
    self.extract = extract
    super.init(spec)
  }

  /// A flag: `true` when given.
  public init(flag name: String, abstract: String = "") where Value == Bool {
    extract = { $0 != nil }
    super.init(
      ParameterSpec(name: name, kind: nil, role: .flag, isOptional: true, abstract: abstract))
  }

  /// An option with a value.
  public init<Wrapped>(
    _ name: String, _ kind: ArgumentKind<Wrapped>, valueName: String, abstract: String = ""
  ) where Value == Wrapped? {
    extract = { value in value.map { kind.extract($0).map { .some($0) } } ?? .some(nil) }
    super.init(
      ParameterSpec(
        name: name, valueName: valueName, kind: kind.code, role: .option, isOptional: true,
        abstract: abstract))
  }

  /// An option that may be given again; it keeps every value, in order (none when not given).
  public init<Element>(
    _ name: String, repeated kind: ArgumentKind<Element>, valueName: String, abstract: String = ""
  ) where Value == [Element] {
    extract = { elements(kind, $0) }
    super.init(
      ParameterSpec(
        name: name, valueName: valueName, kind: kind.code, role: .option, isOptional: true,
        isRepeated: true, abstract: abstract))
  }
}

private func elements<Element>(_ kind: ArgumentKind<Element>, _ value: ArgumentValue?)
  -> [Element]?
{
  guard let value else { return [] }
  guard case .list(let values) = value else { return nil }
  var elements: [Element] = []
  for value in values {
    guard let element = kind.extract(value) else { return nil }
    elements.append(element)
  }
  return elements
}

/// A parameter as the host parses, completes and describes it.
@_spi(Host)
public struct ParameterSpec: Equatable, Sendable {
  /// What the parameter is.
  @frozen
  public enum Role: Equatable, Sendable {
    /// A positional argument.
    case positional
    /// An `--option` with a value.
    case option
    /// An `--option` without a value.
    case flag
  }

  /// The value's name in usage lines (`N`) for an argument; the option's name with its dashes.
  public var name: String
  /// The value's name in usage lines, for an option with a value.
  public var valueName: String
  /// What its words are; `nil` for a flag.
  public var kind: ArgumentKindCode?
  /// Positional argument, option or flag.
  public var role: Role
  /// Whether it may be left out.
  public var isOptional: Bool
  /// An argument that takes every word that is left, or an option that may be given again and
  /// keeps every value.
  public var isRepeated: Bool
  /// One line for `help`.
  public var abstract: String

  /// Makes a description.
  public init(
    name: String, valueName: String = "", kind: ArgumentKindCode?, role: Role,
    isOptional: Bool = false, isRepeated: Bool = false, abstract: String = ""
  ) {
    self.name = name
    self.valueName = valueName
    self.kind = kind
    self.role = role
    self.isOptional = isOptional
    self.isRepeated = isRepeated
    self.abstract = abstract
  }
}

extension ParameterSpec {
  /// As a usage line shows it: `--start N`, `--all`, `N`.
  public var synopsis: String {
    switch role {
    case .positional: name
    case .option: name + " " + valueName
    case .flag: name
    }
  }
}
