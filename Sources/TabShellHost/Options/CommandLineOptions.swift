@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellSessions

/// What the command line asks for (docs/Contract.md, "The command line").
package struct CommandLineOptions: Equatable, Sendable {
  /// `-c COMMANDS`.
  package var commands: String?
  /// The script file, if any.
  package var file: String?
  /// The words after the script file (`$1`...).
  package var scriptArguments: [String] = []
  /// Words among ``scriptArguments`` that name one of tabshell's options (`tabshell f.tabsh --width
  /// 100`): the script's arguments all the same, but said in a warning, unless `--` came before
  /// the script (`tabshell -- f.tabsh --width 100` means them for the script).
  package var misplacedOptions: [String] = []
  /// `--norc`.
  package var noStartupFile = false
  /// `--plugin PATH`, in order.
  package var plugins: [String] = []
  /// `--no-plugins`: the plugin folder is not loaded.
  package var noPluginFolder = false
  /// `--plugin-timeout SECONDS`: how long a process plugin has to answer.
  package var pluginTimeout: Double = 2
  /// `--check`.
  package var checkOnly = false
  /// `--keep-going`.
  package var keepGoing = false
  /// `--width N`.
  package var width: Int?
  /// `--no-color`.
  package var noColor = false
  /// `--tui`: the REPL full-screen.
  package var fullScreen = false
  /// `--update-snapshots`: `expect frame FILE` writes FILE instead of comparing.
  package var updateSnapshots = false
  /// `--summary`: `N expects passed, N failed` on stderr at the end of a script.
  package var summary = false
  /// `--record FILE`: the REPL records what is typed into FILE.
  package var record: String?
  /// `--artifacts DIR`: a script that fails leaves in DIR its pictures and its recording.
  package var artifacts: String?
  /// `--cast FILE`: the full-screen mode's frames are recorded into FILE, an asciicast.
  package var cast: String?
  /// `--session NAME`: the shell runs as the session NAME, this process its client.
  package var session: String?
  /// `tabshell test ...`: run scripts as tests.
  package var test: TestOptions?
  /// `--init`: write a starter start-up file.
  package var writeStartupFile = false
  /// `--print FILE`: print a generated file (the manual page, a completion file).
  package var print: String?
  /// `--help`.
  package var help = false
  /// `--version`.
  package var version = false

  /// Makes the defaults.
  package init() {}
}

/// One command-line option: its declaration and what it sets.
package typealias CommandLineOption = OptionBinding<CommandLineOptions>

extension OptionBinding: OptionDeclaration {}

/// A command-line usage error (exit status 2).
package enum CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An option the table does not declare; maybe a close one.
  case unknownOption(String, suggestion: String?)
  /// An option that takes a value came last.
  case missingValue(String)
  /// A flag written with a value (`--tap=0`).
  case unexpectedValue(String)
  /// `--width` with something other than a positive whole number.
  case notAnInteger(option: String, value: String)
  /// `--width` with a whole number outside `range`.
  case outOfRange(option: String, value: String, range: ClosedRange<Int>)
  /// `--timeout` with something other than a number of seconds up to ``maximumSeconds``.
  case notANumber(option: String, value: String)
  /// An option that does not go with what the command line asks for.
  case notApplicable(String)
  /// A value its option's kind refuses, other than the above.
  case invalidValue(option: String, error: ArgumentError)

  /// A value refused by its option's kind, worded as the command line words it.
  init(_ error: ArgumentError, option: String) {
    switch error {
    case .notAnInteger(let word): self = .notAnInteger(option: option, value: word)
    // A range with no top (`-j`) is a positive whole number.
    case .outOfRange(let word, let range) where range.upperBound == Int.max:
      self = .notAnInteger(option: option, value: word)
    case .outOfRange(let word, let range):
      self = .outOfRange(option: option, value: word, range: range)
    case .notSeconds(let word, _): self = .notANumber(option: option, value: word)
    default: self = .invalidValue(option: option, error: error)
    }
  }

  package var description: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      "unknown option \(quoted(option))"
        + (suggestion.map { "; did you mean \(quoted($0))?" } ?? "")
        + " (see 'tabshell --help')"
    case .missingValue(let option): "option '\(option)' needs a value"
    case .unexpectedValue(let option): "option '\(option)' takes no value"
    case .notAnInteger(let option, let value):
      "option '\(option)' needs a positive whole number, not '\(value)'"
    case .outOfRange(let option, let value, let range):
      "option '\(option)' needs a whole number from \(range.lowerBound) to \(range.upperBound), "
        + "not '\(value)'"
    case .notANumber(let option, let value):
      "option '\(option)' needs a number of seconds, more than 0 and at most "
        + "\(CommandLineOptions.maximumSeconds), not '\(value)'"
    case .notApplicable(let message): message
    case .invalidValue(let option, let error):
      "option '\(option)' needs \(error.expected), not \(quoted(error.word))"
    }
  }
}

