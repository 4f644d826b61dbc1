@_spi(Host) import TabShellKit

/// `add-tab`, `new-tab`, `close-tab`, `move-tab`, `rename-tab`, `add-action`, `action`, `layout`.
enum TabCommands {
  static let all = [addTab, newTab, closeTab, moveTab, renameTab, addAction, action, layout]

  /// `--text` and `--param`, which every command that makes a screen takes.
  static let text = Option(
    "--text", .text, valueName: "TEXT", abstract: "the screen's text (parameter 'text')")
  static let param = Option(
    "--param", repeated: .keyValue, valueName: "KEY=VALUE",
    abstract: "a parameter for the screen type (repeatable), e.g. color=red")

  /// `-- PROGRAM ARGS...`, which every command that makes a screen takes.
  static let program = Argument(
    "PROGRAM", variadic: .text,
    abstract: "after '--': the program a screen that runs one starts (terminal), and its arguments")

  /// The parameters given with `--param`, then `--text` (a later one wins), then the words after
  /// `--` as `program`, `arg1`, `arg2`...
  static func parameters(_ arguments: Arguments) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in arguments[param] { parameters[pair.key] = pair.value }
    if let text = arguments[text] { parameters["text"] = text }
    for (index, word) in arguments[program].enumerated() {
      parameters[index == 0 ? "program" : "arg\(index)"] = word
    }
    return parameters
  }

  /// ``parameters(_:)`` for a new screen of type `type`, with each path the type declares
  /// (`terminal`'s `--cwd DIR`) resolved as a script's files are (``Interpreter/resolve(_:)``),
  /// then completed by the host (``HostServices/parameterCompleter``): kept so, `state
  /// --script` makes the screen again the same from any folder.
  static func parameters(
    _ arguments: Arguments, type: String, in interpreter: Interpreter
  ) -> [String: String] {
    var parameters = parameters(arguments)
    resolve(&parameters, type: type, in: interpreter)
    return parameters
  }

  /// Resolves the paths among a new screen's parameters and has the host complete them (see
  /// ``parameters(_:type:in:)``).
  static func resolve(
    _ parameters: inout [String: String], type: String, in interpreter: Interpreter
  ) {
    if let screenType = interpreter.shell.screenTypes.first(where: { $0.name == type }) {
      for parameter in screenType.parameters where parameter.spec.kind == .path {
        let key = ScreenParameters.key(of: parameter)
        if let path = parameters[key] { parameters[key] = interpreter.resolve(path) }
      }
    }
    interpreter.services.parameterCompleter?.complete(type: type, parameters: &parameters)
  }

  static let target = Argument<TabReference>("TAB", .tab, abstract: "a position, an id or a title")
  static let rootType = Argument("TYPE", .screenType, abstract: "the root screen's type")
  static let tabID = Option(
    "--id", .text, valueName: "ID", abstract: "the tab's id (default: from its type)")
  static let itemTitle = Option(
    "--title", .text, valueName: "TITLE", abstract: "the bar item's title")
  static let itemIcon = Option("--icon", .text, valueName: "G", abstract: "the bar item's icon")
  static let selectedIcon = Option(
    "--selected-icon", .text, valueName: "G", abstract: "the icon while selected")
  static let at = Option(
    "--at", .integer, valueName: "N", abstract: "the position (default: the end)")

  static let addTab = Declaration(
    name: "add-tab",
    parameters: [rootType, tabID, itemTitle, itemIcon, selectedIcon, at, text, param, program],
    abstract: "add a tab whose root is a new screen of TYPE",
    discussion: """
      The first tab added becomes the selection and appears at once. After TYPE, the options its \
      screen type declares (see 'screens') are taken too. In a sourced file, a tab with that id, \
      type and parameters there already is left as it is: sourcing a file again adds nothing.
      """,
    screenParameters: (rootType, param),
    program: program
  ) { interpreter, arguments in
    let root = NewScreen(
      type: arguments[rootType], id: arguments[tabID], title: arguments[itemTitle],
      parameters: parameters(arguments, type: arguments[rootType], in: interpreter))
    if interpreter.isMadeAlready(root) { return }
    try interpreter.send(
      .addTab(
        NewTab(
          root, icon: arguments[itemIcon], selectedIcon: arguments[selectedIcon],
          at: arguments[at])))
  }

  static let closeTab = Declaration(
    name: "close-tab", parameters: [target, ScriptingCommands.force],
    abstract: "close a tab; its screens leave for good",
    discussion: """
      Typed at the prompt or in the full-screen mode (or bound to a key: prefix &), when \
      programs run in the tab's terminal screens, it asks first: 'close-tab: 1 program is \
      running; close the tab anyway? (y/n)'. A script, -c and 'tabshell send' never ask, nor \
      does --force.
      """
  ) { interpreter, arguments in
    try interpreter.closeTab(arguments[target], force: arguments[ScriptingCommands.force])
  }

  static let newPosition = Argument("N", .integer, abstract: "the new position")

  static let moveTab = Declaration(
    name: "move-tab", parameters: [target, newPosition],
    abstract: "move a tab to position N; the selection stays with its tab"
  ) { interpreter, arguments in
    try interpreter.send(.moveTab(arguments[target], to: arguments[newPosition]))
  }

  static let newTitle = Argument(
    "TITLE", optional: .text, abstract: "the new title (typed or pressed: asked for when left out)")

  static let renameTab = Declaration(
    name: "rename-tab", parameters: [target, newTitle], abstract: "change a tab's title",
    discussion: """
      The title is kept: a title the tab's screen gives itself (a terminal program's, the name \
      of its foreground process) no longer replaces it. Typed at the prompt or in the \
      full-screen mode (or bound to a key: prefix ,) without TITLE, it asks for it on the \
      command line, the old title filled in: Enter renames, an empty line or Ctrl-C leaves it.
      """
  ) { interpreter, arguments in
    guard let title = arguments[newTitle] else {
      return try interpreter.askTitle(of: arguments[target])
    }
    try interpreter.send(.renameTab(arguments[target], to: title))
  }

  static let actionType = Argument(
    "TYPE", .screenType, abstract: "the type of the screen it presents")
  static let buttonTitle = Option(
    "--title", .text, valueName: "TITLE", abstract: "the button's title")
  static let buttonIcon = Option("--icon", .text, valueName: "G", abstract: "the button's icon")

  static let addAction = Declaration(
    name: "add-action", parameters: [actionType, buttonTitle, buttonIcon],
    abstract: "set the centre action button, which presents a screen of TYPE"
  ) { interpreter, arguments in
    try interpreter.send(
      .setActionButton(
        type: arguments[actionType], title: arguments[buttonTitle], icon: arguments[buttonIcon]))
  }

  static let action = Declaration(
    name: "action", abstract: "tap the action button: its screen is presented modally"
  ) { interpreter, _ in try interpreter.send(.tapActionButton) }

  static let layoutName = Argument(
    "NAME", .layout, abstract: "a layout, built in (swipeable, xianyu, demo...) or a plugin's")

  static let layout = Declaration(
    name: "layout", parameters: [layoutName],
    abstract: "replace every tab with a layout's tabs",
    discussion:
      "'help layout' ends with the layouts registered when it runs, each with its summary."
  ) { interpreter, arguments in try interpreter.send(.applyLayout(arguments[layoutName])) }
}
