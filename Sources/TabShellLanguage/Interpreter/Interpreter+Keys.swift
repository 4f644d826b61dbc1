@_spi(Host) import TabShellKit

/// The key bindings (``KeyTable``): `bind`, `unbind`, `keys`, a key pressed (in the full-screen
/// mode, or by `key NAME`), and the full-screen mode's own commands.
extension Interpreter {
  /// The built-in bindings (``KeyTable/defaults``), each command line parsed once; a screen
  /// type's command (`scrollback`) is looked up when the key is pressed.
  func defaultKeyTable() -> KeyTable {
    var table = KeyTable()
    for (focus, name, line) in KeyTable.defaults {
      let script = parser.parse(
        line, file: nil, directory: settings.currentDirectory, deferringUnknown: true)
      guard let key = Key(name: name), script.diagnostics.isEmpty else {
        assertionFailure("the built-in binding \(name) '\(line)' does not parse")
        continue
      }
      table.bind(KeyBinding(key: key, commands: script.commands, line: line), in: focus)
    }
    return table
  }

  /// `bind`: binds a key in a focus to commands parsed when the `bind` line was.
  func bind(_ name: String, to commands: [Command], in focus: KeyFocus) throws(LanguageError) {
    guard let key = Key(name: name) else { throw .gesture(.notAKey(name)) }
    let line = commands.map { $0.boxed.source ?? "" }.joined(separator: "; ")
    keys.table.bind(KeyBinding(key: key, commands: commands, line: line), in: focus)
  }

  /// `unbind`: removes a key's binding in a focus.
  func unbind(_ name: String, in focus: KeyFocus) throws(LanguageError) {
    guard let key = Key(name: name) else { throw .gesture(.notAKey(name)) }
    guard keys.table.unbind(key, in: focus) || isSourcing else {
      throw .gesture(.notBound(key: key.description, focus: focus.rawValue))
    }
  }

  /// `keys`: a focus's bindings, one a line, the key then its commands.
  func listKeys(in focus: KeyFocus) -> [String] {
    KeyTable.rows(keys.table.bindings(in: focus).map { ($0.key.description, $0.line) })
  }

  /// `key NAME`: the key pressed in a focus.
  func key(_ name: String, in focus: KeyFocus) throws {
    guard let key = BarKey.key(named: name) else {
      throw LanguageError.gesture(
        .unknownKey(
          name, suggestion: name.count > 1 ? closestMatch(to: name, in: BarKey.names) : nil))
    }
    guard let binding = keys.table.binding(for: key, in: focus) else {
      throw LanguageError.gesture(.notBound(key: key.description, focus: focus.rawValue))
    }
    try runBinding(binding)
  }

  /// Runs the commands a key is bound to, as if typed: each passes to a recording as its own
  /// line, but a gesture, which records what it resolved to (a `click` bound to a key as `tab
  /// feed`, `back` as `dismiss`).
  ///
  /// A binding may press keys in turn (`bind x 'key y'`), at most ``keyDepthLimit`` deep: a key
  /// bound to press itself is an error, not a stack that grows until the shell crashes.
  package func runBinding(_ binding: KeyBinding) throws {
    guard keys.depth < Self.keyDepthLimit else {
      throw LanguageError.gesture(
        .keysTooDeep(key: binding.key.description, limit: Self.keyDepthLimit))
    }
    keys.depth += 1
    defer { keys.depth -= 1 }
    for command in binding.commands {
      let text = command.boxed.source ?? binding.line
      let records = !Self.recordsNothingTyped(command, table: table)
      do {
        try execute(command)
      } catch let error where !(error is ExitRequest || error is Interrupted) {
        if records { recorded(command: text, succeeded: false) }
        throw error
      }
      if records { recorded(command: text, succeeded: true) }
    }
  }

  /// How deep keys' bindings may press keys, one inside another.
  static let keyDepthLimit = 16

  /// Whether every command of a binding only changes the full-screen mode's view (`set-focus`,
  /// `back`, `panel`): the mode then leaves its output panel as it is.
  package func keepsPanel(_ binding: KeyBinding) -> Bool {
    binding.commands.allSatisfy { command in
      guard case .builtin(let index) = command.boxed.target else { return false }
      return table.declarations[index].keepsPanel
    }
  }

  /// The full-screen mode, for its commands; an error naming `command` outside it.
  func fullScreenControl(_ command: String) throws(LanguageError) -> any FullScreenControl {
    guard let fullScreen = host?.fullScreen else {
      throw .gesture(.onlyFullScreen(command: command))
    }
    return fullScreen
  }

  /// `set-focus`: where the keys go; the screen and prefix focuses only for a visible screen that
  /// takes input.
  func setFocus(_ focus: KeyFocus) throws {
    let fullScreen = try fullScreenControl("set-focus")
    if focus == .screen || focus == .prefix, !shell.visibleScreenTakesInput {
      guard let screen = shell.visibleScreen else { throw ShellError.noTabs }
      throw ShellError.takesNoInput(screen: screen.id)
    }
    fullScreen.keyFocus = focus
  }

  /// `back`: closes the output panel; from the command line, goes to the screen focus when the
  /// visible screen takes input, else to the bar focus; in the bar focus with nothing to close,
  /// dismisses the presented screen.
  func back() throws {
    let fullScreen = try fullScreenControl("back")
    let closed = fullScreen.isPanelOpen
    if closed { fullScreen.closePanel() }
    if fullScreen.keyFocus == .command {
      // Back where the keys were: a screen that takes input has them, else the bar.
      fullScreen.keyFocus = shell.visibleScreenTakesInput ? .screen : .bar
    } else if !closed, shell.modalScreen != nil {
      try perform(gesture: .dismiss)
    }
  }
}
