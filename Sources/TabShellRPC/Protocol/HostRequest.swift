import TabShellJSON

/// One request or notification from the plugin (a `host/…` method): its id, method, the screen
/// that asks and its parameters. The host reads what is asked (the core's `ScreenRequest`, one
/// definition for Swift and process screens); a mistake there (an unknown method, wrong
/// parameters) is not a fault: the host answers a request with the error
/// (``PluginClient/answer(_:error:)``) and reports a notification's.
package struct HostRequest: Equatable, Sendable {
  /// The id to answer, or `nil` for a notification.
  package var id: JSONValue?
  /// The method.
  package var method: String
  /// The screen that asks (`params.screen`); `nil` only for `host/log`, which may name none.
  package var screen: String?
  /// Its parameters (an object, `null` when it had none).
  package var params: JSONValue

  /// Makes a request.
  package init(id: JSONValue?, method: String, screen: String?, params: JSONValue) {
    self.id = id
    self.method = method
    self.screen = screen
    self.params = params
  }

  /// Reads a message of the plugin's own.
  package init(_ message: IncomingMessage) {
    id = message.id
    method = message.method
    screen = message.params["screen"]?.stringValue
    params = message.params
  }

  /// Reads the parameters of a `host/…` method, for the host's reader of requests: the fields
  /// (`screen` checked for every method but `host/log`) and the method's name after `host/`; a
  /// mistake is the error to answer with (``RPCError/methodNotFound`` for an unknown method).
  package func fields() -> Result<(name: Substring, fields: JSONFields), RPCError> {
    guard method.hasPrefix("host/") else { return .failure(unknownMethod) }
    let params = params == .null ? .object(JSONObject()) : params
    do throws(ProtocolMistake) {
      let fields = try JSONFields(params, place: "'\(method)'")
      if method != "host/log" { _ = try fields.string("screen") }
      return .success((method.dropFirst(5), fields))
    } catch {
      return .failure(RPCError(code: RPCError.invalidParams, message: error.message))
    }
  }

  /// The error for a method the host does not know.
  package var unknownMethod: RPCError {
    RPCError(code: RPCError.methodNotFound, message: "unknown method '\(method)'")
  }
}
