@_spi(Host) import TabShellKit

/// `type`, `send-keys`, `paste`: input to a screen that takes it, from a script (docs/Contract.md,
/// "Scripts drive screens"). Each sends ``TabShellKit/ShellAction/input(_:to:)``; a screen that did
/// not handle an input is not an error (a key it has no use for), as in the full-screen mode.
enum ScreenInputCommands {
  static let all = [type, sendKeys, paste]

  static let screen = Option(
    "--to", .text, valueName: "ID", abstract: "the screen's id (default: the visible screen)")
  static let text = Argument(
    "TEXT", oneOrMore: .text, abstract: "the text (words are joined by one space)")

  static let type = Declaration(
    name: "type", parameters: [screen, text], abstract: "type TEXT into a screen",
    discussion: """
      The screen gets TEXT as typed text, in one piece. Its type must take input ('screens' \
      says which do); a screen that has not loaded yet (never shown) cannot take it. Keys such \
      as Enter are sent with 'send-keys'.
      """
  ) { interpreter, arguments in
    try interpreter.sendInput(
      [.text(arguments[text].joined(separator: " "), isPaste: false)], to: arguments[screen])
  }

  static let keys = Argument(
    "KEY", oneOrMore: .suggesting(Key.Named.allCases.map(\.rawValue)),
    abstract: "a key as tmux names it: Enter, Escape, Up, PPage, F1, C-c, M-x, S-Up, q, +...")

  static let sendKeys = Declaration(
    name: "send-keys", parameters: [screen, keys], abstract: "press keys in a screen, in order",
    discussion: """
      Keys are named as 'bind' names them, as tmux does: Enter, Escape, Tab, BTab, Space, \
      BSpace, Up, Down, Left, Right, Home, End, PPage, NPage, IC, DC, F1...F12, a character, \
      and C- (Ctrl), M- (Alt) and S- (Shift) before one. A word that names no key is an error \
      when the script is read. The screen's type must take input.
      """,
    validate: { arguments, _ throws(LanguageError) in
      for name in arguments[keys] where Key(name: name) == nil {
        throw .gesture(.notAKey(name))
      }
    },
    run: { interpreter, arguments in
      let keys = arguments[keys].compactMap { Key(name: $0) }
      try interpreter.sendInput(keys.map(ScreenInput.key), to: arguments[screen])
    })

  static let paste = Declaration(
    name: "paste", parameters: [screen, text], abstract: "paste TEXT into a screen",
    discussion: """
      As 'type', but the screen gets TEXT marked as a paste, as a terminal's bracketed paste.
      """
  ) { interpreter, arguments in
    try interpreter.sendInput(
      [.text(arguments[text].joined(separator: " "), isPaste: true)], to: arguments[screen])
  }

  /// The words of the command that sends `input` again, for a recording; `nil` for an input no
  /// command sends (a mouse event, the focus, a size).
  static func words(_ input: ScreenInput, to id: String?) -> [String]? {
    let target = id.map { [screen.spec.name, $0] } ?? []
    return switch input {
    case .key(let key): [sendKeys.name] + target + [key.description]
    case .text(let text, let isPaste):
      // `--` first when the text would read as an option.
      [(isPaste ? paste : type).name] + target + (text.hasPrefix("--") ? ["--", text] : [text])
    default: nil
    }
  }
}

extension Interpreter {
  /// Sends inputs to the screen `id` (the visible one for `nil`), in order. Whether the screen
  /// handled each is its own business: an input it did not handle is not an error.
  ///
  /// A key for a terminal tab in copy mode runs what the key table `copy` binds it to instead,
  /// and so does each character of typed text (not a paste), as the full-screen mode types it.
  func sendInput(_ inputs: [ScreenInput], to id: String?) throws {
    for input in inputs {
      switch input {
      case .key(let key) where isCopying(id):
        try pressInCopyMode(key, screen: copyingScreen(id))
      case .text(let text, isPaste: false) where isCopying(id):
        for (index, character) in zip(text.indices, text) {
          guard isCopying(id) else {
            try send(.input(.text(String(text[index...]), isPaste: false), to: id))
            break
          }
          try pressInCopyMode(Key(character), screen: copyingScreen(id))
        }
      default:
        try send(.input(input, to: id))
      }
    }
  }

  /// The screen `id` names (the visible one for `nil`).
  private func copyingScreen(_ id: String?) -> String { id ?? shell.visibleScreen?.id ?? "" }

  /// Whether the screen `id` names is a terminal's in copy mode.
  private func isCopying(_ id: String?) -> Bool {
    guard let terminals = services.terminals else { return false }
    return terminals.isCopying(copyingScreen(id))
  }
}
