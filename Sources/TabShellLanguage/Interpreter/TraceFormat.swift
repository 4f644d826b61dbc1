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

  /// One JSON object: `{"event":"viewWillAppear","screen":"b"}`, `{"event":"did-select","tab":2,"id":"b"}`.
  static func json(_ event: ShellEvent) -> String {
    var fields = ["\"event\":" + quoted(event.name.rawValue)]
    if let screen = event.screen { fields.append("\"screen\":" + quoted(screen)) }
    if case .tabMoved(let from, _, _) = event { fields.append("\"from\":\(from)") }
    if let tab = event.tab { fields.append("\"tab\":\(tab)") }
    if let id = event.tabID { fields.append("\"id\":" + quoted(id)) }
    switch event {
    case .didBounce(let direction): fields.append("\"direction\":" + quoted(direction.rawValue))
    case .badgeChanged(_, _, let value): fields.append("\"value\":" + (value.map(quoted) ?? "null"))
    case .screenLog(_, let message), .screenFailed(_, let message), .requestFailed(_, let message):
      fields.append("\"message\":" + quoted(message))
    default: break
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
