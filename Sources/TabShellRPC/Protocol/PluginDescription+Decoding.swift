import TabShellJSON
import TabShellPlatform

extension PluginDescription {
  /// Reads the result of `initialize` (without its `protocolVersion`, which the client checks), as
  /// `version` of the protocol has it: `takesInput` counts from version 2 (version 1 ignores it,
  /// as every member it does not know, but a `true` is noted in ``ignored``: the plugin meant its
  /// screens to take input, and gets none).
  init(json: JSONValue, version: Int = 1) throws(ProtocolMistake) {
    let fields = try JSONFields(json, place: "the description")
    let name = try fields.string("name")
    guard !name.isEmpty, !name.unicodeScalars.contains(where: TerminalText.isTerminalControl) else {
      throw ProtocolMistake("the plugin's name must be a word of printable characters")
    }
    var types: [ScreenType] = []
    var typeNames: Set<String> = []
    var ignored: [String] = []
    for value in try fields.array("screenTypes") {
      let type = try ScreenType(json: value, version: version)
      guard typeNames.insert(type.name).inserted else {
        throw ProtocolMistake("screen type '\(type.name)' is declared twice")
      }
      types.append(type)
      if version < PluginProtocol.inputVersion, value["takesInput"] == .bool(true) {
        ignored.append(
          "screen type '\(type.name)' says \"takesInput\": true, but input needs protocol version "
            + "\(PluginProtocol.inputVersion) and the plugin chose version \(version): its screens "
            + "take no input")
      }
    }
    var layouts: [Layout] = []
    for value in try fields.array("layouts") { layouts.append(try Layout(json: value)) }
    self.init(name: name, screenTypes: types, layouts: layouts)
    self.ignored = ignored
  }

  /// Whether a screen type's name is lower-case letters, digits and `-`, as scripts type it.
  static func isTypeName(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }
  }
}

extension PluginDescription.ScreenType {
  init(json: JSONValue, version: Int) throws(ProtocolMistake) {
    let name = json["name"]?.stringValue ?? "?"
    let fields = try JSONFields(json, place: "screen type '\(name)'")
    guard PluginDescription.isTypeName(try fields.string("name")) else {
      throw ProtocolMistake(
        "screen type '\(name)': a name is lower-case letters, digits and '-'")
    }
    var commands: [PluginDescription.Command] = []
    var commandNames: Set<String> = []
    for value in try fields.array("commands") {
      let command = try PluginDescription.Command(json: value, type: name)
      guard commandNames.insert(command.name).inserted else {
        throw ProtocolMistake("screen type '\(name)': command '\(command.name)' is declared twice")
      }
      commands.append(command)
    }
    var parameters: [PluginDescription.Option] = []
    for value in try fields.array("parameters") {
      let parameter = try PluginDescription.Option(json: value, command: "screen type '\(name)'")
      guard parameter.kind != nil else {
        throw ProtocolMistake(
          "screen type '\(name)', parameter '\(parameter.name)': a parameter takes a value (a kind)"
        )
      }
      guard !parameters.contains(where: { $0.name == parameter.name }) else {
        throw ProtocolMistake(
          "screen type '\(name)': parameter '\(parameter.name)' is declared twice")
      }
      parameters.append(parameter)
    }
    let takesInput =
      version >= PluginProtocol.inputVersion ? try fields.bool("takesInput", default: false) : false
    self.init(
      name: name, summary: try fields.optionalString("summary") ?? "",
      defaultTitle: try fields.optionalString("defaultTitle"),
      icon: try fields.optionalString("icon") ?? "•",
      selectedIcon: try fields.optionalString("selectedIcon"), commands: commands,
      parameters: parameters,
      takesInput: takesInput)
  }
}

