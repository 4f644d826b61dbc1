import Testing

@testable import TabShellTerminalScreen

/// A program's OSC 52 is taken out whole by the guard (``ParameterGuard``, its `clipboard`): split
/// across writes anywhere, ended by BEL or ST, cancelled by CAN or SUB, by ESC and another byte,
/// dropped past its bound; libvterm gets `ESC ] 52` and CAN, the text around it, and every other
/// string as it was.
struct ParameterGuardClipboardTests {
  /// What the guard hands libvterm and the clipboard for `input` written in pieces that end at
  /// `splits`.
  static func filtered(_ input: [UInt8], splits: [Int] = []) -> (written: [UInt8], taken: [String])
  {
    var parameterGuard = ParameterGuard()
    var written: [UInt8] = []
    var taken: [String] = []
    var start = 0
    for end in splits + [input.count] {
      input[start..<end].withUnsafeBytes { piece in
        parameterGuard.filter(piece) {
          written += $0
        } clipboard: {
          taken.append(String(decoding: $0, as: UTF8.self))
        }
      }
      start = end
    }
    return (written, taken)
  }

  struct Case: Sendable, CustomStringConvertible {
    var input: String
    var written: String
    var taken: [String]
    init(_ input: String, _ written: String, _ taken: [String]) {
      self.input = input
      self.written = written
      self.taken = taken
    }
    var description: String { input.debugDescription }
  }

  static let cases: [Case] = [
    // Ended by BEL, by ST: the text around it prints.
    Case("a\u{1B}]52;c;aGVsbG8=\u{7}b", "a\u{1B}]52\u{18}b", ["c;aGVsbG8="]),
    Case("a\u{1B}]52;c;aGk=\u{1B}\\b", "a\u{1B}]52\u{18}b", ["c;aGk="]),
    Case("\u{1B}]52;;\u{7}\u{1B}]52;p;?\u{7}", "\u{1B}]52\u{18}\u{1B}]52\u{18}", [";", "p;?"]),
    Case("\u{1B}]052;s0;YQ\u{7}", "\u{1B}]052\u{18}", ["s0;YQ"]),
    // C0 controls inside are left out, also between ESC and `\`.
    Case("\u{1B}]52;c;aG\r\nk=\u{0}\u{7}x", "\u{1B}]52\u{18}x", ["c;aGk="]),
    Case("\u{1B}]52;c;aGk=\u{1B}\u{1}\u{7F}\\x", "\u{1B}]52\u{18}x", ["c;aGk="]),
    // CAN and SUB cancel it; ESC and another byte drop it and start an escape sequence.
    Case("\u{1B}]52;c;aGk=\u{18}x", "\u{1B}]52\u{18}\u{18}x", []),
    Case("\u{1B}]52;c;aGk=\u{1B}\u{18}x", "\u{1B}]52\u{18}\u{18}x", []),
    Case("\u{1B}]52;c;aGk=\u{1A}x", "\u{1B}]52\u{18}\u{1A}x", []),
    Case("\u{1B}]52;c;aGk=\u{1B}7x", "\u{1B}]52\u{18}\u{18}\u{1B}7x", []),
    Case(
      "\u{1B}]52;c;aGk=\u{1B}]2;title\u{7}x", "\u{1B}]52\u{18}\u{18}\u{1B}]2;title\u{7}x", []),
    Case("\u{1B}]52;c;aGk=\u{1B}\u{1B}[Hx", "\u{1B}]52\u{18}\u{18}\u{1B}\u{1B}[Hx", []),
    // Another OSC, a DCS, an OSC 52 without its `;`: as they were.
    Case("\u{1B}]2;52;x\u{7}", "\u{1B}]2;52;x\u{7}", []),
    Case("\u{1B}]521;x\u{7}\u{1B}]5;x\u{7}", "\u{1B}]521;x\u{7}\u{1B}]5;x\u{7}", []),
    Case("\u{1B}]52\u{7}\u{1B}];52;x\u{7}", "\u{1B}]52\u{7}\u{1B}];52;x\u{7}", []),
    Case("\u{1B}P52;x\u{1B}\\", "\u{1B}P52;x\u{7}", []),
    Case("\u{1B}]0;t\u{1B}\\\u{1B}]52;c;YQ==\u{7}", "\u{1B}]0;t\u{7}\u{1B}]52\u{18}", ["c;YQ=="]),
    // Text past 0x7F inside is kept for the decoder to refuse.
    Case("\u{1B}]52;c;é\u{7}ü", "\u{1B}]52\u{18}ü", ["c;é"]),
  ]

  @Test(arguments: cases)
  func takesOutTheString(_ test: Case) {
    let input = Array(test.input.utf8)
    let expected = (Array(test.written.utf8), test.taken)
    #expect(Self.filtered(input) == expected)
    // Split anywhere once, and a byte a write.
    for split in 0...input.count {
      #expect(Self.filtered(input, splits: [split]) == expected, "split at \(split)")
    }
    #expect(Self.filtered(input, splits: Array(1..<max(1, input.count))) == expected)
  }

  /// A string past the bound is dropped whole, what it held freed as soon as it went past, and
  /// the next one is taken.
  @Test func dropsAStringPastItsBound() {
    var parameterGuard = ParameterGuard()
    var written: [UInt8] = []
    var taken: [[UInt8]] = []
    func write(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { piece in
        parameterGuard.filter(piece) {
          written += $0
        } clipboard: {
          taken.append($0)
        }
      }
    }
    write(Array("x\u{1B}]52;c;".utf8))
    let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 64 << 10)
    // What is held after each chunk: what came, up to the bound, then nothing.
    var held: [Int?] = []
    var expected: [Int?] = []
    var sent = 2
    for _ in 0..<80 {
      write(chunk)
      held.append(parameterGuard.clipboardString?.count)
      sent += chunk.count
      expected.append(sent <= ParameterGuard.clipboardLimit ? sent : nil)
    }
    #expect(held == expected)
    #expect(expected.contains(nil))
    write(Array("\u{7}y\u{1B}]52;c;YQ\u{1B}\\z".utf8))
    #expect(written == Array("x\u{1B}]52\u{18}y\u{1B}]52\u{18}z".utf8))
    #expect(taken == [Array("c;YQ".utf8)])
    #expect(parameterGuard.clipboardString == [])
    #expect(parameterGuard.isBetweenSequences)
  }

  /// Exactly the bound is taken.
  @Test func takesAStringOfTheBound() {
    let data = [UInt8](repeating: UInt8(ascii: "A"), count: ParameterGuard.clipboardLimit - 2)
    let input = Array("\u{1B}]52;c;".utf8) + data + [0x07]
    let (written, taken) = Self.filtered(input, splits: [10, 70_000])
    #expect(written == Array("\u{1B}]52\u{18}".utf8))
    #expect(taken == [String(decoding: Array("c;".utf8) + data, as: UTF8.self)])
    let over = Array("\u{1B}]52;c;A".utf8) + data + [0x07]
    #expect(Self.filtered(over, splits: [10, 70_000]).taken == [])
  }
}
