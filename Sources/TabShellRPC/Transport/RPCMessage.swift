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

/// One parsed line from the plugin, sorted by kind.
enum RPCMessage: Equatable {
  case response(id: JSONValue, RPCResponse)
  case incoming(IncomingMessage)

  /// The message a JSON value is, or why it is none.
  static func classify(_ value: JSONValue) -> Result<RPCMessage, PluginFault> {
    guard case .object(let object) = value else {
      return .failure(.invalidMessage("a message must be an object, not \(value.kindName)"))
    }
    guard object["jsonrpc"] == .string("2.0") else {
      return .failure(.invalidMessage("\"jsonrpc\" must be \"2.0\""))
    }
    let id = object["id"]
    if let method = object["method"] {
      guard case .string(let name) = method else {
        return .failure(.invalidMessage("\"method\" must be a string"))
      }
      if let id, !isValidID(id) {
        return .failure(.invalidMessage("\"id\" must be a number or a string"))
      }
      let params = object["params"] ?? .null
      switch params {
      case .object, .array, .null: break
      default: return .failure(.invalidMessage("\"params\" must be an object or an array"))
      }
      return .success(.incoming(IncomingMessage(id: id, method: name, params: params)))
    }
    guard let id else {
      return .failure(.invalidMessage("neither \"method\" nor \"id\""))
    }
    switch (object["result"], object["error"]) {
    case (let result?, nil): return .success(.response(id: id, .result(result)))
    case (nil, let error?):
      guard let code = error["code"]?.intValue, case .string(let message)? = error["message"]
      else {
        return .failure(
          .invalidMessage("\"error\" must have an integer \"code\" and a string \"message\""))
      }
      let rpcError = RPCError(code: code, message: message, data: error["data"])
      return .success(.response(id: id, .error(rpcError)))
    default:
      return .failure(.invalidMessage("an answer must have one of \"result\" and \"error\""))
    }
  }

  private static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .int, .string: true
    default: false
    }
  }
}
