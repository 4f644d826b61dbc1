/// The plugins a shell knows, the screen types and layouts they provide, and the screen ids ever
/// given out (ids the shell makes are never given out twice). Which screens exist is the model's
/// to say.
@_spi(Host)
public struct ScreenRegistry {
  struct RegisteredType {
    let type: any ScreenType
    let plugin: String
  }

  /// The registered plugins, in the order they were registered.
  public private(set) var plugins: [PluginInfo] = []
  var types: [String: RegisteredType] = [:]
  var layouts: [String: (layout: Layout, plugin: String)] = [:]
  private var issued: Set<String> = []
  private var nextSuffix: [String: Int] = [:]

  /// The registered screen types, by name.
  public var screenTypes: [any ScreenType] {
    types.keys.sorted().compactMap { types[$0]?.type }
  }

  /// The registered layouts, by name.
  public var layoutList: [Layout] {
    layouts.keys.sorted().compactMap { layouts[$0]?.layout }
  }

  /// A registered screen type.
  public func screenType(named name: String) throws(ShellError) -> any ScreenType {
    guard let registered = types[name] else {
      throw .unknownScreenType(name, suggestion: closestMatch(to: name, in: types.keys))
    }
    return registered.type
  }

  /// A registered layout.
  public func layout(named name: String) throws(ShellError) -> Layout {
    guard let registered = layouts[name] else {
      throw .unknownLayout(
        name, suggestion: closestMatch(to: name, in: layouts.keys), available: layouts.keys.sorted()
      )
    }
    return registered.layout
  }

  /// The plugin that provides a screen type.
  public func plugin(providing type: String) -> String? { types[type]?.plugin }

  /// Whether an id was ever given out in this run.
  public func wasIssued(_ id: String) -> Bool { issued.contains(id) }

  /// The ids given out in this run whose screens are gone (`exists` says which exist), sorted.
  func retiredIDs(existing exists: (String) -> Bool) -> [String] {
    issued.filter { !exists($0) }.sorted()
  }

  /// Registers a plugin's screen types and layouts; refused, with nothing registered, when its name
  /// or one of its names is taken or not valid (see ``NameRules``). `reservedCommands` are the
  /// host's own command names, which screen commands may not take.
  public mutating func register(
    _ plugin: any TabShellPlugin, source: String, reservedCommands: Set<String> = []
  ) throws(ShellError) {
    if let other = plugins.first(where: { $0.name == plugin.name }) {
      throw .nameTaken(kind: "plugin", name: plugin.name, owner: other.name)
    }
    let types = plugin.screenTypes
    let layouts = plugin.layouts
    try NameRules.check(plugin, types: types, layouts: layouts, reservedCommands: reservedCommands)
    for type in types {
      if let owner = self.types[type.name]?.plugin {
        throw .nameTaken(kind: "screen type", name: type.name, owner: owner)
      }
    }
    for layout in layouts {
      if let owner = self.layouts[layout.name]?.plugin {
        throw .nameTaken(kind: "layout", name: layout.name, owner: owner)
      }
    }
    for type in types {
      self.types[type.name] = RegisteredType(type: type, plugin: plugin.name)
    }
    for layout in layouts { self.layouts[layout.name] = (layout, plugin.name) }
    plugins.append(
      PluginInfo(
        name: plugin.name, source: source, screenTypes: types.map(\.name),
        layouts: layouts.map(\.name)))
  }

  /// Replaces the plugin called `name` with `plugin` (see ``Shell/replacePlugin(named:with:source:reservedCommands:)``);
  /// nothing changes when it is refused.
  public mutating func replace(
    plugin name: String, with plugin: any TabShellPlugin, source: String,
    reservedCommands: Set<String> = []
  ) throws(ShellError) {
    guard let index = plugins.firstIndex(where: { $0.name == name }) else {
      throw .pluginRefused(plugin: name, reason: "no plugin of that name is loaded")
    }
    var copy = self
    copy.plugins.remove(at: index)
    copy.types = copy.types.filter { $0.value.plugin != name }
    copy.layouts = copy.layouts.filter { $0.value.plugin != name }
    try copy.register(plugin, source: source, reservedCommands: reservedCommands)
    copy.plugins.insert(copy.plugins.removeLast(), at: index)
    self = copy
  }

  /// Picks an id for a new screen: `given` when it is valid and not in use (`inUse` says which
  /// are), else a fresh one made from `base` that has never been given out and is not in use
  /// (`base`, `base-2`, `base-3`...). Nothing is recorded until ``confirm(_:)``.
  mutating func claim(_ given: String?, base: String, inUse: (String) -> Bool) throws(ShellError)
    -> String
  {
    guard let given else { return fresh(base: base, inUse: inUse) }
    guard NameRules.isValidID(given) else { throw .invalidID(given) }
    guard !inUse(given) else { throw .idInUse(given) }
    return given
  }

  /// The screen with a claimed id was made: its id is never given out again.
  mutating func confirm(_ id: String) { issued.insert(id) }

  private mutating func fresh(base: String, inUse: (String) -> Bool) -> String {
    var n = nextSuffix[base, default: 1]
    var candidate = n == 1 ? base : "\(base)-\(n)"
    while issued.contains(candidate) || inUse(candidate) {
      n += 1
      candidate = "\(base)-\(n)"
    }
    nextSuffix[base] = n + 1
    return candidate
  }
}

/// A plugin the shell has registered.
@_spi(Host)
public struct PluginInfo: Equatable, Sendable {
  /// The plugin's name.
  public var name: String
  /// Where it came from: `built-in`, or the path of its shared object.
  public var source: String
  /// The names of the screen types it provides.
  public var screenTypes: [String]
  /// The names of the layouts it provides.
  public var layouts: [String]
}
