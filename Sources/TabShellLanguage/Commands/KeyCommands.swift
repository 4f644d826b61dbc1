/// `bind`, `unbind`, `keys`: the full-screen mode's key bindings, as data (docs/Contract.md, "Key
/// bindings").
enum KeyCommands {
  static let all = [bind, unbind, keys]

  static let focus = Option(
    "--focus", .choice(KeyFocus.bindable.map(\.rawValue)), valueName: "FOCUS",
    abstract:
      "bar (the default), command, screen (the prefix key), prefix (the key after it), copy or "
      + "choose")
  static let key = Argument(
    "KEY", .text, abstract: "a key as tmux names it: Left, Enter, Escape, M-1, C-x, PPage, F1, q..."
  )
  static let body = Argument(
    "COMMANDS", commands: .commands,
    abstract: "one command, or one quoted word of commands separated by ';'")

  static let bind = Declaration(
    name: "bind", parameters: [focus, key, body],
    abstract: "bind a key of the full-screen mode to commands",
    discussion: """
      The commands are checked when the key is bound and run when it is pressed in that focus, \
      as if typed (hooks, vetoes; a recording keeps them). Binding a bound key replaces its \
      commands. Keys are named as tmux names them: Enter, Escape, Tab, BTab, Space, BSpace, Up, \
      Down, Left, Right, Home, End, PPage, NPage, IC, DC, F1...F12, a character, and C- (Ctrl), \
      M- (Alt) and S- (Shift) before one. In the screen focus a bound key is the shell's and \
      the others go to the screen (C-b, bound to 'set-focus prefix', is the prefix key); the \
      prefix focus is the one key after it. In the start-up file, bindings apply to the \
      full-screen mode.
      """,
    effect: .looks
  ) { interpreter, arguments in
    try interpreter.bind(
      arguments[key], to: arguments[body], in: focus(arguments[Self.focus]))
  }

  static let unbind = Declaration(
    name: "unbind", parameters: [focus, key], abstract: "remove a key's binding",
    discussion: """
      A key that is not bound is an error, but in a sourced file (sourcing a file again leaves \
      the state as sourcing it once).
      """,
    effect: .looks
  ) { interpreter, arguments in
    try interpreter.unbind(arguments[key], in: focus(arguments[Self.focus]))
  }

  static let keys = Declaration(
    name: "keys", parameters: [focus],
    abstract: "list the key bindings of a focus: the key, then its commands",
    effect: .looks
  ) { interpreter, arguments in
    interpreter.listKeys(in: focus(arguments[Self.focus])).forEach(interpreter.output)
  }

  /// The focus an option names; the bar when it is not given.
  static func focus(_ name: String?) -> KeyFocus {
    name.flatMap(KeyFocus.init(rawValue:)) ?? .bar
  }
}
