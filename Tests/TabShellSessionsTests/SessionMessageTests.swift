import TabShellRPC
import TabShellSessions
import Testing

/// Line-mode messages: what a line parses to, and the refusals for lines that are not requests.
struct SessionMessageTests {
  @Test(arguments: [
    (
      #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1}}"#,
      SessionMessage.request(id: 1, method: "hello", params: ["protocol": 1])
    ),
    (
      #"{"jsonrpc":"2.0","id":"a","method":"info"}"#,
      SessionMessage.request(id: "a", method: "info", params: .null)
    ),
    (
      #"{"jsonrpc":"2.0","method":"event","params":{"event":"didSelect"}}"#,
      SessionMessage.notification(method: "event", params: ["event": "didSelect"])
    ),
    (#"{"jsonrpc":"2.0","id":2,"result":{}}"#, SessionMessage.result(id: 2, .object([:]))),
    (
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"no"}}"#,
      SessionMessage.error(id: .null, RPCError(code: -32700, message: "no"))
    ),
  ])
  func parses(_ line: String, _ expected: SessionMessage) throws {
    let message = try SessionMessage.parse(Array(line.utf8)).get()
    #expect(message == expected)
    // Written out and read back, it is the same message.
    #expect(try SessionMessage.parse(Array(message.line.dropLast())).get() == expected)
    #expect(message.line.last == 0x0A)
  }

  @Test(arguments: [
    ("not json", RPCError.parseError),
    (#"{"jsonrpc":"2.0","id":1,"method":"x"} trailing"#, RPCError.parseError),
    ("[1,2]", RPCError.invalidRequest),
    (#"{"id":1,"method":"x"}"#, RPCError.invalidRequest),
    (#"{"jsonrpc":"2.0","id":1,"method":7}"#, RPCError.invalidRequest),
    (#"{"jsonrpc":"2.0","id":[1],"method":"x"}"#, RPCError.invalidRequest),
    (#"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#, RPCError.invalidRequest),
    (#"{"jsonrpc":"2.0","id":1}"#, RPCError.invalidRequest),
    (#"{"jsonrpc":"2.0"}"#, RPCError.invalidRequest),
  ])
  func refuses(_ line: String, code: Int) {
    guard case .failure(let error) = SessionMessage.parse(Array(line.utf8)) else {
      Issue.record("\(line) was taken")
      return
    }
    #expect(error.code == code)
  }

  @Test func requestLineIsCompactJSON() {
    let line = SessionMessage.request(id: 3, method: "run", params: ["commands": "tab 2"]).line
    #expect(
      String(decoding: line, as: UTF8.self)
        == #"{"jsonrpc":"2.0","id":3,"method":"run","params":{"commands":"tab 2"}}"# + "\n")
  }
}
