/// What names a plugin may declare, checked when it is registered so that every name it brings
/// can be typed, completed and shown: a refusal names the plugin and the name.
///
/// - Plugin names: 1 to 64 printable characters, no blanks.
/// - Screen types and layouts: a lower-case letter, then lower-case letters, digits and `-` (at
///   most 64), so that `add-tab NAME` works and a tab id made from the name is a valid id.
/// - Screen commands: the same, unique within their type, not one of the host's own commands.
/// - Their options: `--` and such a name, unique within the command.
/// - Screen ids given with `--id`: letters, digits, `-`, `_` and `.`, not only digits, not `.`.
@_spi(Host)
public enum NameRules {
  /// Whether `name` may name a screen type, a layout or a command.
  public static func isValidName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 64, isLower(first) else { return false }
    return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
  }

  /// Whether `id` may be given to a screen with `--id`: not `.` either, which names the selected
  /// tab or the visible screen in a command.
  public static func isValidID(_ id: String) -> Bool {
    guard !id.isEmpty, !id.allSatisfy(\.isNumber), id != "." else { return false }
    return id.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic || $0.properties.numericType != nil
        || "-_.".unicodeScalars.contains($0)) && !$0.properties.isWhitespace
    }
  }

  static func check(
    _ plugin: any TabShellPlugin, types: [any ScreenType], layouts: [Layout],
    reservedCommands: Set<String>
  ) throws(ShellError) {
    let name = plugin.name
    func refuse(_ reason: String) -> ShellError {
      .pluginRefused(plugin: shown(name), reason: reason)
    }
    guard !name.isEmpty, name.count <= 64,
      name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0.value < 0x80 })
    else {
      throw refuse("a plugin name is 1 to 64 printable ASCII characters without blanks")
    }
    var typeNames: Set<String> = []
    for type in types {
      guard isValidName(type.name) else {
        throw refuse("screen type name '\(shown(type.name))' is not valid \(rule)")
      }
      guard typeNames.insert(type.name).inserted else {
        throw refuse("it declares screen type '\(type.name)' twice")
      }
      try check(type.commands, of: type.name, reservedCommands: reservedCommands, refuse: refuse)
      try check(options: type.parameters, of: "screen type '\(type.name)'", refuse: refuse)
      for parameter in type.parameters where parameter.spec.role != .option {
        throw refuse("parameter '\(shown(parameter.spec.name))' of '\(type.name)' takes no value")
      }
    }
    var layoutNames: Set<String> = []
    for layout in layouts {
      guard isValidName(layout.name) else {
        throw refuse("layout name '\(shown(layout.name))' is not valid \(rule)")
      }
      guard layoutNames.insert(layout.name).inserted else {
        throw refuse("it declares layout '\(layout.name)' twice")
      }
    }
  }

  private static func check(
    _ commands: [ScreenCommand], of type: String, reservedCommands: Set<String>,
    refuse: (String) -> ShellError
  ) throws(ShellError) {
    var names: Set<String> = []
    for command in commands {
      guard isValidName(command.name) else {
        throw refuse("command name '\(shown(command.name))' of '\(type)' is not valid \(rule)")
      }
      guard !reservedCommands.contains(command.name) else {
        throw refuse("command '\(command.name)' of '\(type)' has the name of a built-in command")
      }
      guard names.insert(command.name).inserted else {
        throw refuse("'\(type)' declares command '\(command.name)' twice")
      }
      try check(
        options: command.parameters.filter { $0.spec.role != .positional },
        of: "'\(command.name)'", refuse: refuse)
    }
  }

  /// Options are `--` and a name, each declared once; a screen type's parameters are options only.
  private static func check(
    options parameters: [CommandParameter], of owner: String, refuse: (String) -> ShellError
  ) throws(ShellError) {
    var options: Set<String> = []
    for parameter in parameters {
      let option = parameter.spec.name
      guard parameter.spec.role != .positional, option.hasPrefix("--"),
        isValidName(String(option.dropFirst(2)))
      else {
        throw refuse("option '\(shown(option))' of \(owner) is not '--' and a name")
      }
      guard options.insert(option).inserted else {
        throw refuse("\(owner) declares option '\(option)' twice")
      }
    }
  }

  private static let rule = "(a lower-case letter, then lower-case letters, digits and '-')"

  /// A name as it may be shown in a message: control characters as `\u{…}`.
  static func shown(_ name: String) -> String { neutralized(name) }

  private static func isLower(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
  }
  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
