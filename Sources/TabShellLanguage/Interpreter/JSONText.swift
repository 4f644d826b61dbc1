@_spi(Host) import TabShellKit

/// Writes JSON text by hand, without Foundation: string literals, and `state --json`'s object with
/// its keys sorted.
enum JSONText {
  /// Appends `text` as a JSON string literal.
  static func appendString(_ text: String, to json: inout String) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    bytes.append(UInt8(ascii: "\""))
    appendEscaped(text, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    json += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 of `text` escaped for a JSON string (without the quotes): `"` and `\`, and
  /// every control character — C0, DEL and C1 — as `\uXXXX` (or `\n`, `\r`, `\t`), so that a JSON
  /// line written to a terminal carries no escape sequence.
  static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    let utf8 = text.utf8
    let plain = utf8.allSatisfy {
      $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }
    if plain {
      bytes.append(contentsOf: utf8)
      return
    }
    var previous: UInt8 = 0
    for byte in utf8 {
      defer { previous = byte }
      switch byte {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case ..<0x20, 0x7F: appendUnicodeEscape(UInt32(byte), to: &bytes)
      case 0xC2: break  // Written with the byte after it.
      case 0x80...0x9F where previous == 0xC2: appendUnicodeEscape(UInt32(byte), to: &bytes)
      default:
        if previous == 0xC2 { bytes.append(0xC2) }
        bytes.append(byte)
      }
    }
  }

  private static func appendUnicodeEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    bytes += Array(#"\u00"#.utf8)
    bytes.append(hex[Int(value >> 4 & 0xF)])
    bytes.append(hex[Int(value & 0xF)])
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
