import TabShellPlatform

/// The session commands of the command line (`tabshell send`, `sessions`, `kill-session`,
/// `attach`), declared once: both executables parse them from here, and the host's `--help`, manual
/// page and completion files are written from here.
package struct SessionCommandDeclaration: Equatable, Sendable {
  /// The command's name (the first word).
  package var name: String
  /// Its arguments after the name, as usage shows them.
  package var arguments: String
  /// One line for `--help`.
  package var abstract: String
  /// Its options.
  package var options: [SessionOptionDeclaration]

  /// `tabshell NAME ARGUMENTS`.
  package var usage: String { "tabshell \(name)" + (arguments.isEmpty ? "" : " \(arguments)") }
}

/// An option of a session command.
package struct SessionOptionDeclaration: Equatable, Sendable {
  /// `--session`.
  package var name: String
  /// The value's name (`NAME`), `nil` for a flag.
  package var valueName: String?
  /// One line for `--help`.
  package var abstract: String
}

/// What a session command line asks for.
package enum SessionInvocation: Equatable, Sendable {
  /// `send`: run `commands` (`nil`: read them from stdin) in the session.
  case send(session: String?, commands: String?)
  /// `send --events`: print the session's events.
  case events(session: String?)
  /// `sessions`: list them.
  case sessions
  /// `kill-session NAME`.
  case kill(session: String)
  /// `attach [NAME]`.
  case attach(session: String?)
  /// `COMMAND --help`.
  case help(SessionCommandDeclaration)
}

extension SessionInvocation {
  private static let sessionOption = SessionOptionDeclaration(
    name: "--session", valueName: "NAME",
    abstract: "the session (default: $TABSHELL, else the only one running)")

  /// The session commands, in the order help lists them.
  package static let declarations: [SessionCommandDeclaration] = [
    SessionCommandDeclaration(
      name: "attach", arguments: "[NAME]",
      abstract: "draw a running session on this terminal", options: []),
    SessionCommandDeclaration(
      name: "send", arguments: "[--session NAME] COMMANDS|-",
      abstract: "run COMMANDS (-: stdin) in a session",
      options: [
        sessionOption,
        SessionOptionDeclaration(
          name: "--events", valueName: nil,
          abstract: "print the session's events as JSON lines until interrupted"),
      ]),
    SessionCommandDeclaration(
      name: "sessions", arguments: "", abstract: "list the sessions: name, tabs, clients, age",
      options: []),
    SessionCommandDeclaration(
      name: "kill-session", arguments: "NAME",
      abstract: "end a session (its programs get SIGHUP)", options: []),
  ]

  /// The declaration named `name`.
  package static func declaration(_ name: String) -> SessionCommandDeclaration? {
    declarations.first { $0.name == name }
  }

  /// What `arguments` (without the program's name) ask for when their first word is a session
  /// command; `nil` when it is not (the host's own command line then). A usage error is thrown
  /// as its message.
  package static func parse(_ arguments: [String]) throws(SessionUsageError) -> SessionInvocation? {
    guard let first = arguments.first, let declaration = declaration(first) else { return nil }
    var rest = arguments.dropFirst()
    if rest.first == "--help" { return .help(declaration) }
    func usage(_ message: String) -> SessionUsageError {
      SessionUsageError(message: "\(first): \(message) (usage: \(declaration.usage))")
    }
    switch first {
    case "send":
      var session: String?
      var events = false
      while let word = rest.first, word.hasPrefix("-"), word != "-" {
        rest = rest.dropFirst()
        if word == "--" { break }
        if word == "--events" {
          events = true
        } else if word == "--session" {
          guard let value = rest.first else { throw usage("option '--session' needs a value") }
          session = value
          rest = rest.dropFirst()
        } else if word.hasPrefix("--session=") {
          session = String(word.dropFirst("--session=".count))
        } else {
          throw usage("unknown option '\(TerminalText.neutralized(word))'")
        }
      }
      if events {
        guard rest.isEmpty else { throw usage("--events takes no COMMANDS") }
        return .events(session: session)
      }
      guard !rest.isEmpty else { throw usage("COMMANDS missing") }
      if rest == ["-"] { return .send(session: session, commands: nil) }
      return .send(session: session, commands: rest.joined(separator: " "))
    case "sessions":
      guard rest.isEmpty else { throw usage("no arguments are taken") }
      return .sessions
    case "kill-session":
      guard rest.count == 1, let name = rest.first else { throw usage("one NAME is taken") }
      return .kill(session: name)
    default:
      guard rest.count <= 1, rest.first?.hasPrefix("-") != true else {
        throw usage("at most one NAME is taken")
      }
      return .attach(session: rest.first)
    }
  }
}

/// A session command line that cannot be run (exit status 2). What the user typed is written out
/// in it (``TerminalText/neutralized(_:keepingLines:)``), as in every message.
package struct SessionUsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message.
  package var message: String

  /// The message.
  package var description: String { message }
}
