/// What a plugin asks of the host (`host/…` methods): a screen's requests, as a Swift screen makes
/// them through its `ScreenContext`.
package enum HostAction: Equatable, Sendable {
  /// `host/setBadge`: sets (or with `nil` clears) the badge of the screen's tab.
  case setBadge(String?)
  /// `host/setBarHidden`: hides or shows the bar (the bar's own flag).
  case setBarHidden(Bool)
  /// `host/setHidesBar`: hides the bar while the screen is on the selected tab's stack.
  case setHidesBar(Bool)
  /// `host/selectTab`: selects a tab (a position, an id or a title), programmatically.
  case selectTab(String)
  /// `host/push`: pushes a new screen of a type onto the selected tab's stack.
  case push(type: String, title: String?, hidesBar: Bool)
  /// `host/present`: presents a new screen of a type modally.
  case present(type: String)
  /// `host/dismiss`: dismisses the presented screen.
  case dismiss
  /// `host/log`: a line for the event stream (`trace on`).
  case log(String)
  /// `host/setNeedsDisplay`: the screen's content changed; draw it again if it is visible.
  case setNeedsDisplay
}

/// One request or notification from the plugin, read as a ``HostAction`` — or the error to answer
/// it with when it is not one (an unknown method, wrong parameters). Such a mistake is not a
/// fault: the host answers a request with the error (``PluginClient/answer(_:failure:)``) and
/// reports a notification's.
package struct HostRequest: Equatable, Sendable {
  /// The id to answer, or `nil` for a notification.
  package var id: JSONValue?
  /// The method.
  package var method: String
  /// The screen that asks (`params.screen`); `nil` only for `host/log`, which may name none.
  package var screen: String?
  /// What it asks, or why it cannot be read.
  package var action: Result<HostAction, RPCError>

  /// Makes a request.
  package init(
    id: JSONValue?, method: String, screen: String?, action: Result<HostAction, RPCError>
  ) {
    self.id = id
    self.method = method
    self.screen = screen
    self.action = action
  }

  /// Reads a message of the plugin's own.
  package init(_ message: IncomingMessage) {
    id = message.id
    method = message.method
    screen = message.params["screen"]?.stringValue
    do throws(ProtocolMistake) {
      action = .success(try Self.action(message))
    } catch {
      let code =
        error.message.hasPrefix("unknown method") ? RPCError.methodNotFound : RPCError.invalidParams
      action = .failure(RPCError(code: code, message: error.message))
    }
  }

  private static func action(_ message: IncomingMessage) throws(ProtocolMistake) -> HostAction {
    let method = message.method
    guard method.hasPrefix("host/") else { throw ProtocolMistake("unknown method '\(method)'") }
    let params = message.params == .null ? .object(JSONObject()) : message.params
    let fields = try JSONFields(params, place: "'\(method)'")
    if method != "host/log" { _ = try fields.string("screen") }
    switch method.dropFirst(5) {
    case "setBadge":
      guard let value = fields.object["value"] else {
        throw ProtocolMistake("'\(method)': \"value\" is missing (null clears the badge)")
      }
      switch value {
      case .null: return .setBadge(nil)
      case .string(let text): return .setBadge(text)
      case .int(let number): return .setBadge(String(number))
      default: throw fields.mistake("value", "a string, a whole number or null", value)
      }
    case "setBarHidden": return .setBarHidden(try required(fields, "hidden"))
    case "setHidesBar": return .setHidesBar(try required(fields, "hides"))
    case "selectTab":
      if let position = fields.object["tab"]?.intValue { return .selectTab(String(position)) }
      return .selectTab(try fields.string("tab"))
    case "push":
      return .push(
        type: try fields.string("type"), title: try fields.optionalString("title"),
        hidesBar: try fields.bool("hidesBar", default: false))
    case "present": return .present(type: try fields.string("type"))
    case "dismiss": return .dismiss
    case "log": return .log(try fields.string("message"))
    case "setNeedsDisplay": return .setNeedsDisplay
    default: throw ProtocolMistake("unknown method '\(method)'")
    }
  }

  private static func required(_ fields: JSONFields, _ key: String) throws(ProtocolMistake) -> Bool
  {
    guard fields.object[key] != nil else {
      throw ProtocolMistake("\(fields.place): \"\(key)\" is missing")
    }
    return try fields.bool(key, default: false)
  }
}
