import TabShellJSON
import TabShellRPC

/// One line-mode message (docs/Sessions.md, "Framing"): a JSON-RPC 2.0 object on one line.
package enum SessionMessage: Equatable, Sendable {
  /// A request, to be answered.
  case request(id: JSONValue, method: String, params: JSONValue)
  /// A notification (no answer): the server's `event`.
  case notification(method: String, params: JSONValue)
  /// A successful answer.
  case result(id: JSONValue, JSONValue)
  /// An error answer; `id` is `null` when the request could not be read.
  case error(id: JSONValue, RPCError)

  /// The message a line holds (without its `\n`), or the error to answer it with: `-32700` when
  /// it is not JSON, `-32600` when it is not a JSON-RPC message.
  package static func parse(_ line: [UInt8]) -> Result<SessionMessage, RPCError> {
    let value: JSONValue
    do throws(JSONError) {
      value = try JSON.parse(line)
    } catch {
      return .failure(RPCError(code: RPCError.parseError, message: "not JSON: \(error)"))
    }
    return classify(value)
  }

  /// The message `value` is, or why it is none (`-32600`).
  static func classify(_ value: JSONValue) -> Result<SessionMessage, RPCError> {
    func invalid(_ message: String) -> Result<SessionMessage, RPCError> {
      .failure(RPCError(code: RPCError.invalidRequest, message: message))
    }
    guard case .object(let object) = value else {
      return invalid("a message must be an object, not \(value.kindName)")
    }
    guard object["jsonrpc"] == .string("2.0") else { return invalid("\"jsonrpc\" must be \"2.0\"") }
    let id = object["id"]
    if let id, !isID(id) { return invalid("\"id\" must be a number, a string or null") }
    if let method = object["method"] {
      guard case .string(let name) = method else { return invalid("\"method\" must be a string") }
      let params = object["params"] ?? .null
      switch params {
      case .object, .array, .null: break
      default: return invalid("\"params\" must be an object or an array")
      }
      guard let id else { return .success(.notification(method: name, params: params)) }
      return .success(.request(id: id, method: name, params: params))
    }
    guard let id else { return invalid("neither \"method\" nor \"id\"") }
    switch (object["result"], object["error"]) {
    case (let result?, nil): return .success(.result(id: id, result))
    case (nil, let error?):
      guard let code = error["code"]?.intValue, case .string(let message)? = error["message"] else {
        return invalid("\"error\" must have an integer \"code\" and a string \"message\"")
      }
      return .success(.error(id: id, RPCError(code: code, message: message, data: error["data"])))
    default: return invalid("an answer must have one of \"result\" and \"error\"")
    }
  }

  private static func isID(_ value: JSONValue) -> Bool {
    switch value {
    case .int, .double, .string, .null: true
    default: false
    }
  }

  /// The message as JSON.
  package var json: JSONValue {
    switch self {
    case .request(let id, let method, let params):
      var object: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
      if !params.isNull { object["params"] = params }
      return .object(object)
    case .notification(let method, let params):
      var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
      if !params.isNull { object["params"] = params }
      return .object(object)
    case .result(let id, let result): return ["jsonrpc": "2.0", "id": id, "result": result]
    case .error(let id, let error): return ["jsonrpc": "2.0", "id": id, "error": error.json]
    }
  }

  /// The message as a line: compact JSON and `\n`.
  package var line: [UInt8] {
    var bytes: [UInt8] = []
    json.write(to: &bytes)
    bytes.append(0x0A)
    return bytes
  }
}