extension PluginDescription.Command {
  init(json: JSONValue, type: String) throws(ProtocolMistake) {
    let name = json["name"]?.stringValue ?? "?"
    let place = "screen type '\(type)', command '\(name)'"
    let fields = try JSONFields(json, place: place)
    guard PluginDescription.isTypeName(try fields.string("name")) else {
      throw ProtocolMistake("\(place): a name is lower-case letters, digits and '-'")
    }
    var arguments: [PluginDescription.Argument] = []
    for value in try fields.array("arguments") {
      let argument = try PluginDescription.Argument(json: value, command: place)
      if let last = arguments.last, last.isVariadic || (last.isOptional && !argument.isOptional) {
        throw ProtocolMistake(
          "\(place): argument '\(argument.valueName)' cannot follow "
            + (last.isVariadic ? "a variadic one" : "an optional one"))
      }
      arguments.append(argument)
    }
    var options: [PluginDescription.Option] = []
    for value in try fields.array("options") {
      options.append(try PluginDescription.Option(json: value, command: place))
    }
    self.init(
      name: name, aliases: try fields.strings("aliases"), arguments: arguments, options: options,
      abstract: try fields.optionalString("abstract") ?? "",
      discussion: try fields.optionalString("discussion") ?? "")
  }
}

extension PluginDescription.ArgumentKind {
  /// The kinds' names in the protocol.
  static let names = ["integer", "text", "choice", "tab", "screenType", "path"]

  /// The kind named in `fields` (`kind`, and `choices` for a choice); `nil` when there is none.
  init?(fields: JSONFields) throws(ProtocolMistake) {
    guard let name = try fields.optionalString("kind") else { return nil }
    switch name {
    case "integer": self = .integer
    case "text": self = .text
    case "tab": self = .tab
    case "screenType": self = .screenType
    case "path": self = .path
    case "choice":
      let choices = try fields.strings("choices")
      guard !choices.isEmpty else {
        throw ProtocolMistake("\(fields.place): a choice needs \"choices\"")
      }
      self = .choice(choices)
    default:
      throw ProtocolMistake(
        "\(fields.place): unknown kind '\(name)' (one of "
          + Self.names.joined(separator: ", ") + ")")
    }
  }
}

extension PluginDescription.Argument {
  init(json: JSONValue, command: String) throws(ProtocolMistake) {
    let name = json["name"]?.stringValue ?? "?"
    let fields = try JSONFields(json, place: "\(command), argument '\(name)'")
    _ = try fields.string("name")
    self.init(
      valueName: name, kind: try PluginDescription.ArgumentKind(fields: fields) ?? .text,
      isOptional: try fields.bool("optional", default: false),
      isVariadic: try fields.bool("variadic", default: false),
      abstract: try fields.optionalString("abstract") ?? "")
  }
}

extension PluginDescription.Option {
  init(json: JSONValue, command: String) throws(ProtocolMistake) {
    let name = json["name"]?.stringValue ?? "?"
    let fields = try JSONFields(json, place: "\(command), option '\(name)'")
    guard try fields.string("name").hasPrefix("--"), name.count > 2 else {
      throw ProtocolMistake("\(fields.place): an option's name starts with '--'")
    }
    let kind = try PluginDescription.ArgumentKind(fields: fields)
    let valueName = try fields.optionalString("valueName")
    self.init(
      name: name, kind: kind, valueName: valueName ?? (kind == nil ? "" : "VALUE"),
      abstract: try fields.optionalString("abstract") ?? "")
  }
}

extension PluginDescription.Layout {
  init(json: JSONValue) throws(ProtocolMistake) {
    let name = json["name"]?.stringValue ?? "?"
    let fields = try JSONFields(json, place: "layout '\(name)'")
    guard PluginDescription.isTypeName(try fields.string("name")) else {
      throw ProtocolMistake("layout '\(name)': a name is lower-case letters, digits and '-'")
    }
    var tabs: [PluginDescription.Tab] = []
    for (index, value) in try fields.array("tabs").enumerated() {
      let tab = try JSONFields(value, place: "layout '\(name)', tab \(index + 1)")
      tabs.append(
        PluginDescription.Tab(
          type: try tab.string("type"), id: try tab.optionalString("id"),
          title: try tab.optionalString("title"), icon: try tab.optionalString("icon"),
          selectedIcon: try tab.optionalString("selectedIcon"),
          parameters: try tab.stringMap("parameters")))
    }
    guard !tabs.isEmpty else { throw ProtocolMistake("layout '\(name)': it has no tabs") }
    let selected = try fields.optionalInt("selected")
    if let selected, !(1...tabs.count).contains(selected) {
      throw ProtocolMistake(
        "layout '\(name)': \"selected\" must be a position from 1 to \(tabs.count)")
    }
    self.init(
      name: name, summary: try fields.optionalString("summary") ?? "", tabs: tabs,
      selected: selected)
  }
}
