@_spi(Host) import TabShellKit

/// `require`, `record`: what a script needs, and recording what is typed at the prompt.
enum TestingCommands {
  static let all = [require, record]

  static let pluginName = Argument(
    "NAME", .text, abstract: "a plugin's name, as 'plugins' shows it")
  static let screenType = Argument("TYPE", .text, abstract: "a screen type's name")

  static let require = Declaration(
    name: "require",
    abstract: "fail at once, with what to do, when a plugin or screen type is missing",
    discussion: """
      'require plugin NAME' fails with "this script needs plugin 'NAME': load it with --plugin \
      PATH", and 'require screen TYPE' with "this script needs screen type 'TYPE': load the plugin \
      that provides it with --plugin PATH", instead of a cascade of unknown commands: the commands written \
      after a require are looked up when they run, not when the script is parsed. A failed require \
      stops the script, even with --keep-going.
      """,
    subcommands: [
      Declaration(
        name: "plugin", parameters: [pluginName], abstract: "a plugin named NAME is loaded",
        effect: .looks, mayAddCommands: true
      ) { interpreter, arguments in
        let name = arguments[pluginName]
        if !interpreter.shell.plugins.contains(where: { $0.name == name }) {
          try interpreter.requirementFailed("plugin '\(name)'", load: "it")
        }
      },
      Declaration(
        name: "screen", parameters: [screenType],
        abstract: "a screen type named TYPE is registered",
        effect: .looks, mayAddCommands: true
      ) { interpreter, arguments in
        let name = arguments[screenType]
        if !interpreter.shell.screenTypes.contains(where: { $0.name == name }) {
          try interpreter.requirementFailed(
            "screen type '\(name)'", load: "the plugin that provides it")
        }
      },
    ],
    effect: .looks
  ) { _, _ in
    // The parser runs the subcommand's own declaration.
  }

  static let file = Argument(
    "FILE", .path, abstract: "the script to write, or 'stop' to end the recording")

  static let record = Declaration(
    name: "record", parameters: [file],
    abstract: "record what is typed at the prompt as a script that replays it ('record stop' ends)",
    discussion: """
      FILE starts with the commands that rebuild the state of the moment (state --script); then \
      each command typed is written as soon as it has run (one that failed as a comment, so that \
      the replay stays green); 'record stop' (or leaving the REPL) adds expect lines for the final \
      state: the number of tabs, the selected tab, the visible screen, the bar. 'tabshell FILE' \
      replays it. Works at the prompt only; 'tabshell --record FILE' starts the REPL recording.
      """,
    effect: .looks
  ) { interpreter, arguments in
    guard interpreter.isAtPrompt else { throw LanguageError.recordOutsidePrompt }
    if arguments[file] == "stop" {
      try interpreter.stopRecording()
    } else {
      try interpreter.startRecording(arguments[file])
    }
  }
}
