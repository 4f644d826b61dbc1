@_spi(Host) import TabShellKit
import TabShellRPC

extension ScreenRequest {
  /// Reads a process plugin's `host/…` request as the request a Swift screen makes through its
  /// context (docs/ProcessPlugins.md, "Requests to the host"), or the error to answer it with.
  package static func read(_ request: HostRequest) -> Result<ScreenRequest, RPCError> {
    switch request.fields() {
    case .failure(let error): return .failure(error)
    case .success(let (name, fields)):
      do throws(ProtocolMistake) {
        guard let read = try read(name, fields) else { return .failure(request.unknownMethod) }
        return .success(read)
      } catch {
        return .failure(RPCError(code: RPCError.invalidParams, message: error.message))
      }
    }
  }

  private static func read(_ name: Substring, _ fields: JSONFields) throws(ProtocolMistake)
    -> ScreenRequest?
  {
    switch name {
    case "setBadge":
      guard let value = fields.object["value"] else {
        throw ProtocolMistake("\(fields.place): \"value\" is missing (null clears the badge)")
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
        try fields.string("type"), title: try fields.optionalString("title"),
        hidesBar: try fields.bool("hidesBar", default: false))
    case "present": return .present(try fields.string("type"))
    case "dismiss": return .dismiss
    case "log": return .log(try fields.string("message"))
    case "setNeedsDisplay": return .setNeedsDisplay
    case "setTitle": return .setTitle(try fields.string("title"))
    case "bell": return .bell
    case "activity": return .activity
    case "exited": return .exited(status: try fields.int("status"))
    default: return nil
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
