import TabShellJSON

/// A JSON-RPC 2.0 error object: an answer that refuses a request.
package struct RPCError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The code: the standard ones below, or the protocol's own (-32000 and down to -32099).
  package var code: Int
  /// A sentence for the user.
  package var message: String
  /// More, if the sender gave any.
  package var data: JSONValue?

  /// Makes an error.
  package init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The message.
  package var description: String { message }

  /// The error as the JSON object an answer carries.
  package var json: JSONValue {
    var object: JSONObject = ["code": .int(code), "message": .string(message)]
    if let data { object["data"] = data }
    return .object(object)
  }

  /// The line was not JSON (JSON-RPC's own code).
  package static let parseError = -32700
  /// The JSON was not a request.
  package static let invalidRequest = -32600
  /// No such method.
  package static let methodNotFound = -32601
  /// The parameters are wrong.
  package static let invalidParams = -32602
  /// The receiver failed in a way it did not foresee.
  package static let internalError = -32603
  /// The receiver refuses: a command fails, a screen is not made, a callback fails. The message
  /// says why and is shown to the user.
  package static let failed = -32000
  /// The plugin does not speak the host's protocol version (an answer to `initialize`).
  package static let unsupportedVersion = -32001
  /// No screen with that id (the plugin's or the host's).
  package static let unknownScreen = -32002
  /// The host could not carry out a plugin's request (the tab is gone, a modal is presented).
  package static let requestFailed = -32003
}

/// An answer to a request: its result, or an error.
package enum RPCResponse: Equatable, Sendable {
  /// It succeeded.
  case result(JSONValue)
  /// It was refused.
  case error(RPCError)
}

/// A request or a notification that the plugin sent of its own accord.
package struct IncomingMessage: Equatable, Sendable {
  /// The request's id (a number or a string), to be answered; `nil` for a notification.
  package var id: JSONValue?
  /// The method, such as `host/setBadge`.
  package var method: String
  /// The parameters; `.null` when there were none.
  package var params: JSONValue

  /// Makes a message.
  package init(id: JSONValue?, method: String, params: JSONValue) {
    self.id = id
    self.method = method
    self.params = params
  }
}

/// One JSON-RPC 2.0 message, as a line of a process plugin's pipe or of a session's connection
/// carries it: the one classifier of both (``classify(_:)``).
package enum RPCMessage: Equatable, Sendable {
  /// A request, to be answered.
  case request(id: JSONValue, method: String, params: JSONValue)
  /// A notification: no answer.
  case notification(method: String, params: JSONValue)
  /// A successful answer.
  case result(id: JSONValue, JSONValue)
  /// An error answer; `id` is `null` when the request could not be read.
  case error(id: JSONValue, RPCError)

  /// The message a line holds (without its `\n`), or the error to answer it with: ``RPCError``
  /// `parseError` when it is not JSON (nested deeper than `maxDepth` included), `invalidRequest`
  /// when it is no JSON-RPC message (``classify(_:)``).
  package static func parse(_ line: [UInt8], maxDepth: Int = JSON.defaultMaxDepth)
    -> Result<RPCMessage, RPCError>
  {
    let value: JSONValue
    do throws(JSONError) {
      value = try JSON.parse(line, maxDepth: maxDepth)
    } catch {
      return .failure(RPCError(code: RPCError.parseError, message: "not JSON: \(error)"))
    }
    return classify(value)
  }

  /// The message `value` is, or why it is none (an ``RPCError`` `invalidRequest` whose message
  /// says what is wrong). An `id`, where there is one, is a number, a string or `null`, as
  /// JSON-RPC 2.0 has it; `params` an object or an array, or missing.
  package static func classify(_ value: JSONValue) -> Result<RPCMessage, RPCError> {
    func invalid(_ message: String) -> Result<RPCMessage, RPCError> {
      .failure(RPCError(code: RPCError.invalidRequest, message: message))
    }
    guard case .object(let object) = value else {
      return invalid("a message must be an object, not \(value.kindName)")
    }
    guard object["jsonrpc"] == .string("2.0") else { return invalid(#""jsonrpc" must be "2.0""#) }
    let id = object["id"]
    if let id, !isID(id) { return invalid(#""id" must be a number, a string or null"#) }
    if let method = object["method"] {
      guard case .string(let name) = method else { return invalid(#""method" must be a string"#) }
      let params = object["params"] ?? .null
      switch params {
      case .object, .array, .null: break
      default: return invalid(#""params" must be an object or an array"#)
      }
      guard let id else { return .success(.notification(method: name, params: params)) }
      return .success(.request(id: id, method: name, params: params))
    }
    guard let id else { return invalid(#"neither "method" nor "id""#) }
    switch (object["result"], object["error"]) {
    case (let result?, nil): return .success(.result(id: id, result))
    case (nil, let error?):
      guard let code = error["code"]?.intValue, case .string(let message)? = error["message"] else {
        return invalid(#""error" must have an integer "code" and a string "message""#)
      }
      return .success(.error(id: id, RPCError(code: code, message: message, data: error["data"])))
    default: return invalid(#"an answer must have one of "result" and "error""#)
    }
  }

  private static func isID(_ value: JSONValue) -> Bool {
    switch value {
    case .int, .double, .string, .null: true
    default: false
    }
  }

  /// The message as JSON (`params` left out when `null`).
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
