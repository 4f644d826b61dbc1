@_spi(Host) import TabShellKit

/// Writes JSON text by hand, without Foundation: string literals, and `state --json`'s object with
/// its keys sorted.
enum JSONText {
  /// Appends `text` as a JSON string literal.
  static func appendString(_ text: String, to json: inout String) {
    json.append("\"")
    if !text.utf8.contains(where: {
      $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20
    }) {
      json.append(text)
    } else {
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": json.append("\\\"")
        case "\\": json.append("\\\\")
        case "\n": json.append("\\n")
        case "\r": json.append("\\r")
        case "\t": json.append("\\t")
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            json.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
          } else {
            json.unicodeScalars.append(scalar)
          }
        }
      }
    }
    json.append("\"")
  }

  /// `text` as a JSON string literal.
  static func string(_ text: String) -> String {
    var json = ""
    appendString(text, to: &json)
    return json
  }

  /// A string or `null`.
  static func optional(_ text: String?) -> String {
    text.map(string) ?? "null"
  }

  /// The state as one line, keys sorted: `{"action":...,"barHidden":...,"modal":...,"selected":...,
  /// "tabs":[...],"visible":...}`.
  static func state(_ state: ShellState) -> String {
    var json = "{\"action\":"
    if let action = state.action {
      json += "{\"icon\":" + string(action.icon) + ",\"title\":" + string(action.title)
      json += ",\"type\":" + string(action.type) + "}"
    } else {
      json += "null"
    }
    json += ",\"barHidden\":\(state.barHidden),\"modal\":" + optional(state.modal)
    json += ",\"selected\":" + (state.selected.map { String($0) } ?? "null") + ",\"tabs\":["
    for (index, tab) in state.tabs.enumerated() {
      if index > 0 { json += "," }
      json += "{\"badge\":" + optional(tab.badge) + ",\"enabled\":\(tab.enabled)"
      json += ",\"icon\":" + string(tab.icon) + ",\"id\":" + string(tab.id)
      json += ",\"loaded\":\(tab.loaded),\"position\":\(tab.position)"
      json += ",\"selectedIcon\":" + string(tab.selectedIcon) + ",\"stack\":["
      json += tab.stack.map(string).joined(separator: ",")
      json += "],\"title\":" + string(tab.title) + ",\"type\":" + string(tab.type) + "}"
    }
    json += "],\"visible\":" + optional(state.visible) + "}"
    return json
  }
}