extension CommandLineOptions {
  /// The longest time a time-limit option takes (a day): a larger one would overflow the
  /// milliseconds the limits are counted in.
  static let maximumSeconds = 86_400

  /// The version, in one place.
  package static let version = "tabshell 0.1.0"
  /// The date of that version, as the manual page's header gives it; changed with ``version``.
  package static let versionDate = "2026-12-01"

  /// Every option, declared once: parsing, `--help`, the manual page and the completion files
  /// come from this table.
  package static let table: [CommandLineOption] = [
    .option("-c", .text, valueName: "COMMANDS", abstract: "run COMMANDS, then exit") { o, v in
      o.commands = v
    },
    .flag(
      "--norc", abstract: "do not read the start-up file nor load the plugins in the plugin folder"
    ) { o in o.noStartupFile = true },
    .option(
      "--plugin", .path, valueName: "PATH",
      abstract: "load a plugin first: a .so, or a program (repeatable; beats the folder's)"
    ) { o, v in o.plugins.append(v) },
    .flag("--no-plugins", abstract: "do not load the plugins in the plugin folder") { o in
      o.noPluginFolder = true
    },
    .option(
      "--plugin-timeout", .seconds(maximum: maximumSeconds), valueName: "SECONDS",
      abstract: "how long a process plugin may take to answer (default 2)"
    ) { o, v in o.pluginTimeout = v },
    .flag(
      "--check",
      abstract:
        "parse only: report the syntax errors (the first \(Interpreter.syntaxErrorLimit)), run nothing"
    ) { o in o.checkOnly = true },
    .flag("--keep-going", abstract: "a failed command does not stop the script") { o in
      o.keepGoing = true
    },
    .option(
      "--width", .integer(in: 1...RenderOptions.maximumWidth), valueName: "N",
      abstract:
        "columns to draw in, 1 to \(RenderOptions.maximumWidth) (default: the terminal's width, "
        + "else $COLUMNS, else 80)"
    ) { o, v in o.width = v },
    .flag("--no-color", abstract: "no colour; on a terminal bold, underline, reverse... stay") {
      o in o.noColor = true
    },
    .flag("--tui", abstract: "open the REPL full-screen: the screen, the bar, mouse and keys") {
      o in o.fullScreen = true
    },
    .flag("--update-snapshots", abstract: "'expect frame FILE' writes FILE instead of comparing") {
      o in o.updateSnapshots = true
    },
    .flag("--summary", abstract: "end a script that ran expects with 'N expects passed, N failed'")
    {
      o in o.summary = true
    },
    .option(
      "--record", .path, valueName: "FILE",
      abstract: "the REPL records what is typed into FILE, a script that replays it"
    ) { o, v in o.record = v },
    .option(
      "--cast", .path, valueName: "FILE",
      abstract: "record the full-screen mode as it is drawn into FILE, an asciicast (with --tui)"
    ) { o, v in o.cast = v },
    .option(
      "--artifacts", .path, valueName: "DIR",
      abstract: "a script that fails leaves in DIR a picture of its end, its terminals' text "
        + "and a recording"
    ) { o, v in o.artifacts = v },
    .option(
      "--session", .text, valueName: "NAME",
      abstract: "run the shell as session NAME, outliving this terminal (attach to it if it runs)"
    ) { o, v in o.session = v },
    .flag(
      "--init",
      abstract: "write a starter start-up file ($XDG_CONFIG_HOME/tabshell/init.tabsh), then exit"
    ) { o in o.writeStartupFile = true },
    .option(
      "--print", .choice(printableFiles), valueName: "FILE",
      abstract: "print a file for packagers: " + printableFiles.joined(separator: ", ")
    ) { o, v in o.print = v },
    .flag("--help", abstract: "show this help") { o in o.help = true },
    .flag("--version", abstract: "show the version") { o in o.version = true },
  ]

