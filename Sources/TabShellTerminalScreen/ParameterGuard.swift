/// Keeps what a program writes within libvterm's 16 slots for a control sequence's parameters.
///
/// libvterm (0.1.4, and releases up to 0.3.3) counts a CSI's parameters without a bound: the
/// 17th is written past the slots, over the parser's own state, and a program that writes
/// `ESC [ 1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1 m` crashes the shell. The guard follows libvterm's
/// parser far enough to know where a CSI's parameters are (ESC `[`, leader bytes, digits and
/// separators, intermediates, a final byte; C0 controls inside executed without ending it; ESC,
/// CAN and SUB ending it) and leaves out each separator past the 15th with the digits after it,
/// across writes. A terminal reads at most 16 parameters anyway; none of the programs' drawing
/// needs more.
///
/// It takes every `ESC [` for a CSI, also inside an OSC or DCS string, where libvterm ends the
/// string instead: the most it changes there is text after a malformed string.
struct ParameterGuard {
  private enum State {
    /// Text, or anything but a CSI.
    case ground
    /// After ESC.
    case escape
    /// After ESC `[`: leader bytes (`<`, `=`, `>`, `?`) may come.
    case leader
    /// In the parameters, after this many separators.
    case parameters(Int)
    /// Leaving out the parameters past the last slot.
    case dropping
    /// After the parameters: intermediate bytes, then the final byte.
    case intermediates
  }

  /// The most separators a CSI keeps: 16 parameters.
  static let maximumSeparators = 15

  private var state = State.ground

  /// Hands `bytes` on to `write` as they are, or in pieces without the bytes left out.
  mutating func filter(_ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) -> Void) {
    var kept = 0
    var index = 0
    let count = bytes.count
    while index < count {
      if case .ground = state {
        // Only an ESC starts a sequence: text is skipped in a tight loop.
        while index < count, bytes[index] != 0x1B { index += 1 }
        guard index < count else { break }
      }
      if take(bytes[index]) {
        if index > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index])) }
        kept = index + 1
      }
      index += 1
    }
    if count > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<count])) }
  }

  /// Takes one byte; whether to leave it out.
  private mutating func take(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x00, 0x7F: return false  // ignored by libvterm
    case 0x18, 0x1A:  // CAN, SUB: the sequence is cancelled
      state = .ground
      return false
    case 0x1B:
      state = .escape
      return false
    case 0x01..<0x20: return false  // executed, the sequence goes on
    default: break
    }
    switch state {
    case .ground:
      return false
    case .escape:
      state = byte == UInt8(ascii: "[") ? .leader : .ground
      return false
    case .leader:
      if (0x3C...0x3F).contains(byte) { return false }
      state = .parameters(0)
      return take(byte)
    case .parameters(let separators):
      switch byte {
      case 0x30...0x39:
        return false
      case 0x3A, 0x3B:  // `:` and `;`
        guard separators < Self.maximumSeparators else {
          state = .dropping
          return true
        }
        state = .parameters(separators + 1)
        return false
      default:
        state = .intermediates
        return take(byte)
      }
    case .dropping:
      if (0x30...0x3B).contains(byte) { return true }
      state = .intermediates
      return take(byte)
    case .intermediates:
      if !(0x20...0x2F).contains(byte) { state = .ground }
      return false
    }
  }
}
