@_spi(Host) import TabShellKit
import TabShellRendering

/// `expect`, `on`, `deny`, `source`, `echo`, `exit`, `quit`, `help`.
enum ScriptingCommands {
  static let all = [ExpectCommand.declaration, on, deny, source, echo, exit, quit, help]

  static let event = Argument(
    "EVENT", .event, abstract: "an event name, such as did-select or viewWillAppear")
  static let body = Argument(
    "COMMANDS", commands: .commands,
    abstract: "one command, or one quoted word of commands separated by ';'")

  static let on = Declaration(
    name: "on", parameters: [event, body], abstract: "run COMMANDS whenever EVENT happens",
    discussion: """
      In the commands, $tab is the position and $id the id of the tab (or screen) concerned; in \
      an 'on exited' hook, $status is the program's exit status (128+N when the signal N killed \
      it). The \
      commands run after the command that set the event off is done, in the order the events \
      happened. In an 'on should-select' hook, 'deny' vetoes the selection; the hook's commands \
      that only look (echo, expect...) run before the tab is selected, the others after. Hooks \
      that set off hooks without end stop with an error. A file sourced again does not set the \
      hooks it set before twice (the same file and line).
      """,
    effect: .looks
  ) { interpreter, arguments in
    interpreter.addHook(on: arguments[event], commands: arguments[body])
  }

  static let deny = Declaration(
    name: "deny", abstract: "in an 'on should-select' hook: veto the selection", effect: .looks
  ) { interpreter, _ in
    try interpreter.deny()
  }

  static let file = Argument("FILE", .path, abstract: "a script")

  static let source = Declaration(
    name: "source", parameters: [file], abstract: "run the commands of a script file",
    discussion: """
      A leading ~ in FILE is $HOME, and $NAME or ${NAME} an environment variable's value (one \
      not set is an error). A relative FILE is resolved against the directory of the script \
      that sources it. The whole file is parsed first: a syntax error anywhere runs none of it. \
      Sourcing a file again leaves the state as sourcing it once: the tabs it added are not \
      added again (add-tab, new-tab), a key not bound is unbound without an error, a hook is \
      not set twice.
      """
  ) { interpreter, arguments in try interpreter.source(arguments[file]) }

  static let words = Argument("WORDS", variadic: .text)

  static let echo = Declaration(
    name: "echo", parameters: [words], abstract: "print the words, separated by spaces",
    effect: .looks
  ) { interpreter, arguments in
    interpreter.output(
      Renderer.neutralized(arguments[words].joined(separator: " "), keepingLines: true))
  }

  static let status = Argument(
    "N", optional: .integer(in: 0...255), abstract: "the exit status, 0 to 255")

  static let exit = Declaration(
    name: "exit", parameters: [status],
    abstract: "stop, with status N (default: 1 if the script had failed, else 0)",
    discussion: """
      A bare exit gives 1 when a command of the script failed before it (with --keep-going, or \
      in a hook), else 0. A line typed at the prompt is a script of its own: there a bare exit \
      after a line that failed gives 0, as Ctrl-D does.
      """
  ) { _, arguments in
    throw ExitRequest(status: arguments[status].map(Int32.init))
  }

  static let force = Option(flag: "--force", abstract: "do not ask, even interactively")

  static let quit = Declaration(
    name: "quit", parameters: [force], abstract: "stop, with status 0",
    discussion: """
      Typed at the prompt or in the full-screen mode (or bound to a key), while terminal tabs' \
      programs run, it asks first: 'quit: 2 programs are running; quit anyway? (y/n)'. A \
      script, -c and 'tabshell send' never ask, nor does --force.
      """
  ) { interpreter, arguments in
    try interpreter.quit(force: arguments[force])
  }

  static let topic = Argument("COMMAND", optional: .commandName)

  static let help = Declaration(
    name: "help", parameters: [topic], abstract: "list the commands, or describe one",
    effect: .looks
  ) { interpreter, arguments in
    let width = interpreter.view.renderOptions.width
    let lines =
      if let name = arguments[topic] {
        try Help.command(name, in: interpreter, width: width)
      } else {
        Help.overview(interpreter, width: width)
      }
    lines.forEach(interpreter.output)
  }
}
