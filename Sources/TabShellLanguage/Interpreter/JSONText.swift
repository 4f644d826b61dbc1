import TabShellJSON
@_spi(Host) import TabShellKit
import TabShellRendering

/// JSON text without Foundation: `state --json`'s line, and string literals for the host's
/// hand-made JSON lines (TAP's YAML, the test report).
package enum JSONText {
  /// Appends `text` as a JSON string literal (escaped as ``JSONWriter/appendEscaped(_:to:)`` says).
  static func appendString(_ text: String, to json: inout String) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    JSONWriter.appendString(text, to: &bytes)
    json += String(decoding: bytes, as: UTF8.self)
  }

  /// `text` as a JSON string literal.
  package static func string(_ text: String) -> String {
    var json = ""
    appendString(text, to: &json)
    return json
  }

  /// The state as `state --json` prints it: the encoding of the core's `ShellState`, on one line,
  /// keys sorted, with `"bar":"compact"` when the view draws the compact bar.
  static func state(_ state: ShellState, bar: BarStyle = .full) throws -> String {
    var json = try JSONValueEncoder.encode(state, sortedKeys: true)
    if bar == .compact, case .object(var object) = json {
      object["bar"] = .string(bar.rawValue)
      json = .object(JSONObject(uniqueMembers: object.members.sorted { $0.key < $1.key }))
    }
    return json.serialized
  }
}
