import TabShellPlatform

/// Why a session could not be reached, started or used: one case per failure, one place for the
/// words (``description``), each naming what it is about, with the control characters of every
/// name, path and message in it written out (``TerminalText/neutralized(_:keepingLines:)``): a
/// name typed on the command line or a message from a server cannot send an escape sequence to
/// the terminal the error goes to.
package enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A session name that breaks the rule.
  case badName(String)
  /// The socket folder does not exist (no session ever ran).
  case folderMissing(String)
  /// The socket folder is unfit: a link, not a folder, another user's, open to others.
  case unsafeFolder(String, String)
  /// The socket folder could not be made.
  case cannotMakeFolder(String, String)
  /// The socket's path is longer than a socket address holds.
  case pathTooLong(String)
  /// No session of that name runs; the names of those that do.
  case noSuchSession(String, running: [String])
  /// No session runs at all.
  case noSession
  /// Several sessions run and none was named.
  case whichSession([String])
  /// The session's server is gone; its socket was removed.
  case serverDied(String)
  /// What is at a session's name in the folder is not a socket of this user's (a file, a FIFO, a
  /// link): it is left alone.
  case notASocket(String)
  /// Another process is starting the session (it holds the start's lock): its server is not
  /// ready yet.
  case starting(String)
  /// Another process started the session and did not finish within the limit (it holds the
  /// start's lock: a stopped `tabshell --session`).
  case startLocked(String, seconds: Int)
  /// The server did not answer within the limit.
  case notAnswering(String, milliseconds: Int)
  /// A session's server did not finish starting (its start-up file) within the limit: it was
  /// ended.
  case startTimedOut(String, seconds: Int)
  /// The socket belongs to another user's process.
  case otherUser(String, UInt32)
  /// A session of that name runs already.
  case nameInUse(String)
  /// The server refused a request (an RPC error's message).
  case refused(String)
  /// A request too long for one message (``SessionProtocol/messageLimit``): it was not sent.
  case requestTooLong(limit: Int)
  /// The server closed the connection of its own accord, saying why (the `closed`
  /// notification: it made room for another client).
  case closedByServer(String)
  /// The server broke the protocol.
  case protocolError(String)
  /// The connection ended before the answer.
  case connectionLost(String)
  /// A system call failed.
  case system(String, String)

  /// The sentence for the user (after `error: `).
  package var description: String {
    switch self {
    case .badName(let name):
      "bad session name '\(shown(name))' (1 to 64 of A-Z a-z 0-9 _ . -, not starting with . or -)"
    case .folderMissing(let path): "no session folder '\(shown(path))': no session runs"
    case .unsafeFolder(let path, let why):
      "the session folder '\(shown(path))' is refused: \(shown(why))"
    case .cannotMakeFolder(let path, let why):
      "cannot make the session folder '\(shown(path))': \(shown(why))"
    case .pathTooLong(let path): "the socket path '\(shown(path))' is too long for a Unix socket"
    case .noSuchSession(let name, let running):
      "no session '\(shown(name))'"
        + (running.isEmpty
          ? " (none runs)" : " (running: \(shown(running.joined(separator: ", "))))")
    case .noSession: "no session runs ('tabshell --session NAME' starts one)"
    case .whichSession(let names):
      "several sessions run (\(shown(names.joined(separator: ", ")))): name one with --session NAME"
    case .serverDied(let name):
      "the server of session '\(shown(name))' died; its socket was removed"
    case .notASocket(let path): "'\(shown(path))' is not a session's socket (left alone)"
    case .starting(let name): "session '\(shown(name))' is starting: its server is not ready yet"
    case .startLocked(let name, let seconds):
      "session '\(shown(name))' is being started by another process, which has not finished "
        + "within \(seconds) s"
    case .notAnswering(let name, let milliseconds):
      "the server of session '\(shown(name))' did not answer within \(milliseconds) ms"
    case .startTimedOut(let name, let seconds):
      "the server of session '\(shown(name))' did not start within \(seconds) s (its start-up "
        + "file or a plugin was still running); it was ended"
    case .otherUser(let path, let uid):
      "the socket '\(shown(path))' belongs to another user (uid \(uid)); refused"
    case .nameInUse(let name): "a session named '\(shown(name))' runs already"
    case .refused(let message): shown(message)
    case .requestTooLong(let limit):
      "the request is longer than \(limit) bytes, the most a session's message may be"
    case .closedByServer(let message): shown(message)
    case .protocolError(let message): "protocol error: \(shown(message))"
    case .connectionLost(let name): "the connection to session '\(shown(name))' was lost"
    case .system(let what, let why): "\(shown(what)): \(shown(why))"
    }
  }

  /// `text` as an error shows it: its control characters written out.
  private func shown(_ text: String) -> String { TerminalText.neutralized(text) }
}
