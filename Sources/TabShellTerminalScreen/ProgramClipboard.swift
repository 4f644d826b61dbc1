/// The text a program's OSC 52 sets (docs/Contract.md, "Copy mode, buffers and the clipboard"),
/// from its `Pc;Pd` as the guard took it out (``ParameterGuard``).
///
/// `Pc`, the selections (`c`, `p`, `s`, `0`–`7`, none), is not looked at: there is one clipboard,
/// as in tmux. `Pd` is base64 (RFC 4648, with its padding or without), which decodes to the text
/// as `load-buffer` reads a file: UTF-8, a byte that is not as U+FFFD, NUL kept. It sets no text
/// (`nil`) when it is `?`, a query asking for the clipboard (never answered: any program could
/// read what was copied in another tab), when it is empty (tmux ignores it too), or when it is not
/// base64, and when there is no `;` after `Pc`.
enum ProgramClipboard {
  /// The text `string` (`Pc;Pd`) sets, or `nil`.
  static func text(of string: [UInt8]) -> String? {
    guard let separator = string.firstIndex(of: UInt8(ascii: ";")) else { return nil }
    let data = string[(separator + 1)...]
    guard !data.isEmpty, !data.elementsEqual([UInt8(ascii: "?")]),
      let decoded = base64Decoded(data)
    else { return nil }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// `text` decoded from base64 (RFC 4648's alphabet, padded or not), or `nil` when it is not.
  static func base64Decoded(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    var text = text
    var padding = 0
    while padding < 2, text.last == UInt8(ascii: "=") {
      text.removeLast()
      padding += 1
    }
    guard text.count % 4 != 1, padding == 0 || (text.count + padding) % 4 == 0 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(text.count * 3 / 4)
    var bits = 0
    var count = 0
    for byte in text {
      guard let value = sextet(byte) else { return nil }
      bits = (bits << 6 | value) & 0xFFFF
      count += 6
      if count >= 8 {
        count -= 8
        out.append(UInt8(truncatingIfNeeded: bits >> count))
      }
    }
    return out
  }

  /// The value of a base64 character, or `nil` for one that is not.
  private static func sextet(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
