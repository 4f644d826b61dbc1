@_spi(Host) import TabShellKit
import TabShellRendering

/// Why a command line did not parse or a command failed: data, worded in one place (``description``).
package enum LanguageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A quote that is not closed on its line.
  case unterminatedQuote(Character)
  /// No command of this name; maybe a close one.
  case unknownCommand(String, suggestion: String?)
  /// A required argument is missing.
  case missingArgument(command: String, argument: String, usage: String)
  /// More words than the command takes.
  case tooManyArguments(command: String, word: String, usage: String)
  /// An option the command does not declare.
  case unknownOption(command: String, option: String, suggestion: String?)
  /// An option that takes a value came last.
  case missingOptionValue(command: String, option: String)
  /// A word that must be a whole number is not one.
  case notAnInteger(String, argument: String)
  /// A whole number outside the range its argument allows.
  case outOfRange(String, argument: String, range: ClosedRange<Int>)
  /// A word that must be one of a few is not one of them.
  case notAChoice(String, argument: String, choices: [String], suggestion: String?)
  /// `on` nested too deep in a hook's commands.
  case hookNestingTooDeep(limit: Int)
  /// A `--param` value without `=`.
  case badParameter(String)
  /// A screen command while no screen of a type that declares it is visible.
  case screenCommandUnavailable(String, visibleType: String?, types: [String])
  /// The core refused a change.
  case shell(ShellError)
  /// No screen type of this name and none close to it: the types there are.
  case unknownScreenType(String, types: [String])
  /// An `expect` that did not hold.
  case expectFailed(String)
  /// A file could not be read.
  case cannotRead(path: String, reason: String)
  /// A file could not be written.
  case cannotWrite(path: String, reason: String)
  /// `source` nested too deep.
  case sourceTooDeep(limit: Int)
  /// Hooks that set off hooks without end.
  case hookRunaway(limit: Int)
  /// `deny` outside an `on should-select` hook.
  case denyOutsideHook
  /// A plugin did not load or register.
  case pluginFailed(String)
  /// `require`: a plugin or a screen type (`what`, such as `plugin 'todo'`) is missing; `load`
  /// says what to load. At the prompt it is said as `load PATH`, in a script as `--plugin PATH`.
  case missingRequirement(String, load: String, atPrompt: Bool)
  /// `record` in a script.
  case recordOutsidePrompt
  /// `record FILE` while a recording is under way.
  case alreadyRecording(String)
  /// `record stop` with no recording under way.
  case notRecording
  /// A gesture (`size`, `hit`, `click`, `drag`, `scroll`, `key`, `tui`) that cannot be made.
  case gesture(GestureError)
  /// `wait-for --regex` with a word that is not a regular expression, and why.
  case notARegex(String, reason: String)
  /// `wait-for` waited `seconds` and the screen of this id never showed `text` (or a match of
  /// it); `screenText` is what it showed last.
  case waitTimedOut(
    text: String, isRegex: Bool, screen: String, seconds: Double, screenText: [String])
  /// Anything else a command reports.
  case failed(String)
  /// A script with more errors than ``Parser/diagnosticLimit``: checking stopped here.
  case tooManyErrors(limit: Int)
  /// A command takes exactly one of these (options, or an argument named in capitals).
  case oneOf(command: String, options: [String])
  /// `--size` of `split` is not N or N%.
  case badPaneSize(String)

  package var description: String {
    switch self {
    case .unterminatedQuote(let quote): "unterminated \(quote) quote"
    case .unknownCommand(let name, let suggestion):
      "unknown command \(quoted(name))" + Self.didYouMean(suggestion)
    case .missingArgument(let command, let argument, let usage):
      "'\(command)' needs \(argument); usage: \(usage)"
    case .tooManyArguments(let command, let word, let usage):
      "'\(command)' takes no more arguments, got \(quoted(word)); usage: \(usage)"
    case .unknownOption(let command, let option, let suggestion):
      "unknown option \(quoted(option)) for '\(command)'" + Self.didYouMean(suggestion)
    case .missingOptionValue(let command, let option):
      "option '\(option)' of '\(command)' needs a value"
    case .notAnInteger(let word, let argument):
      "\(argument) must be a whole number, not \(quoted(word))"
    case .outOfRange(let word, let argument, let range):
      "\(argument) must be from \(range.lowerBound) to \(range.upperBound), not \(quoted(word))"
    case .notAChoice(let word, let argument, let choices, let suggestion):
      "\(argument) must be one of \(choices.joined(separator: ", ")), not \(quoted(word))"
        + Self.didYouMean(suggestion)
    case .badParameter(let word): "--param needs KEY=VALUE, not \(quoted(word))"
    case .hookNestingTooDeep(let limit): "'on' nests too deep in hooks (limit \(limit))"
    case .screenCommandUnavailable(let name, let visible, let types):
      "\(quoted(name)) is a command of screen type "
        + types.map { "'\($0)'" }.joined(separator: ", ")
        + "; the visible screen is "
        + (visible.map { "of type '\($0)'" } ?? "none")
    case .shell(let error): error.description
    case .unknownScreenType(let name, let types):
      "unknown screen type \(quoted(name)); the screen types are " + types.joined(separator: ", ")
    case .expectFailed(let message): "expect failed: \(message)"
    case .cannotRead(let path, let reason): "cannot read '\(neutralized(path))': \(reason)"
    case .cannotWrite(let path, let reason): "cannot write '\(neutralized(path))': \(reason)"
    case .sourceTooDeep(let limit): "source nesting too deep (limit \(limit))"
    case .hookRunaway(let limit):
      "hooks set off more hooks without end (stopped after \(limit) commands)"
    case .denyOutsideHook: "'deny' works only in an 'on should-select' hook"
    case .pluginFailed(let message): message
    case .missingRequirement(let what, let load, let atPrompt):
      atPrompt
        ? "\(what) is not loaded: load \(load) with 'load PATH'"
        : "this script needs \(what): load \(load) with --plugin PATH"
    case .recordOutsidePrompt:
      "'record' works at the prompt only: it records what is typed there "
        + "('tabshell --record FILE' starts the REPL recording)"
    case .alreadyRecording(let file):
      "already recording to '\(neutralized(file))' ('record stop' ends it)"
    case .notRecording: "no recording is under way"
    case .gesture(let error): error.description
    case .notARegex(let word, let reason): "\(quoted(word)) is not a regular expression: \(reason)"
    case .waitTimedOut(let text, let isRegex, let screen, let seconds, let screenText):
      Self.timedOut(
        text, isRegex: isRegex, screen: screen, seconds: seconds, screenText: screenText)
    case .oneOf(let command, let options):
      "'\(command)' takes one of " + options.joined(separator: ", ")
    case .badPaneSize(let word):
      "--size takes N (cells, from 1) or N% (of the pane split, 1% to 99%), not \(quoted(word))"
    case .failed(let message): message
    case .tooManyErrors(let limit): "too many errors (\(limit)); stopped checking here"
    }
  }

  /// `wait-for timed out after 10 s: screen 'c' does not show 'TEXT'; its text:`, then the
  /// screen's lines from the first to the last that is not blank, each after `| `. A TEXT with a
  /// line that ends in a blank (before the `$` that ends an expression) never matches, and the
  /// message says why.
  static func timedOut(
    _ text: String, isRegex: Bool, screen: String, seconds: Double, screenText: [String]
  ) -> String {
    let time = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    let what = (isRegex ? "a match of " : "") + quoted(text)
    var message =
      "wait-for timed out after \(time) s: screen \(quoted(screen)) does not show \(what)"
    let lineEnds = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      isRegex && $0.hasSuffix("$") && !$0.hasSuffix("\\$") ? $0.dropLast() : $0
    }
    if lineEnds.contains(where: { $0.last == " " || $0.last == "\t" }) {
      message +=
        " (a screen's lines are without their trailing blanks, and a line of it ends in a blank)"
    }
    return message + shownText(screenText)
  }

  /// `; its text:` and a screen's lines from the first to the last that is not blank, each after
  /// `    | `, or `; it is blank`: what a failure says a screen shows.
  static func shownText(_ lines: [String]) -> String {
    let lines = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
    guard !lines.isEmpty else { return "; it is blank" }
    return "; its text:"
      + lines.map { "\n    |" + ($0.isEmpty ? "" : " " + Checks.shown($0)) }.joined()
  }

  /// `; did you mean 'NAME'?`, or nothing.
  static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
  }
}

