import Foundation
import TabShellJSON
import TabShellRPC
import Testing

/// The host keeps to the line limit it holds plugins to (docs/ProcessPlugins.md, "Messages"): a
/// request whose line would be too long is not written and answered with an error that says so,
/// the plugin going on; an answer too long is replaced by a short error.
struct LineLimitTests {
  static let python = Children.python3 != nil

  /// A child that answers each request with how many lines it has read and how long this one is,
  /// and says on stderr each answer it gets.
  static let counter = #"""
    import json, sys
    read = 0
    for line in sys.stdin:
        read += 1
        m = json.loads(line)
        if "method" not in m:
            sys.stderr.write(json.dumps(m) + " " + str(len(line.encode()) - 1) + "\n")
            sys.stderr.flush()
            continue
        if m["method"] == "ask":
            out = {"jsonrpc": "2.0", "id": "q", "method": "x" * 1940, "params": {}}
            sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
        out = {"jsonrpc": "2.0", "id": m["id"], "result": [read, len(line.encode()) - 1]}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    """#

  static func limits() -> RPCLimits {
    var limits = RPCLimits()
    limits.maxLineBytes = 2_000
    return limits
  }

  static func tooLong(_ bytes: Int, _ what: String = "the message to the plugin") -> RPCResponse {
    .error(
      RPCError(
        code: RPCError.failed,
        message: "\(what) would be a line of \(bytes) bytes, longer than the 2000 a line may be"))
  }

  @Test(.enabled(if: python, "python3 is not installed"))
  func aRequestTooLongIsNotWrittenAndItsAnswerSaysSo() throws {
    let connection = try Children.python(Self.counter, limits: Self.limits())
    let long: JSONValue = ["text": .string(String(repeating: "x", count: 1_960))]
    #expect(try connection.request("long", params: long) == Self.tooLong(2_021))
    #expect(try connection.request("short", params: ["text": "x"]) == .result([1, 63]))
    let ids = try connection.sendRequests([
      ("short", ["text": "y"]), ("long", long), ("short", ["text": "z"]),
    ])
    let answers = try ids.map { id throws(PluginFault) in try connection.response(to: id) }
    #expect(answers == [.result([2, 63]), Self.tooLong(2_021), .result([3, 63])])
    #expect(connection.fault == nil)
    #expect(connection.shutdown() == .exited(0))
  }

  @Test(.enabled(if: python, "python3 is not installed"))
  func anAnswerTooLongIsReplacedByAShortError() throws {
    let stderr = Lines()
    let connection = try Children.python(Self.counter, limits: Self.limits(), stderr: stderr)
    #expect(try connection.request("ask") == .result([1, 39]))
    let request = try #require(connection.nextIncoming())
    #expect(request.id == "q" && request.method == String(repeating: "x", count: 1_940))
    // The host's answer quotes the method: too long for a line.
    let unknown = RPCError(
      code: RPCError.methodNotFound, message: "unknown method '\(request.method)'")
    try connection.respond(to: "q", with: .error(unknown))
    try connection.respond(to: "q", with: .result("fits"))
    #expect(connection.shutdown() == .exited(0))
    #expect(
      stderr.all == [
        #"{"jsonrpc": "2.0", "id": "q", "error": {"code": -32000, "message": "the answer would "#
          + #"be a line of 2020 bytes, longer than the 2000 a line may be"}} 139"#,
        #"{"jsonrpc": "2.0", "id": "q", "result": "fits"} 42"#,
      ])
  }
}
