@_spi(Host) import TabShellKit

/// `new-tab`: a terminal tab, selected (docs/Contract.md, "A terminal workspace"), as tmux's
/// `new-window` makes a window and goes to it.
extension TabCommands {
  /// The screen type `new-tab` makes.
  static let terminalType = "terminal"

  static let directory = Option(
    "--cwd", .path, valueName: "DIR", abstract: "the folder the program starts in")

  static let newTab = Declaration(
    name: "new-tab", parameters: [tabID, itemTitle, directory, program],
    abstract: "add a terminal tab running PROGRAM (default: $SHELL) and select it",
    discussion: """
      As 'add-tab terminal' with the same options, at the end of the bar; then the tab is \
      selected as 'tab' selects it (the should-select hooks may veto that). Prefix c runs it \
      in the full-screen mode.
      """,
    program: program
  ) { interpreter, arguments in
    var parameters: [String: String] = [:]
    if let directory = arguments[directory] { parameters["cwd"] = directory }
    for (index, word) in arguments[program].enumerated() {
      parameters[index == 0 ? "program" : "arg\(index)"] = word
    }
    resolve(&parameters, type: terminalType, in: interpreter)
    let root = NewScreen(
      type: terminalType, id: arguments[tabID], title: arguments[itemTitle],
      parameters: parameters)
    // Sourced again: the tab there already is selected, as the first time.
    if interpreter.isMadeAlready(root), let id = root.id {
      try interpreter.send(.tap(.name(id)))
      return
    }
    guard case .screen(let id) = try interpreter.send(.addTab(NewTab(root))) else { return }
    try interpreter.send(.tap(.name(id)))
  }
}
