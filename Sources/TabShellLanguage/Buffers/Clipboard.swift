/// `set clipboard off|external|on` (docs/Contract.md, "Copy mode, buffers and the clipboard"):
/// whether a copy is also sent to the outer terminal's clipboard, as OSC 52, and whether a
/// program's own OSC 52 is a copy.
package enum ClipboardPolicy: String, CaseIterable, Sendable {
  /// Nothing reaches the clipboard.
  case off
  /// Each copy is sent to the outer terminal as OSC 52 (the default).
  case external
  /// As `external`, and a terminal tab's program's own OSC 52 is a copy too.
  case on
}

/// The OSC 52 sequence that sets the outer terminal's clipboard: `ESC ] 52 ; c ; BASE64 BEL`.
/// Base64 holds no control character, so that nothing of the text reaches the terminal as a
/// sequence.
package enum ClipboardSequence {
  /// The most bytes of text sent: 100 KiB (more is not sent; terminals refuse more, or worse).
  package static let limit = 100 << 10

  /// The sequence for `text`, or `nil` when it is over ``limit``.
  package static func bytes(for text: String) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count <= limit else { return nil }
    return Array("\u{1B}]52;c;".utf8) + base64(utf8) + [0x07]
  }

  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64 (RFC 4648, padded).
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var chunk = 0
      for offset in 0..<3 {
        chunk = chunk << 8 | (offset < count ? Int(bytes[index + offset]) : 0)
      }
      for position in 0..<4 {
        out.append(
          position <= count ? alphabet[(chunk >> (18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
      }
      index += 3
    }
    return out
  }
}
