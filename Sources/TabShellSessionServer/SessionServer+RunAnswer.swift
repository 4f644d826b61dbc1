import TabShellJSON
import TabShellLanguage
import TabShellRPC
import TabShellSessions

/// The sink of a `run`'s commands (``TabShellLanguage/OutputSink``): what they print for the
/// answer, up to ``TabShellSessions/SessionProtocol/answerTextLimit`` of output and of errors.
final class AnswerOutput: OutputSink {
  /// What went to stdout.
  private(set) var output = CapturedText(limit: SessionProtocol.answerTextLimit)
  /// What went to stderr.
  private(set) var errors = CapturedText(limit: SessionProtocol.answerTextLimit)

  func printLine(_ line: String) { output.add(line + "\n") }
  func report(_ diagnostic: Diagnostic) { errors.add("\(diagnostic)\n") }
  func relay(_ text: String) { errors.add(text) }
}

/// The text a `run` printed (its output, or its errors), kept up to a bound: what passes it is
/// counted, not kept, so that commands printing without end cannot take the server's memory.
struct CapturedText {
  /// The most bytes kept.
  let limit: Int
  /// What was kept.
  private(set) var text = ""
  /// The bytes that came past the bound.
  private(set) var dropped = 0

  /// Keeps `piece`, or what of it fits (cut between scalars).
  mutating func add(_ piece: String) {
    guard dropped == 0 else {
      dropped += piece.utf8.count
      return
    }
    let room = limit - text.utf8.count
    guard piece.utf8.count > room else {
      text += piece
      return
    }
    let kept = RunAnswer.prefix(of: piece, bytes: room)
    text += kept
    dropped += piece.utf8.count - kept.utf8.count
  }
}

/// The answer to a `run` (docs/Sessions.md, "`run`"), never a line longer than a message may be:
/// to a client of protocol 2, output and errors that do not fit go first, in `output`
/// notifications of at most ``piece`` bytes each; to one of protocol 1 they are cut to fit, and the
/// errors say so.
enum RunAnswer {
  /// The most bytes of text one `output` notification carries: written as JSON (6 bytes for a
  /// control character at the worst) it stays well under the message limit.
  static let piece = 128 << 10

  /// The lines that answer the `run` request `id` of a client speaking `version`, in order, as
  /// one run of bytes (each message written once: the usual answer is one line).
  static func lines(
    id: JSONValue, status: Int32, output: String, errors: String, ended: Bool, version: Int
  ) -> [UInt8] {
    func answer(_ output: String, _ errors: String) -> [UInt8] {
      var result: JSONObject = [
        "status": .int(Int(status)), "output": .string(output), "errors": .string(errors),
      ]
      // The session ends after this answer (`quit`, `exit`, SIGTERM): the client need not ask.
      if ended { result["ended"] = .bool(true) }
      return RPCMessage.result(id: id, .object(result)).line
    }
    let whole = answer(output, errors)
    guard !fits(whole) else { return whole }
    guard version >= 2 else {
      // Protocol 1: the first part of each, as much as one message holds.
      var kept = piece * 2
      var cut = whole
      repeat {
        kept /= 2
        let note =
          "error: the answer was cut to fit one message of protocol 1 (its output had "
          + "\(output.utf8.count) bytes, its errors \(errors.utf8.count))\n"
        cut = answer(prefix(of: output, bytes: kept), prefix(of: errors, bytes: kept) + note)
      } while !fits(cut) && kept > 1
      return cut
    }
    func notification(_ key: String, _ text: String) -> [UInt8] {
      RPCMessage.notification(method: SessionMethod.output.rawValue, params: [key: .string(text)])
        .line
    }
    var lines: [UInt8] = []
    for piece in pieces(of: output) { lines += notification("output", piece) }
    for piece in pieces(of: errors) { lines += notification("errors", piece) }
    return lines + answer("", "")
  }

  /// Whether `line` (with its `\n`) fits in one message.
  private static func fits(_ line: [UInt8]) -> Bool {
    line.count - 1 <= SessionProtocol.messageLimit
  }

  /// `text` in pieces of at most ``piece`` bytes of UTF-8, cut between scalars (a client puts
  /// them together again).
  static func pieces(of text: String) -> [String] {
    let bytes = Array(text.utf8)
    var pieces: [String] = []
    var start = 0
    while start < bytes.count {
      var end = min(bytes.count, start + piece)
      while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      pieces.append(String(decoding: bytes[start..<end], as: UTF8.self))
      start = end
    }
    return pieces
  }

  /// The longest start of `text` of at most `limit` bytes of UTF-8 that ends between scalars.
  static func prefix(of text: String, bytes limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    let bytes = Array(text.utf8.prefix(limit + 1))
    var end = max(0, limit)
    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }
}
