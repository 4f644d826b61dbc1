@_spi(Host) import TabShellKit
import TabShellRendering

/// A colour `expect style` checks a cell for (docs/Contract.md, "Pictures, recordings,
/// locators"): a name (`red`: its palette entry, its bright form, and a 24-bit colour nearest to
/// either), `default` (the terminal's own), an entry of the palette `0`–`255`, or `#RRGGBB`;
/// the last two exactly.
enum ColorExpectation: Equatable, Sendable {
  /// One of the eight names, by its number (0 black … 7 white).
  case named(Int)
  case terminal
  case exactly(Canvas.Color)

  static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// The colour a word names; an error that says what a colour is otherwise.
  init(_ word: String) throws(LanguageError) {
    let lowered = word.lowercased()
    if let index = Self.names.firstIndex(of: lowered) {
      self = .named(index)
    } else if lowered == "default" {
      self = .terminal
    } else if let index = UInt8(word) {
      self = .exactly(.indexed(index))
    } else if word.hasPrefix("#"), word.utf8.count == 7,
      let value = UInt32(word.dropFirst(), radix: 16)
    {
      self = .exactly(
        .rgb(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
    } else {
      throw .failed(
        "\(quoted(word)) is not a colour: a name (" + Self.names.joined(separator: ", ")
          + ", default), 0 to 255, or #RRGGBB")
    }
  }

  /// Whether a cell's colour is this one.
  func matches(_ color: Canvas.Color) -> Bool {
    switch self {
    case .terminal: return color == .terminal
    case .exactly(let expected): return color == expected
    case .named(let index):
      switch color {
      case .terminal: return false
      case .indexed(let entry): return Int(entry) == index || Int(entry) == index + 8
      case .rgb(let red, let green, let blue):
        let nearest = ANSI.sixteenIndex(red: red, green: green, blue: blue)
        return nearest == index || nearest == index + 8
      }
    }
  }

  /// A cell's colour in words: `default`, `2`, `#0a14c8`.
  static func describe(_ color: Canvas.Color) -> String {
    switch color {
    case .terminal: "default"
    case .indexed(let entry): String(entry)
    case .rgb(let red, let green, let blue):
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }
}
