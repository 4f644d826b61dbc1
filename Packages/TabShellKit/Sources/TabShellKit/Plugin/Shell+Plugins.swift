/// The plugins a shell knows, and the screen types and layouts they provide.
struct Registry {
  struct RegisteredType {
    let type: any ScreenType
    let plugin: String
  }

  var plugins: [PluginInfo] = []
  var types: [String: RegisteredType] = [:]
  var layouts: [String: (layout: Layout, plugin: String)] = [:]
}

/// A plugin the shell has registered.
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

extension Shell {
  /// Registers a plugin's screen types and layouts.
  ///
  /// Refused, with nothing registered, when a plugin of that name is registered or one of its names is
  /// taken.
  public func register(_ plugin: any TabShellPlugin, source: String) throws(ShellError) {
    if let other = registry.plugins.first(where: { $0.name == plugin.name }) {
      throw .nameTaken(kind: "plugin", name: plugin.name, owner: other.name)
    }
    let types = plugin.screenTypes
    let layouts = plugin.layouts
    var seen: Set<String> = []
    for type in types {
      if let owner = registry.types[type.name]?.plugin {
        throw .nameTaken(kind: "screen type", name: type.name, owner: owner)
      }
      if !seen.insert(type.name).inserted {
        throw .nameTaken(kind: "screen type", name: type.name, owner: plugin.name)
      }
    }
    for layout in layouts {
      if let owner = registry.layouts[layout.name]?.plugin {
        throw .nameTaken(kind: "layout", name: layout.name, owner: owner)
      }
    }
    for type in types {
      registry.types[type.name] = Registry.RegisteredType(type: type, plugin: plugin.name)
    }
    for layout in layouts { registry.layouts[layout.name] = (layout, plugin.name) }
    registry.plugins.append(
      PluginInfo(
        name: plugin.name, source: source, screenTypes: types.map(\.name),
        layouts: layouts.map(\.name)))
  }

  /// The registered plugins, in the order they were registered.
  public var plugins: [PluginInfo] { registry.plugins }

  /// The registered screen types, by name.
  public var screenTypes: [any ScreenType] {
    registry.types.keys.sorted().compactMap { registry.types[$0]?.type }
  }

  /// The registered layouts, by name.
  public var layouts: [Layout] {
    registry.layouts.keys.sorted().compactMap { registry.layouts[$0]?.layout }
  }

  /// A registered screen type.
  public func screenType(named name: String) throws(ShellError) -> any ScreenType {
    guard let registered = registry.types[name] else {
      throw .unknownScreenType(name, suggestion: closestMatch(to: name, in: registry.types.keys))
    }
    return registered.type
  }

  /// Replaces the tabs with a layout: everything is closed (``reset()``), then the layout builds.
  public func apply(layout name: String) throws(ShellError) {
    guard let layout = registry.layouts[name]?.layout else {
      throw .unknownLayout(name, suggestion: closestMatch(to: name, in: registry.layouts.keys))
    }
    reset()
    do {
      try layout.build(self)
    } catch {
      throw .layoutFailed(name: name, message: "\(error)")
    }
  }

  /// Makes a screen node: a fresh or checked id, the plugin's screen, and its `init` event.
  func makeNode(
    type: any ScreenType, id: String?, title: String?, hidesBar: Bool = false,
    parameters: [String: String]
  ) throws(ShellError) -> ScreenNode {
    let id = try id.map(checkedID) ?? freshID(base: type.name)
    let title = title ?? type.defaultTitle
    let context = ScreenContext(screenID: id, shell: self)
    let screen: any Screen
    // Requests the screen makes while it is being made wait for the change that adds it.
    liveIDs.insert(id)
    isMakingScreen = true
    defer { isMakingScreen = false }
    do {
      screen = try type.makeScreen(
        ScreenConfiguration(id: id, title: title, parameters: parameters, context: context))
    } catch {
      liveIDs.remove(id)
      throw .screenRefused(type: type.name, message: "\(error)")
    }
    issuedIDs.insert(id)
    emit(.`init`(screen: id))
    return ScreenNode(
      id: id, typeName: type.name, title: title, hidesBar: hidesBar, screen: screen,
      context: context)
  }

  private func checkedID(_ id: String) throws(ShellError) -> String {
    let allowed = id.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic || $0.properties.numericType != nil
        || "-_.".unicodeScalars
          .contains($0))
        && !$0.properties.isWhitespace
    }
    guard !id.isEmpty, allowed, !id.allSatisfy(\.isNumber) else { throw .invalidID(id) }
    guard !liveIDs.contains(id) else { throw .idInUse(id) }
    return id
  }

  /// An id made from `base` that has never been issued in this shell: `base`, `base-2`, `base-3`...
  private func freshID(base: String) -> String {
    var n = nextIDSuffix[base, default: 1]
    var candidate = n == 1 ? base : "\(base)-\(n)"
    while issuedIDs.contains(candidate) {
      n += 1
      candidate = "\(base)-\(n)"
    }
    nextIDSuffix[base] = n + 1
    return candidate
  }
}
