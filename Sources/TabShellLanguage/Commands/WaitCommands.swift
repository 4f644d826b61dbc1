@_spi(Host) import TabShellKit
import TabShellPlatform

/// `wait-for`, `sleep`: a script waits for a live screen, taking in meanwhile what the shell takes
/// in while it waits for the user (docs/Contract.md, "Scripts drive screens").
enum WaitCommands {
  static let all = [waitFor, sleep]

  /// The longest wait a command takes: a day.
  static let maximumSeconds = 86_400

  static let screen = ScreenInputCommands.screen
  static let timeout = Option(
    "--timeout", .seconds(maximum: maximumSeconds), valueName: "SECONDS",
    abstract: "how long to wait before failing (default 10; fractions too: 0.5)")
  static let regex = Option(
    flag: "--regex",
    abstract: "TEXT is a regular expression (RE2's syntax; no backreferences nor lookaround)")
  static let text = Argument(
    "TEXT", variadic: .text, abstract: "the text to wait for (words are joined by one space)")
  static let stable = Option(
    "--stable", .integer(in: 1...maximumSeconds * 1_000), valueName: "MS",
    abstract: "instead of TEXT: until the screen has not changed for MS milliseconds")

  /// How long `wait-for` waits without `--timeout`, in seconds.
  static let defaultTimeout = 10.0

  static let waitFor = Declaration(
    name: "wait-for", parameters: [screen, timeout, regex, stable, text],
    abstract: "wait until a screen shows TEXT, or has stopped changing",
    discussion: """
      The screen's text is what 'show' draws in its region (the rows under its header), without \
      colour, at the size 'size' sets: its lines, trailing blanks left out, joined by newlines \
      (so a TEXT with a line that ends in a blank never matches, and the timeout says so). \
      Without --to it is the visible screen's, whichever that is at each look. While it waits, \
      the shell takes in the plugins' requests and the screens' timers, as at the prompt; the \
      text is looked at again after each. With --stable MS instead of TEXT, it waits until the \
      screen's region (its text, colours, attributes and cursor) has not changed for MS \
      milliseconds, looking at it at least every 0.1 s. On timeout the command fails and shows \
      the text. Ctrl-C stops it.
      """,
    validate: { arguments, _ throws(LanguageError) in
      let words = arguments[text]
      if arguments[stable] != nil {
        if !words.isEmpty || arguments[regex] {
          throw .failed("'wait-for' takes TEXT or --stable MS, not both")
        }
      } else if words.isEmpty {
        throw .missingArgument(
          command: "wait-for", argument: text.spec.name, usage: WaitCommands.waitForUsage)
      }
      if arguments[regex] { _ = try ScreenTextMatch(words, isRegex: true) }
    },
    run: { interpreter, arguments in
      let seconds = arguments[timeout] ?? defaultTimeout
      if let milliseconds = arguments[stable] {
        try interpreter.waitUntilStable(
          on: arguments[screen], milliseconds: milliseconds, seconds: seconds)
        return
      }
      let match = try ScreenTextMatch(arguments[text], isRegex: arguments[regex])
      try interpreter.waitFor(match, on: arguments[screen], seconds: seconds)
    })

  /// `wait-for`'s usage line, for its errors.
  static var waitForUsage: String { waitFor.usage }

  static let seconds = Argument(
    "SECONDS", .seconds(maximum: maximumSeconds), abstract: "how long (fractions too: 0.5)")

  static let sleep = Declaration(
    name: "sleep", parameters: [seconds],
    abstract: "wait, taking in the plugins' requests and the screens' timers",
    discussion: """
      As 'wait-for' waits, for SECONDS: live screens change meanwhile (a clock ticks, a process \
      plugin's requests apply). Ctrl-C stops it.
      """
  ) { interpreter, arguments in
    _ = try interpreter.wait(seconds: arguments[seconds]) { false }
  }
}

/// What `wait-for` looks for in a screen's text: words joined by a space, found as they are or
/// as a regular expression (``TextPattern``).
struct ScreenTextMatch {
  /// The text as written.
  let text: String
  private let pattern: TextPattern?

  /// Whether the text is a regular expression.
  var isRegex: Bool { pattern != nil }

  /// Joins `words`; with `isRegex`, compiles them, failing with the expression's error.
  init(_ words: [String], isRegex: Bool) throws(LanguageError) {
    text = words.joined(separator: " ")
    guard isRegex else {
      pattern = nil
      return
    }
    do throws(PatternError) {
      pattern = try TextPattern(text)
    } catch {
      throw .notARegex(text, reason: error.message)
    }
  }

  /// Looks for the text in screen texts, one after the other: a search of an expression that a
  /// look did not finish goes on at the next while the screen's text is the same.
  struct Looking {
    let match: ScreenTextMatch
    private var search: PatternSearch?
    private var searched = ""

    init(_ match: ScreenTextMatch) {
      self.match = match
    }

    /// Whether `screenText` holds the text (or a match of the expression): `unfinished` when
    /// the search has run until `deadline` and goes on at the next look.
    mutating func look(at screenText: String, until deadline: Duration) -> WaitLook {
      guard let pattern = match.pattern else {
        return screenText.contains(text: match.text) ? .done : .notYet
      }
      if search == nil || searched != screenText {
        search = pattern.search(in: screenText)
        searched = screenText
      }
      switch search?.run(until: deadline) {
      case .found: return .done
      case .notFound: return .notYet
      case .unfinished, nil: return .unfinished
      }
    }
  }
}
