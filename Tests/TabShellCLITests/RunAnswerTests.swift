import TabShellJSON
import TabShellRPC
import TabShellSessions
import Testing

@testable import TabShellSessionServer

/// A `run`'s answer is never a line longer than a message may be (docs/Sessions.md, "`run`"):
/// in protocol 2 what does not fit comes first in `output` notifications, in protocol 1 it is cut
/// and the errors say so; what a run prints past its bound is counted, not kept.
struct RunAnswerTests {
  static let limit = SessionProtocol.messageLimit

  /// The answer's lines, each read back as a client reads it.
  static func messages(
    status: Int32 = 0, output: String, errors: String, ended: Bool = false, version: Int
  ) -> (messages: [RPCMessage], longest: Int) {
    let bytes = RunAnswer.lines(
      id: 1, status: status, output: output, errors: errors, ended: ended, version: version)
    #expect(bytes.last == 0x0A)
    let lines = bytes.split(separator: 0x0A)
    let messages = lines.map {
      (try? RPCMessage.parse(Array($0)).get()) ?? .notification(method: "?", params: .null)
    }
    return (messages, lines.map(\.count).max() ?? 0)
  }

  /// The text the messages carry, put together as a client does.
  static func received(_ messages: [RPCMessage]) -> (output: String, errors: String) {
    var (output, errors) = ("", "")
    for message in messages {
      switch message {
      case .notification(SessionMethod.output.rawValue, let params), .result(_, let params):
        output += params["output"]?.stringValue ?? ""
        errors += params["errors"]?.stringValue ?? ""
      default: Issue.record("an answer holds \(message)")
      }
    }
    return (output, errors)
  }

  @Test func anAnswerThatFitsIsOneMessage() {
    let (messages, _) = Self.messages(
      status: 1, output: "o\n", errors: "e\n", ended: true, version: 2)
    #expect(
      messages == [
        .result(
          id: 1, ["status": 1, "output": "o\n", "errors": "e\n", "ended": true])
      ])
  }

  @Test(arguments: [1, 2])
  func noMessageIsLongerThanTheLimit(_ version: Int) {
    // Two-byte and four-byte scalars, quotes and control characters (written out as JSON
    // escapes, six bytes each): pieces are cut between scalars and still fit.
    let output = String(repeating: "é\u{1F600}\"\u{1}x", count: 300_000)
    let errors = String(repeating: "\u{2}", count: 2_000_000)
    let (messages, longest) = Self.messages(output: output, errors: errors, version: version)
    #expect(longest <= Self.limit)
    let (receivedOutput, receivedErrors) = Self.received(messages)
    if version == 2 {
      #expect(messages.count > 2)
      #expect(receivedOutput == output && receivedErrors == errors)
      #expect(messages.last == .result(id: 1, ["status": 0, "output": "", "errors": ""]))
    } else {
      #expect(messages.count == 1)
      #expect(output.hasPrefix(receivedOutput) && !receivedOutput.isEmpty)
      #expect(
        receivedErrors.hasSuffix(
          "error: the answer was cut to fit one message of protocol 1 (its output had "
            + "\(output.utf8.count) bytes, its errors \(errors.utf8.count))\n"))
    }
  }

  @Test func capturedTextKeepsUpToItsBoundAndCountsTheRest() {
    var text = CapturedText(limit: 10)
    text.add("1234567")
    text.add("é\u{1F600}")  // 2 + 4 bytes: only the é fits.
    text.add("more")
    #expect(text.text == "1234567é")
    #expect(text.dropped == 4 + 4)
  }
}