  /// The files `--print` prints (the command line's InstallFiles makes them).
  package static let printableFiles = [
    "man", "bash-completion", "zsh-completion", "fish-completion",
  ]

  /// Parses the arguments (without the program's name). Options come before the script file; every
  /// word after it is the script's.
  package static func parse(_ arguments: [String]) throws(CommandLineError) -> CommandLineOptions {
    var options = CommandLineOptions()
    var index = 0
    var sawDashes = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if word == "--" {
        sawDashes = true
        break
      }
      guard word.hasPrefix("-"), word != "-" else {
        index -= 1
        break
      }
      let (option, value) = try table.take(word, from: arguments[...], at: &index)
      option.apply(&options, value)
    }
    if options.commands == nil, !sawDashes, arguments.dropFirst(index).first == "test" {
      try TestOptions.parse(arguments[(index + 1)...], into: &options)
      return options
    }
    if options.commands == nil, index < arguments.count {
      options.file = arguments[index]
      index += 1
    }
    options.scriptArguments = Array(arguments[index...])
    if !sawDashes {
      options.misplacedOptions = options.scriptArguments.filter { word in
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        return word.hasPrefix("-") && table.contains { $0.name == name }
      }
    }
    return options
  }

  /// The warning for ``misplacedOptions``, if any.
  package var misplacedOptionsWarning: String? {
    guard !misplacedOptions.isEmpty else { return nil }
    let one = misplacedOptions.count == 1
    let words = misplacedOptions.map { "'\($0)'" }.joined(separator: ", ")
    let script = file.map { "the script '\($0)'" } ?? "-c's commands"
    return "warning: \(words) after \(script) \(one ? "is" : "are") the script's "
      + "argument\(one ? "" : "s") ($1...), not tabshell's option\(one ? "" : "s"): tabshell's "
      + "options come before the script (write '--' before the script to mean \(one ? "it" : "them") "
      + "for it)"
  }

  /// `--help`, generated from the table.
  package static var helpText: [String] {
    var lines = [
      "\(version): a tab bar, as iOS apps have it, turned into a scriptable shell",
      "",
      "usage: tabshell [OPTIONS]                 the REPL on a terminal, else stdin",
      "       tabshell [OPTIONS] FILE [ARG...]   run FILE ($1... are its ARGs)",
      "       tabshell [OPTIONS] -c COMMANDS     run the commands",
      "       tabshell test [OPTIONS] [PATH...]  run scripts as tests (test --help)",
      "",
      "sessions, a shell that outlives its terminal (COMMAND --help says more):",
    ]
    lines += sessionHelpRows
    lines += ["", "options:"]
    lines += table.helpRows(width: helpWidth)
    lines += [
      "",
      "Options come before FILE: every word after it is an ARG (an option's name too,",
      "with a warning; '--' before FILE means it).",
      "Exit status: 0 success; 1 a command or expect failed; 2 usage or syntax error.",
      "Type 'help' in the shell for its commands.",
    ]
    return lines
  }

  /// `--help`'s rows for `--session` and the session commands, from their declarations: a usage
  /// too long for the column has its abstract on the next line.
  static var sessionHelpRows: [String] {
    let rows =
      [("tabshell --session NAME [OPTIONS]", "start session NAME (join it if it runs)")]
      + SessionInvocation.declarations.map { ($0.usage, $0.abstract) }
    let column = 33
    var lines: [String] = []
    for (usage, abstract) in rows {
      if usage.count > column {
        lines.append("  " + usage)
        lines.append(String(repeating: " ", count: column + 4) + abstract)
      } else {
        let padding = String(repeating: " ", count: column - usage.count)
        lines.append("  " + usage + padding + "  " + abstract)
      }
    }
    return Help.wrap(lines, width: helpWidth)
  }

  /// The width `--help` is wrapped to, as manual pages are.
  static let helpWidth = 80
}
