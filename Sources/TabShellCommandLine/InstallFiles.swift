import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellREPL
import TabShellSessions

/// The files `scripts/install` puts beside the binary: the manual page `tabshell(1)` and completion
/// files for bash, zsh and fish, all generated from the same tables as `--help`, `tabshell test
/// --help` and `help` (so they never drift from the program). `tabshell --print FILE` prints one.
package enum InstallFiles {
  /// The files, by the name `--print` takes.
  package static var names: [String] { CommandLineOptions.printableFiles }

  /// The text of a file, or `nil` for a name that is not one.
  package static func text(of name: String) -> String? {
    switch name {
    case "man": manPage
    case "bash-completion": bashCompletion
    case "zsh-completion": zshCompletion
    case "fish-completion": fishCompletion
    default: nil
    }
  }

  /// One option of either table, as the files show it.
  typealias Flag = any OptionDeclaration

  static var flags: [Flag] { CommandLineOptions.table }

  static var testFlags: [Flag] { TestOptions.table }

  /// `tabshell(1)` in roff.
  static var manPage: String {
    var lines = [
      #".TH TABSHELL 1 \#(CommandLineOptions.versionDate) "\#(CommandLineOptions.version)" "User Commands""#,
      ".SH NAME",
      #"tabshell \- a tab bar, as iOS apps have it, turned into a scriptable shell"#,
      ".SH SYNOPSIS",
      #".B tabshell"#, #"[\fIOPTIONS\fR]"#, ".br",
      #".B tabshell"#, #"[\fIOPTIONS\fR] \fIFILE\fR [\fIARG\fR...]"#, ".br",
      #".B tabshell"#, #"[\fIOPTIONS\fR] \fB\-c\fR \fICOMMANDS\fR"#, ".br",
      #".B tabshell test"#, #"[\fIOPTIONS\fR] [\fIPATH\fR...]"#, ".br",
      #".B tabshell"#, #"\fB\-\-session\fR \fINAME\fR [\fIOPTIONS\fR]"#,
    ]
    for command in sessionCommands {
      lines += [".br", #".B tabshell "# + escaped(command.name)]
      if !command.arguments.isEmpty { lines.append(roffArguments(command.arguments)) }
    }
    lines += [
      ".SH DESCRIPTION",
      "A tab bar with its screens, driven by commands: at a terminal an interactive REPL (GNU",
      "readline, history, completion), otherwise a script, run whole after it is parsed whole.",
      "Scripts are tests: they exit 0 when every command and expect succeeded.",
      ".SH OPTIONS",
    ]
    for flag in flags { lines += item(flag) }
    lines += [".SH TEST RUNNER OPTIONS", "Options of \\fBtabshell test\\fR:"]
    for flag in testFlags { lines += item(flag) }
    lines += [
      ".SH SESSIONS",
      "With \\fB\\-\\-session\\fR \\fINAME\\fR the shell runs in a server process that",
      "outlives the terminal; this process is its client (a line REPL, or full-screen with",
      "\\fB\\-\\-tui\\fR). When \\fINAME\\fR runs already, the client joins it and the other",
      "options are not applied. The protocol is documented in the project (docs/Sessions.md).",
    ]
    for command in sessionCommands {
      let arguments = command.arguments.isEmpty ? "" : " " + roffArguments(command.arguments)
      lines += [
        ".TP", "\\fBtabshell " + escaped(command.name) + "\\fR" + arguments,
        escaped(command.abstract),
      ]
      guard !command.options.isEmpty else { continue }
      lines.append(".RS")
      for option in command.options {
        let value = option.valueName.map { " \\fI" + escaped($0) + "\\fR" } ?? ""
        lines += [".TP", "\\fB" + escaped(option.name) + "\\fR" + value, escaped(option.abstract)]
      }
      lines.append(".RE")
    }
    lines += [
      ".SH ENVIRONMENT",
      ".TP", "\\fBNO_COLOR\\fR",
      "set and not empty: no colours; the attributes (bold, dim, italic, underline,",
      "reverse video, strikethrough) stay on a terminal",
      ".TP", "\\fBTERM\\fR",
      "the colours of its terminfo entry: 24-bit, 256, 16, 8, or none (attributes only);",
      "\\fBdumb\\fR: no escape sequences; unset, empty or \\fBdumb\\fR: no full-screen mode",
      "(\\fB\\-\\-tui\\fR is a usage error)",
      ".TP", "\\fBCOLORTERM\\fR",
      "\\fBtruecolor\\fR or \\fB24bit\\fR: colours in 24 bits, whatever \\fBTERM\\fR says",
      ".TP", "\\fBCOLUMNS\\fR",
      "the width to draw in when stdout is not a terminal and \\fB\\-\\-width\\fR is not given",
      "(else 80)",
      ".TP", "\\fBTABSHELL\\fR",
      "set by a session for its programs: its socket, which \\fBtabshell send\\fR uses",
      ".TP", "\\fBXDG_RUNTIME_DIR\\fR",
      "an absolute path: the sessions' sockets are in \\fI$XDG_RUNTIME_DIR/tabshell/\\fR, else in",
      "\\fI/tmp/tabshell\\-UID/\\fR",
      ".TP", "\\fBXDG_CONFIG_HOME\\fR, \\fBXDG_STATE_HOME\\fR, \\fBXDG_DATA_HOME\\fR",
      "where the start-up file, the history and the plugin folder are (see FILES); unset or",
      "not an absolute path: \\fI~/.config\\fR, \\fI~/.local/state\\fR and \\fI~/.local/share\\fR",
      ".SH EXIT STATUS",
      "0 success; 1 a command or an expect failed; 2 a usage or syntax error; the status of",
      "\\fBexit N\\fR.",
      ".SH FILES",
      ".TP", "\\fI$XDG_CONFIG_HOME/tabshell/init.tabsh\\fR (\\fI~/.config/tabshell/init.tabsh\\fR)",
      "the start-up file the REPL runs (\\fBtabshell \\-\\-init\\fR writes a starter)",
      ".TP", "\\fI$XDG_STATE_HOME/tabshell/history\\fR (\\fI~/.local/state/tabshell/history\\fR)",
      "the REPL's history",
      ".TP", "\\fI$XDG_DATA_HOME/tabshell/plugins/\\fR (\\fI~/.local/share/tabshell/plugins/\\fR)",
      "plugins loaded at start-up",
      ".SH COMMANDS",
    ]
    for family in Help.families() {
      lines += [".SS " + escaped(family.name)]
      for command in family.commands {
        lines += [".TP", "\\fB" + escaped(command.usage) + "\\fR", escaped(command.abstract)]
      }
    }
    lines += [
      ".SH SEE ALSO",
      "Inside the shell, \\fBhelp\\fR and \\fBhelp\\fR \\fICOMMAND\\fR describe every command.",
    ]
    return lines.flatMap(wrapped).joined(separator: "\n") + "\n"
  }

  /// The session commands (`send`, `sessions`...), as declared for both executables.
  static var sessionCommands: [SessionCommandDeclaration] { SessionInvocation.declarations }

  /// A session command's arguments in roff: `NAME`-like words italic, the rest bold.
  private static func roffArguments(_ arguments: String) -> String {
    arguments.split(separator: " ").map { highlighted(escaped(String($0))) }.joined(separator: " ")
  }

  /// A word of a session command's arguments, escaped for roff, with each run of capitals
  /// (`NAME`) in italics and each option (`\-\-session`: two escaped dashes, then small letters)
  /// in bold. The arguments are the declarations' own ASCII words: a capital is `A` to `Z`, a
  /// small letter `a` to `z`.
  private static func highlighted(_ word: String) -> String {
    let characters = Array(word)
    let dashes: [Character] = ["\\", "-", "\\", "-"]
    func isCapital(_ character: Character) -> Bool { character.isASCII && character.isUppercase }
    func isSmall(_ character: Character) -> Bool { character.isASCII && character.isLowercase }
    /// Where the run of characters from `start` that `kind` accepts ends.
    func endOfRun(from start: Int, _ kind: (Character) -> Bool) -> Int {
      characters[start...].firstIndex { !kind($0) } ?? characters.count
    }
    var result = ""
    var index = 0
    while index < characters.count {
      let afterDashes = index + dashes.count
      if characters[index...].starts(with: dashes), afterDashes < characters.count,
        isSmall(characters[afterDashes])
      {
        let end = endOfRun(from: afterDashes, isSmall)
        result += "\\fB" + String(characters[index..<end]) + "\\fR"
        index = end
      } else if isCapital(characters[index]) {
        let end = endOfRun(from: index, isCapital)
        result += "\\fI" + String(characters[index..<end]) + "\\fR"
        index = end
      } else {
        result.append(characters[index])
        index += 1
      }
    }
    return result
  }

  /// The longest line of the manual page's source, as `mandoc -T lint` asks.
  static let manPageWidth = 80

  /// A text line of the manual page broken at blanks into lines of at most ``manPageWidth`` bytes
  /// (roff joins them again); a request (`.TP`) or a word longer than that is left whole.
  private static func wrapped(_ line: String) -> [String] {
    guard line.utf8.count > manPageWidth, !line.hasPrefix(".") else { return [line] }
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ") {
      if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > manPageWidth {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  private static func item(_ flag: Flag) -> [String] {
    let value = flag.valueName.map { " \\fI" + escaped($0) + "\\fR" } ?? ""
    return [".TP", "\\fB" + escaped(flag.name) + "\\fR" + value, escaped(flag.abstract)]
  }

  /// Text for roff: backslashes, and dashes that are minus signs.
  private static func escaped(_ text: String) -> String {
    var result = text.replacing(text: "\\", with: "\\e").replacing(text: "-", with: "\\-")
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  /// Words of the options, for the shells.
  private static func names(_ flags: [Flag]) -> String { flags.map(\.name).joined(separator: " ") }

  /// What an option's value is completed with, by its kind: file names for a path, the words of a
  /// choice, nothing for the others (a number, commands, any text).
  enum ValueCompletion: Equatable {
    case files
    case words([String])
    case nothing
  }

  static func valueCompletion(_ flag: Flag) -> ValueCompletion {
    guard let kind = flag.kind else { return .nothing }
    if kind == .path { return .files }
    return kind.fixedWords.map(ValueCompletion.words) ?? .nothing
  }

  /// bash's `case "$previous"` branches that complete the value of the options that take one.
  private static func bashValueCases(_ flags: [Flag]) -> String {
    var branches: [String] = []
    var nothing: [String] = []
    var files: [String] = []
    for flag in flags where flag.valueName != nil {
      switch valueCompletion(flag) {
      case .files: files.append(flag.name)
      case .nothing: nothing.append(flag.name)
      case .words(let words):
        let list = words.joined(separator: " ")
        branches.append(
          "\(flag.name)) COMPREPLY=($(compgen -W \"\(list)\" -- \"$current\")); return ;;")
      }
    }
    if !files.isEmpty {
      branches.append(
        files.joined(separator: "|") + ") COMPREPLY=($(compgen -f -- \"$current\")); return ;;")
    }
    if !nothing.isEmpty { branches.append(nothing.joined(separator: "|") + ") return ;;") }
    return branches.joined(separator: "\n    ")
  }

  /// The words that name a subcommand: `test` and the session commands.
  static var subcommands: String {
    (["test"] + sessionCommands.map(\.name)).joined(separator: " ")
  }

  /// bash's branches for the session commands: their options, and session names where a NAME goes.
  private static var bashSessionCases: String {
    sessionCommands.map { command in
      let options = command.options.map(\.name).joined(separator: " ")
      let name =
        command.arguments.hasPrefix("NAME") || command.arguments.hasPrefix("[NAME]")
        ? "[[ $COMP_CWORD == 2 ]] && COMPREPLY=($(compgen -W \"$(_tabshell_sessions)\" -- \"$current\"))"
        : "[[ $current == -* ]] && COMPREPLY=($(compgen -W \"\(options)\" -- \"$current\"))"
      return "\(command.name)) \(name); return ;;"
    }.joined(separator: "\n    ")
  }

  /// For bash (`complete -F`).
  static var bashCompletion: String {
    """
    # bash completion for tabshell (generated by 'tabshell --print bash-completion')
    # bash reads it from share/bash-completion/completions only with the bash-completion package;
    # without that package, source this file from ~/.bashrc.
    _tabshell_sessions() {
      local folder=/tmp/tabshell-$EUID name
      [[ $XDG_RUNTIME_DIR == /* ]] && folder=$XDG_RUNTIME_DIR/tabshell
      for name in "$folder"/*; do [[ -S $name ]] && echo "${name##*/}"; done
    }
    _tabshell() {
      local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
      local options="\(names(flags))" test_options="\(names(testFlags))"
      COMPREPLY=()
      if [[ $previous == --session ]]; then
        COMPREPLY=($(compgen -W "$(_tabshell_sessions)" -- "$current")); return
      fi
      case ${COMP_WORDS[1]} in
        \(bashSessionCases)
      esac
      if [[ ${COMP_WORDS[1]} == test ]]; then
        case $previous in
          \(bashValueCases(testFlags))
        esac
        if [[ $current == -* ]]; then COMPREPLY=($(compgen -W "$test_options" -- "$current"))
        else COMPREPLY=($(compgen -f -- "$current")); fi
        return
      fi
      case $previous in
        \(bashValueCases(flags))
      esac
      if [[ $current == -* ]]; then COMPREPLY=($(compgen -W "$options" -- "$current"))
      elif [[ $COMP_CWORD == 1 ]]; then COMPREPLY=($(compgen -W "\(subcommands)" -- "$current") $(compgen -f -X '!*.tabsh' -- "$current") $(compgen -d -- "$current"))
      else COMPREPLY=($(compgen -f -- "$current")); fi
    }
    complete -o filenames -F _tabshell tabshell

    """
  }

  /// For zsh (`#compdef`).
  static var zshCompletion: String {
    func spec(_ flag: Flag) -> String {
      let help = flag.abstract.replacing(text: "'", with: "'\\''").replacing(text: "[", with: "(")
        .replacing(text: "]", with: ")").replacing(text: ":", with: "\\:")
      guard let valueName = flag.valueName?.lowercased() else { return "'\(flag.name)[\(help)]'" }
      let action =
        switch valueCompletion(flag) {
        case _ where flag.valueName == "NAME": "_tabshell_sessions"
        case .files: "_files"
        case .words(let words): "(" + words.joined(separator: " ") + ")"
        case .nothing: " "
        }
      return "'\(flag.name)[\(help)]:\(valueName):\(action)'"
    }
    return """
      #compdef tabshell
      # zsh completion for tabshell (generated by 'tabshell --print zsh-completion')
      _tabshell_sessions() {
        local folder=/tmp/tabshell-$EUID
        [[ $XDG_RUNTIME_DIR == /* ]] && folder=$XDG_RUNTIME_DIR/tabshell
        compadd -- $folder/*(N=:t)
      }
      if [[ $words[2] == test ]]; then
        _arguments -s \\
          \(testFlags.map(spec).joined(separator: " \\\n    ")) \\
          '*:path:_files'
      \(sessionCommands.map { command in
        let options = command.options.map { spec(SessionFlag(option: $0)) + " " }.joined()
        let name = command.arguments.contains(text: "NAME") && command.options.isEmpty
          ? "'2:session:_tabshell_sessions'" : "'*:commands: '"
        return "elif [[ $words[2] == \(command.name) ]]; then\n  _arguments -s \(options)'1:command:(\(command.name))' \(name)"
      }.joined(separator: "\n"))
      else
        _arguments -s \\
          \(flags.map(spec).joined(separator: " \\\n    ")) \\
          '1:script or subcommand:{_files -g "*.tabsh"; compadd \(subcommands)}' \\
          '*:argument:_files'
      fi

      """
  }

  /// For fish (`complete -c tabshell`).
  static var fishCompletion: String {
    let others = "not __fish_seen_subcommand_from \(subcommands)"
    func line(_ flag: Flag, _ condition: String) -> String {
      let long = flag.name.hasPrefix("--")
      let option = long ? "-l '\(flag.name.dropFirst(2))'" : "-o '\(flag.name.dropFirst())'"
      let value =
        switch (flag.valueName, valueCompletion(flag)) {
        case (nil, _): ""
        case ("NAME", _): " -x -a '(__tabshell_sessions)'"
        case (_, .files): " -r -F"
        case (_, .words(let words)): " -x -a '\(words.joined(separator: " "))'"
        case (_, .nothing): " -x"
        }
      let help = flag.abstract.replacing(text: "'", with: "\\'")
      return "complete -c tabshell -n '\(condition)' \(option)\(value) -d '\(help)'"
    }
    var lines = [
      "# fish completion for tabshell (generated by 'tabshell --print fish-completion')",
      "function __tabshell_sessions",
      "    set -l folder /tmp/tabshell-(id -u)",
      "    string match -q '/*' -- \"$XDG_RUNTIME_DIR\"; and set folder $XDG_RUNTIME_DIR/tabshell",
      "    for name in $folder/*; test -S $name; and basename $name; end",
      "end",
    ]
    lines.append(
      "complete -c tabshell -n '__fish_use_subcommand' -a test -d 'run scripts as tests'")
    for command in sessionCommands {
      let help = command.abstract.replacing(text: "'", with: "\\'")
      lines.append(
        "complete -c tabshell -n '__fish_use_subcommand' -a \(command.name) -d '\(help)'")
      let condition = "__fish_seen_subcommand_from \(command.name)"
      lines += command.options.map { line(SessionFlag(option: $0), condition) }
      if command.options.isEmpty, command.arguments.contains(text: "NAME") {
        lines.append("complete -c tabshell -n '\(condition)' -x -a '(__tabshell_sessions)'")
      }
    }
    lines += flags.map { line($0, others) }
    lines += testFlags.map { line($0, "__fish_seen_subcommand_from test") }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A session command's option as the completion files take an option.
struct SessionFlag: OptionDeclaration {
  let parameter: CommandParameter

  init(option: SessionOptionDeclaration) {
    parameter =
      option.valueName.map {
        CommandOption(option.name, .text, valueName: $0, abstract: option.abstract)
      } ?? CommandOption(flag: option.name, abstract: option.abstract)
  }
}
