import TabShellKit

/// `expect`, `on`, `deny`, `source`, `echo`, `exit`, `quit`, `help`.
enum ScriptingCommands {
  static let all: [BuiltinCommand] =
    [BuiltinCommand(ExpectCommand.declaration, family: "Scripting", check: ExpectCommand.check)]
    + [on, deny, source, echo].map { BuiltinCommand($0, family: "Scripting") }
    + [
      BuiltinCommand(exit, family: "Scripting") { (arguments) throws(LanguageError) in
        _ = try exitStatus(arguments[0])
      }
    ]
    + [quit, help].map { BuiltinCommand($0, family: "Scripting") }

  static let on = CommandDeclaration<Interpreter>(
    "on",
    arguments: [
      .init("EVENT", .event, abstract: "an event name, such as did-select or viewWillAppear"),
      .init(
        "COMMANDS", .text, variadic: true,
        abstract: "one command, or one quoted word of commands separated by ';'"),
    ],
    abstract: "run COMMANDS whenever EVENT happens",
    discussion: """
      In the commands, $tab is the position and $id the id of the tab (or screen) concerned. In an \
      'on should-select' hook, 'deny' vetoes the selection. Hooks that set off hooks without end \
      stop with an error.
      """
  ) { _, _ in
    // The parser turns `on` into a hook whose commands it has parsed once (Command.Target.hook).
  }

  static let deny = CommandDeclaration<Interpreter>(
    "deny", abstract: "in an 'on should-select' hook: veto the selection"
  ) { interpreter, _ in
    guard interpreter.inShouldSelectHook else { throw LanguageError.denyOutsideHook }
    interpreter.denied = true
  }

  static let source = CommandDeclaration<Interpreter>(
    "source", arguments: [.init("FILE", .path, abstract: "a script")],
    abstract: "run the commands of a script file",
    discussion: """
      A relative FILE is resolved against the directory of the script that sources it. The whole \
      file is parsed first: a syntax error anywhere runs none of it.
      """
  ) { interpreter, arguments in try interpreter.source(arguments.positionals[0]) }

  static let echo = CommandDeclaration<Interpreter>(
    "echo", arguments: [.init("WORDS", .text, optional: true, variadic: true)],
    abstract: "print the words, separated by spaces"
  ) { interpreter, arguments in
    interpreter.output(arguments.positionals.joined(separator: " "))
  }

  static let exit = CommandDeclaration<Interpreter>(
    "exit", arguments: [.init("N", .integer, optional: true, abstract: "the exit status")],
    abstract: "stop, with status N (default: 1 if a command failed, else 0)"
  ) { _, arguments in
    throw ExitRequest(status: try exitStatus(arguments[0]))
  }

  /// `exit`'s status: a whole number from 0 to 255 (what a process can return), checked when the
  /// command is parsed and again when it runs (a `$1` is known only then).
  @Sendable static func exitStatus(_ word: String?) throws(LanguageError) -> Int32? {
    guard let word, let status = Int(word) else { return nil }
    guard (0...255).contains(status) else {
      throw .failed("N must be from 0 to 255, not '\(word)'")
    }
    return Int32(status)
  }

  static let quit = CommandDeclaration<Interpreter>(
    "quit", abstract: "stop, with status 0"
  ) { _, _ in throw ExitRequest(status: 0) }

  static let help = CommandDeclaration<Interpreter>(
    "help", arguments: [.init("COMMAND", .command, optional: true)],
    abstract: "list the commands, or describe one"
  ) { interpreter, arguments in
    let lines =
      if let name = arguments[0] { Help.command(name, in: interpreter) } else {
        Help.overview(interpreter)
      }
    lines.forEach(interpreter.output)
  }
}
