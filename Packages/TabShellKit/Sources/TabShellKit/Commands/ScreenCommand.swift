/// A command that a screen type declares (``ScreenType/commands``): it works while a screen of that
/// type is the visible screen, and `help` and completion list it then.
///
/// It is declared once: its name, its typed parameters, its help and the function that runs it,
/// which receives the visible screen as the plugin's own type.
///
/// ```swift
/// static let step = CommandArgument("N", optional: .integer, abstract: "how much (default 1)")
///
/// static let increment = ScreenCommand(
///   "increment", of: CounterScreen.self, parameters: [step],
///   abstract: "add N to the counter"
/// ) { counter, command in
///   try counter.increment(by: command[step] ?? 1)
///   command.write("\(counter.title): \(counter.count)")
/// }
/// ```
public struct ScreenCommand: Sendable {
  /// The name scripts use.
  public let name: String
  /// Its arguments and options, in order.
  public let parameters: [CommandParameter]
  /// One line for `help`.
  public let abstract: String
  /// More, for `help NAME`.
  public let discussion: String
  let run: @Sendable (any Screen, ScreenCommandInvocation) throws -> Void

  /// Declares a command of screens of type `S`. A thrown error fails the command, and its
  /// description is what the user sees.
  public init<S: Screen & SendableMetatype>(
    _ name: String, of screen: S.Type, parameters: [CommandParameter] = [], abstract: String,
    discussion: String = "",
    run: @escaping @Sendable (S, ScreenCommandInvocation) throws -> Void
  ) {
    self.name = name
    self.parameters = parameters
    self.abstract = abstract
    self.discussion = discussion
    self.run = { screen, invocation in
      guard let screen = screen as? S else { throw ScreenCommandError.wrongScreen(name) }
      try run(screen, invocation)
    }
  }
}

/// One run of a ``ScreenCommand``: its arguments, typed, and its way to the user and the host.
///
/// Isolation: used only during the run, on the thread that owns the shell.
public struct ScreenCommandInvocation {
  /// The visible screen's context, for requests to the host (badge, bar, selection...).
  public let context: ScreenContext
  private let parameters: [CommandParameter]
  private let values: [ArgumentValue?]
  private let output: (String) -> Void

  init(
    command: ScreenCommand, values: [ArgumentValue?], context: ScreenContext,
    output: @escaping (String) -> Void
  ) throws(ScreenCommandError) {
    guard values.count == command.parameters.count else { throw .badArguments(command.name) }
    self.parameters = command.parameters
    self.values = values
    self.context = context
    self.output = output
  }

  /// Writes a line of output.
  public func write(_ line: String) { output(line) }

  /// The value of an argument of this command.
  public subscript<Value>(_ argument: CommandArgument<Value>) -> Value {
    guard let value = argument.extract(value(of: argument)) else {
      preconditionFailure("'\(argument.spec.name)' was not checked as its kind")
    }
    return value
  }

  /// The value of an option of this command.
  public subscript<Value>(_ option: CommandOption<Value>) -> Value {
    guard let value = option.extract(value(of: option)) else {
      preconditionFailure("'\(option.spec.name)' was not checked as its kind")
    }
    return value
  }

  /// The value the host bound to a parameter of this command, untyped; `nil` when not given.
  @_spi(Host)
  public func value(of parameter: CommandParameter) -> ArgumentValue? {
    guard let index = parameters.firstIndex(where: { $0 === parameter }) else {
      preconditionFailure("'\(parameter.spec.name)' is not a parameter of this command")
    }
    return values[index]
  }
}

/// Why a screen command could not run.
@_spi(Host)
public enum ScreenCommandError: Error, Equatable, CustomStringConvertible {
  /// No screen is visible.
  case notAvailable
  /// The visible screen is not of the type the command is declared for.
  case wrongScreen(String)
  /// The host passed arguments that do not match the command's parameters.
  case badArguments(String)

  public var description: String {
    switch self {
    case .notAvailable: "no screen is visible"
    case .wrongScreen(let name): "'\(name)' is not a command of the visible screen"
    case .badArguments(let name): "'\(name)' got arguments that do not match its parameters"
    }
  }
}
