/// A session's name (docs/Sessions.md, "Where the socket is"): 1 to 64 of `A-Z a-z 0-9 _ . -`, not
/// starting with `.` or `-`, so that it is a file name of its own in the socket folder and never an
/// option or a hidden file.
package struct SessionName: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The name.
  package let text: String

  /// The longest name, in characters.
  package static let maximumLength = 64

  /// The name `text`, or `nil` when it breaks the rule.
  package init?(_ text: String) {
    guard Self.isValid(text) else { return nil }
    self.text = text
  }

  /// Whether `text` is a valid session name.
  package static func isValid(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard (1...maximumLength).contains(bytes.count), bytes[0] != UInt8(ascii: "."),
      bytes[0] != UInt8(ascii: "-")
    else { return false }
    return bytes.allSatisfy(isNameByte)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
      UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// The name.
  package var description: String { text }
}