/// An error with where it happened: the one renderer of `FILE:LINE:COL: error: MESSAGE`.
package struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
  /// The script's name as the user gave it (`-c`, `<stdin>`, a path), or `nil` in the REPL.
  package var file: String?
  /// Where in the script.
  package var location: SourceLocation
  /// What went wrong.
  package var error: LanguageError

  /// Makes a diagnostic.
  package init(file: String?, location: SourceLocation, error: LanguageError) {
    self.file = file
    self.location = location
    self.error = error
  }

  /// `FILE:LINE:COL: error: MESSAGE`, or `error: MESSAGE` for a line typed in the REPL. Control
  /// characters in it (from a file name, a title, a plugin's message...) are written as visible
  /// escapes, and its lines after the first are indented (``Renderer/message(_:)``): a message
  /// never carries an escape sequence to the terminal, nor a line that passes for another message.
  package var description: String {
    let message = Renderer.message("\(error)")
    guard let file else { return "error: \(message)" }
    return "\(Renderer.neutralized(file)):\(location.line):\(location.column): error: \(message)"
  }
}

extension LanguageError {
  /// A word its parameter's kind refused, worded with the parameter's name (`N`, `DIRECTION`).
  init(_ error: ArgumentError, argument: String) {
    switch error {
    case .notAnInteger(let word): self = .notAnInteger(word, argument: argument)
    case .outOfRange(let word, let range):
      self = .outOfRange(word, argument: argument, range: range)
    case .notAChoice(let word, let choices):
      self = .notAChoice(
        word, argument: argument, choices: choices,
        suggestion: closestMatch(to: word, in: choices))
    case .notKeyValue(let word): self = .badParameter(word)
    case .notSeconds(let word, _):
      self = .failed("\(argument) must be \(error.expected), not \(quoted(word))")
    }
  }
}
