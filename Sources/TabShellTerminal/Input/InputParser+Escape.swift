extension InputParser {
  /// A token that starts with ESC: Esc itself (decided later, see ``InputDecoder/flushPending()``),
  /// Alt with a key, a CSI or SS3 sequence, or either of those with an extra ESC for Alt
  /// (`ESC ESC [ D` is Alt-←).
  static func escape(_ bytes: [UInt8]) -> Result {
    guard bytes.count > 1 else { return .incomplete }
    if let answer = terminalString(bytes) { return answer }
    switch bytes[1] {
    case UInt8(ascii: "["): return controlSequence(bytes, at: 0, alt: false)
    case UInt8(ascii: "O"): return singleShift(bytes, at: 0, alt: false)
    case 0x1B:
      guard bytes.count > 2 else { return .incomplete }
      switch bytes[2] {
      case UInt8(ascii: "["): return controlSequence(bytes, at: 1, alt: true)
      case UInt8(ascii: "O"): return singleShift(bytes, at: 1, alt: true)
      default: return .event(keyEvent(.escape, .alt), length: 2)
      }
    default:
      switch single(bytes, at: 1) {
      case .event(.key(var key), let length):
        key.modifiers.insert(.meta)
        return .event(.key(key), length: length + 1)
      case .incomplete: return .incomplete
      default: return .event(keyEvent(.escape), length: 1)
      }
    }
  }

  /// `ESC O` and a final byte (with optional modifier digits): the arrows, Home, End and F1–F4 as
  /// terminals send them in application mode. `ESC O` followed by a byte that cannot end it is
  /// Alt-O.
  private static func singleShift(_ bytes: [UInt8], at start: Int, alt: Bool) -> Result {
    let index: Int
    switch finalByte(bytes, at: start, body: 0x30...0x3F) {
    case .found(let found): index = found
    case .ended(let result): return result
    }
    let final = bytes[index]
    guard let fields = numbers(bytes[(start + 2)..<index]) else {
      return .event(.unknown, length: index + 1)
    }
    let modifier = fields.count > 1 ? fields[1] : fields.first ?? nil
    let code: KeyCode? =
      switch final {
      case UInt8(ascii: "M"): .enter
      case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final) - Int(UInt8(ascii: "P")) + 1)
      default: cursorKey(final)
      }
    guard let code else { return .event(.unknown, length: index + 1) }
    return .event(keyEvent(code, modifiers(modifier, alt: alt)), length: index + 1)
  }

  private enum Scan {
    /// The index of the final byte (0x40–0x7E).
    case found(Int)
    /// What the sequence is without a final byte: incomplete, over-long, cut by a byte that
    /// cannot continue it.
    case ended(Result)
  }

  /// Finds the final byte of the sequence whose introducer (two bytes) is at `start`, after bytes
  /// in `body`.
  private static func finalByte(_ bytes: [UInt8], at start: Int, body: ClosedRange<UInt8>) -> Scan {
    var index = start + 2
    while index < bytes.count, body.contains(bytes[index]) {
      index += 1
      if index - start > InputDecoder.maximumSequenceLength {
        return .ended(.overlong(length: index))
      }
    }
    guard index < bytes.count else { return .ended(.incomplete) }
    guard (0x40...0x7E).contains(bytes[index]) else {
      if index == start + 2 { return .ended(introducerAlone(bytes, at: start)) }
      return .ended(.event(.unknown, length: index))
    }
    return .found(index)
  }

  /// `ESC [` or `ESC O` followed by a byte that cannot continue a sequence: Alt-[ or Alt-O, or,
  /// after a second ESC, Alt-Esc (the `[` or `O` is then decoded on its own).
  private static func introducerAlone(_ bytes: [UInt8], at start: Int) -> Result {
    let code: KeyCode = start == 0 ? .character(Unicode.Scalar(bytes[1])) : .escape
    return .event(keyEvent(code, .alt), length: 2)
  }

  /// The arrows, Home and End by their final byte.
  static func cursorKey(_ final: UInt8) -> KeyCode? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// `ESC [`, parameter and intermediate bytes, and a final byte. A byte that cannot continue the
  /// sequence ends it as unknown (it is decoded on its own); right after `ESC [` it makes the two
  /// bytes Alt-[.
  static func controlSequence(_ bytes: [UInt8], at start: Int, alt: Bool) -> Result {
    let index: Int
    switch finalByte(bytes, at: start, body: 0x20...0x3F) {
    case .found(let found): index = found
    case .ended(let result): return result
    }
    let final = bytes[index]
    let parameters = bytes[(start + 2)..<index]
    let length = index + 1
    if parameters.isEmpty {
      switch final {
      // X10 mouse: three more bytes (button, column, row, each plus 32).
      case UInt8(ascii: "M"):
        guard bytes.count >= length + 3 else { return .incomplete }
        return .event(x10Mouse(bytes[length..<(length + 3)]), length: length + 3)
      // The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
      case UInt8(ascii: "["):
        guard bytes.count > length else { return .incomplete }
        let letter = bytes[length]
        guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else {
          return .event(.unknown, length: length)
        }
        return .event(keyEvent(.function(Int(letter - UInt8(ascii: "A")) + 1)), length: length + 1)
      case UInt8(ascii: "I"): return .event(.focus(true), length: length)
      case UInt8(ascii: "O"): return .event(.focus(false), length: length)
      default: break
      }
    }
    if parameters.first == UInt8(ascii: "<") {
      return .event(sgrMouse(parameters.dropFirst(), final: final), length: length)
    }
    if parameters.elementsEqual("200".utf8), final == UInt8(ascii: "~") {
      return .pasteStart(length: length)
    }
    return .event(csiKey(parameters, final: final, alt: alt), length: length)
  }
}

