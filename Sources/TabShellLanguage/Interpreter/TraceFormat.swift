import TabShellKit

/// How `trace on` and `trace json` write events.
enum TraceFormat {
  /// A readable line: `viewWillAppear b`, `did-select 2 b`, `did-bounce left`.
  static func readable(_ event: ShellEvent) -> String {
    let name = event.name.rawValue
    switch event {
    case .didBounce(let direction): return "\(name) \(direction.rawValue)"
    case .badgeChanged(let tab, let id, let value): return "\(name) \(tab) \(id) \(value ?? "none")"
    case .tabMoved(let from, let to, let id): return "\(name) \(from) -> \(to) \(id)"
    case .screenLog(let screen, let message), .screenFailed(let screen, let message),
      .requestFailed(let screen, let message):
      return "\(name) \(screen): \(message)"
    default:
      if let screen = event.screen { return "\(name) \(screen)" }
      if let tab = event.tab, let id = event.tabID { return "\(name) \(tab) \(id)" }
      return name
    }
  }

  /// One JSON object: `{"event":"viewWillAppear","screen":"b"}`,
  /// `{"event":"did-select","tab":2,"id":"b"}`.
  static func json(_ event: ShellEvent) -> String {
    var json = "{\"event\":\""
    json.append(event.name.rawValue)
    json.append("\"")
    if let screen = event.screen {
      json.append(",\"screen\":")
      JSONText.appendString(screen, to: &json)
    }
    if case .tabMoved(let from, _, _) = event { json.append(",\"from\":\(from)") }
    if let tab = event.tab { json.append(",\"tab\":\(tab)") }
    if let id = event.tabID {
      json.append(",\"id\":")
      JSONText.appendString(id, to: &json)
    }
    switch event {
    case .didBounce(let direction): json.append(",\"direction\":\"\(direction.rawValue)\"")
    case .badgeChanged(_, _, let value): json.append(",\"value\":" + JSONText.optional(value))
    case .screenLog(_, let message), .screenFailed(_, let message), .requestFailed(_, let message):
      json.append(",\"message\":")
      JSONText.appendString(message, to: &json)
    default: break
    }
    json.append("}")
    return json
  }
}
