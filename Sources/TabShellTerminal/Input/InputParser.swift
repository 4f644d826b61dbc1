/// Decodes the token at the start of a byte buffer: one key, character, mouse report or sequence.
///
/// Pure and prefix-monotone: a result other than `.incomplete` depends only on the bytes it
/// consumed and on the byte right after them, never on where the buffer ends, so the events are the
/// same however the input is split.
enum InputParser {
  enum Result: Equatable {
    /// The buffer holds the start of a token; more bytes are needed.
    case incomplete
    /// A token of `length` bytes.
    case event(InputEvent.Kind, length: Int)
    /// `ESC [ 200 ~`: a bracketed paste starts after these bytes.
    case pasteStart(length: Int)
    /// A sequence longer than the limit: report these bytes and drop the rest of it.
    case overlong(length: Int)
    /// A string from the terminal longer than the limit: report these bytes and drop the rest of
    /// it, up to its end (ST, BEL, CAN or SUB).
    case overlongString(length: Int)
  }

  static func parse(_ bytes: [UInt8]) -> Result {
    guard let first = bytes.first else { return .incomplete }
    if first == 0x1B { return escape(bytes) }
    return single(bytes, at: 0)
  }

  /// A token that is not an escape sequence: a control byte, a printable character, UTF-8. Its
  /// length counts from `start`.
  static func single(_ bytes: [UInt8], at start: Int) -> Result {
    let byte = bytes[start]
    if byte < 0x80, byte != 0x1B { return .event(ascii(byte), length: 1) }
    return utf8(bytes, at: start)
  }

  /// The token a byte below 0x80 other than ESC is, alone: a control or a printable character.
  static func ascii(_ byte: UInt8) -> InputEvent.Kind {
    switch byte {
    case 0x0D: keyEvent(.enter)
    case 0x09: keyEvent(.tab)
    case 0x7F: keyEvent(.backspace)
    case 0x00: keyEvent(.character(" "), .control)
    case 0x01...0x1A: keyEvent(.character(Unicode.Scalar(byte + 0x60)), .control)
    case 0x1C...0x1F: keyEvent(.character(Unicode.Scalar(byte + 0x40)), .control)
    default: keyEvent(.character(Unicode.Scalar(byte)))
    }
  }

  private static func key(_ code: KeyCode, _ modifiers: KeyModifiers = [], length: Int = 1)
    -> Result
  {
    .event(keyEvent(code, modifiers), length: length)
  }

  /// The number of bytes of a UTF-8 character that starts with `lead` (0 for a byte that cannot
  /// start one).
  static func utf8Length(lead: UInt8) -> Int {
    switch lead {
    case 0x00...0x7F: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
  }

  /// A UTF-8 character: printable text, or the invalid bytes as unknown (strictly: no overlong
  /// forms, no surrogates, nothing past U+10FFFF; C1 controls are unknown too).
  private static func utf8(_ bytes: [UInt8], at start: Int) -> Result {
    let lead = bytes[start]
    let length = utf8Length(lead: lead)
    guard length > 1 else { return .event(.unknown, length: 1) }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard start + offset < bytes.count else { return .incomplete }
      let byte = bytes[start + offset]
      // The second byte's range rules out overlong forms, surrogates and values past U+10FFFF.
      let range: ClosedRange<UInt8> =
        switch (offset, lead) {
        case (1, 0xE0): 0xA0...0xBF
        case (1, 0xED): 0x80...0x9F
        case (1, 0xF0): 0x90...0xBF
        case (1, 0xF4): 0x80...0x8F
        default: 0x80...0xBF
        }
      guard range.contains(byte) else { return .event(.unknown, length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value), value >= 0xA0 else {
      return .event(.unknown, length: length)
    }
    return key(.character(scalar), length: length)
  }
}
