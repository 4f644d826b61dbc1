import TabShellJSON
@_spi(Host) import TabShellKit

/// How `trace json` writes events (`trace on` writes each event's `description`).
package enum TraceFormat {
  /// One JSON object, `{"event":"viewWillAppear","screen":"b"}`,
  /// `{"event":"did-select","tab":2,"id":"b"}` or `{"event":"exited","screen":"t","tab":1,"status":3}`,
  /// built in `buffer` (whose capacity is kept from line to line): a trace writes many lines, and
  /// bytes grow faster than a string.
  static func json(_ event: ShellEvent, buffer bytes: inout [UInt8]) -> String {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(contentsOf: Key.event)
    append(event.name.rawValue, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    if let screen = event.screen { field(Key.screen, string: screen, into: &bytes) }
    if case .tabMoved(let from, _, _) = event { field(Key.from, number: from, into: &bytes) }
    if let tab = event.tab { field(Key.tab, number: tab, into: &bytes) }
    if let id = event.tabID { field(Key.id, string: id, into: &bytes) }
    switch event {
    case .didBounce(let direction): field(Key.direction, string: direction.rawValue, into: &bytes)
    case .badgeChanged(_, _, let value):
      if let value {
        field(Key.value, string: value, into: &bytes)
      } else {
        bytes.append(contentsOf: Key.value)
        append("null", to: &bytes)
      }
    case .screenLog(_, let message), .screenFailed(_, let message), .requestFailed(_, let message):
      field(Key.message, string: message, into: &bytes)
    case .exited(_, _, let status): field(Key.status, number: status, into: &bytes)
    default: break
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The JSON object of `event` as `trace json` writes it (for a session's `events` stream).
  package static func json(_ event: ShellEvent) -> String {
    var buffer: [UInt8] = []
    return json(event, buffer: &buffer)
  }

  /// The keys, as bytes: `,"screen":` and so on.
  private enum Key {
    static let event = Array(#"{"event":""#.utf8)
    static let screen = key("screen")
    static let from = key("from")
    static let tab = key("tab")
    static let id = key("id")
    static let direction = key("direction")
    static let value = key("value")
    static let message = key("message")
    static let status = key("status")

    static func key(_ name: String) -> [UInt8] {
      Array(#",""#.utf8) + Array(name.utf8) + Array(#"":"#.utf8)
    }
  }

  /// Appends the UTF-8 of `text` at once.
  @inline(__always)
  static func append(_ text: String, to bytes: inout [UInt8]) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if done == nil { bytes.append(contentsOf: text.utf8) }
  }

  private static func field(_ key: [UInt8], number: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: key)
    append(String(number), to: &bytes)
  }

  private static func field(_ key: [UInt8], string: String, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: key)
    bytes.append(UInt8(ascii: "\""))
    JSONWriter.appendEscaped(string, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }
}
