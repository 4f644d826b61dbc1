/// One command, declared once: its name, arguments, help and the function that runs it.
///
/// Usage lines, `help`, `help NAME`, completion and the command reference are all generated from
/// this declaration. Built-in commands and the commands a screen type declares (``ScreenCommand``)
/// use this same type; `Context` is what the run function works on.
public struct CommandDeclaration<Context>: Sendable {
  /// The name scripts use.
  public var name: String
  /// Other names that run it.
  public var aliases: [String]
  /// The positional arguments, in order.
  public var arguments: [ArgumentDeclaration]
  /// The `--options`.
  public var options: [OptionDeclaration]
  /// One line for `help`.
  public var abstract: String
  /// More, for `help NAME`.
  public var discussion: String
  /// Runs the command; a thrown error is reported to the user with its description.
  public var run: @Sendable (Context, ParsedArguments) throws -> Void

  /// Declares a command.
  public init(
    _ name: String, aliases: [String] = [], arguments: [ArgumentDeclaration] = [],
    options: [OptionDeclaration] = [], abstract: String, discussion: String = "",
    run: @escaping @Sendable (Context, ParsedArguments) throws -> Void
  ) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    self.options = options
    self.abstract = abstract
    self.discussion = discussion
    self.run = run
  }

  /// The usage line, such as `add-tab TYPE [--id ID] [--at N]`.
  public var usage: String {
    var parts = [name]
    for argument in arguments {
      var word = argument.valueName
      if argument.isVariadic { word += "..." }
      parts.append(argument.isOptional ? "[\(word)]" : word)
    }
    for option in options {
      parts.append(
        option.value == nil ? "[\(option.name)]" : "[\(option.name) \(option.valueName)]")
    }
    return parts.joined(separator: " ")
  }
}

/// What kind of word an argument takes: for checking, completion and help.
public enum ArgumentKind: Equatable, Sendable {
  /// A tab: a position, an id or a title.
  case tab
  /// A screen type's name.
  case screenType
  /// A layout's name.
  case layout
  /// An event name, as `on` takes it.
  case event
  /// `left` or `right`.
  case direction
  /// A file's path.
  case path
  /// A whole number.
  case integer
  /// Any word.
  case text
  /// One of these words.
  case choice([String])
  /// The name of a command.
  case command
}

/// A positional argument.
public struct ArgumentDeclaration: Equatable, Sendable {
  /// The name in usage lines, such as `TAB`.
  public var valueName: String
  /// What it takes.
  public var kind: ArgumentKind
  /// Whether it may be left out.
  public var isOptional: Bool
  /// Whether it takes every word that is left.
  public var isVariadic: Bool
  /// One line for `help NAME`.
  public var abstract: String

  /// Declares an argument.
  public init(
    _ valueName: String, _ kind: ArgumentKind, optional: Bool = false, variadic: Bool = false,
    abstract: String = ""
  ) {
    self.valueName = valueName
    self.kind = kind
    self.isOptional = optional
    self.isVariadic = variadic
    self.abstract = abstract
  }
}

/// An `--option`: a flag, or one that takes a value.
public struct OptionDeclaration: Equatable, Sendable {
  /// The name with its dashes, such as `--id`.
  public var name: String
  /// What its value is; `nil` for a flag.
  public var value: ArgumentKind?
  /// The value's name in usage lines.
  public var valueName: String
  /// One line for `help NAME`.
  public var abstract: String

  /// Declares a flag.
  public static func flag(_ name: String, abstract: String = "") -> OptionDeclaration {
    OptionDeclaration(name: name, value: nil, valueName: "", abstract: abstract)
  }

  /// Declares an option with a value.
  public static func option(
    _ name: String, _ kind: ArgumentKind, valueName: String, abstract: String = ""
  ) -> OptionDeclaration {
    OptionDeclaration(name: name, value: kind, valueName: valueName, abstract: abstract)
  }

  /// Declares an option.
  public init(name: String, value: ArgumentKind?, valueName: String, abstract: String) {
    self.name = name
    self.value = value
    self.valueName = valueName
    self.abstract = abstract
  }
}

/// A command's words, checked against its declaration.
///
/// Frozen: its layout is part of the plugin ABI (version 2), so that passing a command's arguments
/// costs no more than passing two arrays.
@frozen
public struct ParsedArguments: Equatable, Sendable {
  /// An option as given: a flag has an empty value.
  @frozen
  public struct Option: Equatable, Sendable {
    /// The name with its dashes.
    public var name: String
    /// The value, empty for a flag.
    public var value: String

    /// Makes an option.
    public init(name: String, value: String = "") {
      self.name = name
      self.value = value
    }
  }

  /// The positional words, in order.
  public var positionals: [String]
  /// The options given, in order.
  public var options: [Option]

  /// Makes arguments.
  public init(positionals: [String] = [], options: [Option] = []) {
    self.positionals = positionals
    self.options = options
  }

  /// The positional word at `index`, if given.
  public subscript(index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// The value of an option (the last one given wins), or `nil`.
  public func value(of option: String) -> String? {
    options.last { $0.name == option }?.value
  }

  /// Whether a flag or option was given.
  public func has(_ option: String) -> Bool {
    options.contains { $0.name == option }
  }
}

/// What a screen command works on: its screen and the host.
public final class ScreenCommandContext {
  /// The visible screen the command is for; cast it to your own type.
  public let screen: any Screen
  /// That screen's context, for requests to the host.
  public let context: ScreenContext
  /// Writes a line of output.
  public let output: (String) -> Void

  /// Makes a context.
  public init(screen: any Screen, context: ScreenContext, output: @escaping (String) -> Void) {
    self.screen = screen
    self.context = context
    self.output = output
  }
}

/// A command that a screen type declares (``ScreenType/commands``).
public typealias ScreenCommand = CommandDeclaration<ScreenCommandContext>
