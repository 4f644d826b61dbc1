extension Shell {
  /// Registers a plugin's screen types and layouts (see ``ScreenRegistry/register(_:source:reservedCommands:)``).
  public func register(
    _ plugin: any TabShellPlugin, source: String, reservedCommands: Set<String> = []
  ) throws(ShellError) {
    try registry.register(plugin, source: source, reservedCommands: reservedCommands)
  }

  /// The registered plugins, in the order they were registered.
  public var plugins: [PluginInfo] { registry.plugins }

  /// The registered screen types, by name.
  public var screenTypes: [any ScreenType] { registry.screenTypes }

  /// The registered layouts, by name.
  public var layouts: [Layout] { registry.layoutList }

  /// Replaces the tabs with a layout: everything is closed (``reset()``), then the layout builds
  /// through a ``LayoutBuilder``, each of its steps a change of its own.
  public func apply(layout name: String) throws(ShellError) {
    let layout = try registry.layout(named: name)
    try reset()
    let builder = LayoutBuilder(shell: self)
    defer { builder.close() }
    do {
      try layout.build(builder)
    } catch let error as ShellError {
      throw .layoutFailed(name: name, message: error.description)
    } catch {
      throw .layoutFailed(name: name, message: "\(error)")
    }
  }

  /// Makes a screen: claims its id and asks its type for the object; its record, for the model
  /// operation that adds it (whose transition says `init`). Requests the screen makes meanwhile
  /// wait for the end of the operation that adds it.
  func makeScreen(
    _ type: any ScreenType, id: String?, title: String?, hidesBar: Bool = false,
    parameters: [String: String]
  ) throws(ShellError) -> ScreenRecord {
    // Checked before the id is claimed: a refused parameter leaves nothing behind.
    let values = try ScreenParameters.values(parameters, of: type)
    let id = try registry.claim(id, base: type.name) { isTaken($0) }
    let keepsTitle = title != nil
    // Every title is kept as the one rule makes it (``screenTitle(_:)``), given or the type's.
    let title = screenTitle(title ?? type.defaultTitle)
    let context = ScreenContext(screenID: id, shell: self)
    let screen: any Screen
    screenBeingMade = id
    defer { screenBeingMade = nil }
    do {
      var configuration = ScreenConfiguration(
        id: id, title: title, parameters: parameters, context: context)
      configuration.values = values
      screen = try type.makeScreen(configuration)
    } catch {
      // Handlers it installed before it refused go with it.
      removeShouldSelectHandlers(ownedBy: id)
      throw .screenRefused(type: type.name, message: "\(error)")
    }
    registry.confirm(id)
    let handle = freeHandles.popLast() ?? objects.count
    let object = ScreenObject(id: id, screen: screen, context: context)
    if handle == objects.count { objects.append(object) } else { objects[handle] = object }
    var record = ScreenRecord(
      id: id, type: type.name, title: title, hidesBar: hidesBar, parameters: parameters,
      handle: handle)
    record.keepsTitle = keepsTitle
    return record
  }

  /// Runs a command of the visible screen's type on the visible screen, then the requests it made.
  ///
  /// `values` are the command's arguments, one per parameter in declaration order (`nil` for one
  /// not given), already checked against their kinds. A command the screen's type does not declare,
  /// or no visible screen, is ``ScreenCommandError/notAvailable``.
  public func run(
    _ command: ScreenCommand, values: [ArgumentValue?], output: @escaping (String) -> Void
  ) throws {
    guard let handle = model.visibleHandle else { throw ScreenCommandError.notAvailable }
    let object = object(handle)
    let invocation = try ScreenCommandInvocation(
      command: command, values: values, context: object.context, output: output)
    // The requests it made before a failure still run: they were asked for.
    let outcome = Result { try command.run(object.screen, invocation) }
    try settle()
    try outcome.get()
  }
}