extension InputParser {
  /// The longest string from the terminal kept whole (``terminalString(_:)``); the rest of a
  /// longer one is dropped up to its end.
  static let maximumStringLength = 4_096

  /// A string the terminal sends as an answer: DCS (`ESC P`, as DECRQSS, XTVERSION and XTGETTCAP
  /// answer), OSC (`ESC ]`, a colour's answer), APC (`ESC _`, the kitty graphics protocol's), PM
  /// and SOS (`ESC ^`, `ESC X`), ended by ST (`ESC \`) or BEL, or cut by CAN, SUB or another
  /// ESC. It is ``InputEvent/Kind/unknown``, which no focus types, but for a default colour's
  /// answer ended by ST or BEL (``InputEvent/Kind/colorReport(_:)``), which no focus types either.
  ///
  /// `nil` when the bytes cannot be such an answer, and the ESC is Alt with the key after it: what
  /// follows the introducer is no answer's start (DCS answers start with a digit, `>`, `!` or `=`,
  /// OSC answers with a digit), or a control other than those comes before the end (a key typed
  /// after Alt-P in the same read). `ESC P` and the like alone are incomplete: with nothing after
  /// them they are Alt-P (``InputDecoder/flushPending()``).
  static func terminalString(_ bytes: [UInt8]) -> Result? {
    let introducer = bytes[1]
    switch introducer {
    case UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      break
    default: return nil
    }
    guard bytes.count > 2 else { return .incomplete }
    let first = bytes[2]
    switch introducer {
    case UInt8(ascii: "P"):
      guard (0x30...0x39).contains(first) || ">!=".utf8.contains(first) else { return nil }
    case UInt8(ascii: "]"):
      guard (0x30...0x39).contains(first) else { return nil }
    default:
      guard (0x20...0x7E).contains(first) else { return nil }
    }
    var index = 3
    while index < bytes.count {
      switch bytes[index] {
      case 0x07: return .event(answer(bytes, end: index), length: index + 1)
      case 0x18, 0x1A: return .event(.unknown, length: index + 1)
      case 0x1B:
        guard index + 1 < bytes.count else { return .incomplete }
        guard bytes[index + 1] == UInt8(ascii: "\\") else { return .event(.unknown, length: index) }
        return .event(answer(bytes, end: index), length: index + 2)
      case 0..<0x20, 0x7F: return nil
      default: break
      }
      index += 1
      if index > maximumStringLength { return .overlongString(length: index) }
    }
    return .incomplete
  }

  /// A whole answer's kind: a colour reported (``ColorReport``, OSC 10 or 11), else unknown.
  private static func answer(_ bytes: [UInt8], end: Int) -> InputEvent.Kind {
    guard bytes[1] == UInt8(ascii: "]"), let report = ColorReport.parse(bytes[2..<end]) else {
      return .unknown
    }
    return .colorReport(report)
  }
}
