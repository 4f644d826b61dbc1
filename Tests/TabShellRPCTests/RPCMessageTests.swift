import TabShellJSON
import TabShellRPC
import Testing

/// The one JSON-RPC classifier of process plugins and sessions: what a line parses to, and why a
/// line that is no message is refused.
struct RPCMessageTests {
  @Test(arguments: [
    (
      #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1}}"#,
      RPCMessage.request(id: 1, method: "hello", params: ["protocol": 1])
    ),
    (
      #"{"jsonrpc":"2.0","id":"a","method":"info"}"#,
      RPCMessage.request(id: "a", method: "info", params: .null)
    ),
    (
      #"{"jsonrpc":"2.0","id":null,"method":"host/log","params":[1]}"#,
      RPCMessage.request(id: .null, method: "host/log", params: [1])
    ),
    (
      #"{"jsonrpc":"2.0","method":"event","params":{"event":"didSelect"}}"#,
      RPCMessage.notification(method: "event", params: ["event": "didSelect"])
    ),
    (#"{"jsonrpc":"2.0","id":2,"result":{}}"#, RPCMessage.result(id: 2, .object([:]))),
    (#"{"jsonrpc":"2.0","id":2,"result":null}"#, RPCMessage.result(id: 2, .null)),
    (
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"no"}}"#,
      RPCMessage.error(id: .null, RPCError(code: -32700, message: "no"))
    ),
    (
      #"{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"m","data":[2]}}"#,
      RPCMessage.error(id: 3, RPCError(code: 1, message: "m", data: [2]))
    ),
  ])
  func parses(_ line: String, _ expected: RPCMessage) throws {
    let message = try RPCMessage.parse(Array(line.utf8)).get()
    #expect(message == expected)
    // Written out and read back, it is the same message.
    #expect(try RPCMessage.parse(Array(message.line.dropLast())).get() == expected)
    #expect(message.line.last == 0x0A)
  }

  @Test(arguments: [
    ("not json", RPCError.parseError, "not JSON: unexpected character 'o' at byte 1"),
    (
      #"{"jsonrpc":"2.0","id":1,"method":"x"} trailing"#, RPCError.parseError,
      "not JSON: characters after the value at byte 38"
    ),
    ("[1,2]", RPCError.invalidRequest, "a message must be an object, not an array"),
    (#"{"id":1,"method":"x"}"#, RPCError.invalidRequest, #""jsonrpc" must be "2.0""#),
    (
      #"{"jsonrpc":"2.0","id":1,"method":7}"#, RPCError.invalidRequest,
      #""method" must be a string"#
    ),
    (
      #"{"jsonrpc":"2.0","id":[1],"method":"x"}"#, RPCError.invalidRequest,
      #""id" must be a number, a string or null"#
    ),
    (
      #"{"jsonrpc":"2.0","id":{},"result":1}"#, RPCError.invalidRequest,
      #""id" must be a number, a string or null"#
    ),
    (
      #"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#, RPCError.invalidRequest,
      #""params" must be an object or an array"#
    ),
    (
      #"{"jsonrpc":"2.0","id":1}"#, RPCError.invalidRequest,
      #"an answer must have one of "result" and "error""#
    ),
    (
      #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#,
      RPCError.invalidRequest, #"an answer must have one of "result" and "error""#
    ),
    (
      #"{"jsonrpc":"2.0","id":1,"error":{"code":"1","message":"m"}}"#, RPCError.invalidRequest,
      #""error" must have an integer "code" and a string "message""#
    ),
    (#"{"jsonrpc":"2.0"}"#, RPCError.invalidRequest, #"neither "method" nor "id""#),
  ])
  func refuses(_ line: String, code: Int, message: String) {
    #expect(RPCMessage.parse(Array(line.utf8)) == .failure(RPCError(code: code, message: message)))
  }

  @Test func nestingPastTheDepthIsNotJSON() {
    let deep =
      #"{"jsonrpc":"2.0","method":"x","params":"# + String(repeating: "[", count: 10)
      + String(repeating: "]", count: 10) + "}"
    #expect((try? RPCMessage.parse(Array(deep.utf8), maxDepth: 64).get()) != nil)
    guard case .failure(let error) = RPCMessage.parse(Array(deep.utf8), maxDepth: 5) else {
      Issue.record("a message nested deeper than 5 was taken")
      return
    }
    #expect(error.code == RPCError.parseError)
  }

  @Test func requestLineIsCompactJSON() {
    let line = RPCMessage.request(id: 3, method: "run", params: ["commands": "tab 2"]).line
    #expect(
      String(decoding: line, as: UTF8.self)
        == #"{"jsonrpc":"2.0","id":3,"method":"run","params":{"commands":"tab 2"}}"# + "\n")
  }
}
