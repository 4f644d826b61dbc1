/// Keeps what a program writes away from faults of libvterm 0.1.4's parser and state, which would
/// crash or hang the shell.
///
/// - A CSI's parameters are counted without a bound: the 17th is written past the 16 slots, over
///   the parser's own state (`ESC [ 1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1 m` crashed the shell). Each
///   separator past the 15th is left out, with the digits after it.
/// - REP (`ESC [ N b`, repeat the last character) loops for ever when the last character printed
///   took no column (none yet, after a reset, a combining mark): `ESC [ b` alone hung the shell
///   (Vim's copy of libvterm has the same fix). Unless the last character printed was printable
///   ASCII, an intermediate byte is put before REP's final byte, which makes it a sequence libvterm
///   does not know and ignores (it repeats nothing, as tmux does when it has no last character).
///
/// - A cursor restored (ESC 8, `CSI ? 1049 l`) is where it was saved, also when the screen has
///   shrunk since: the next line or character is written past the end of libvterm's arrays. The
///   guard lets the emulator settle its state (``filter(_:_:settle:)``) right after each, and at
///   the first point between sequences after a resize (``settleWanted``): it puts the cursor back
///   inside the screen.
///
/// The guard follows the parser far enough for that, across writes: escape sequences (their
/// intermediates and final byte are no text: `ESC ( 0`, `ESC # 5`); ESC `[`, leader bytes, digits
/// and separators, intermediates, a final byte; C0 controls inside executed without ending it;
/// ESC, CAN and SUB ending it; strings (OSC, DCS, SOS, PM, APC) ended by BEL or ESC. It takes every
/// `ESC [` for a CSI, also inside a string, where libvterm ends the string instead: the most it
/// changes there is text after a malformed string.
struct ParameterGuard {
  private enum State {
    /// Text: the characters printed.
    case ground
    /// After ESC.
    case escape
    /// After ESC and intermediate bytes (`ESC ( 0`, `ESC # 8`): the final byte is no text.
    case escapeIntermediates
    /// After ESC `[`: leader bytes (`<`, `=`, `>`, `?`) may come.
    case leader
    /// In the parameters, after this many separators.
    case parameters(Int)
    /// Leaving out the parameters past the last slot.
    case dropping
    /// After the parameters: intermediate bytes, then the final byte.
    case intermediates
    /// In a string, which BEL or ESC ends.
    case string
  }

  /// What to do with a byte.
  private enum Action {
    case keep, drop
    /// Keep it, after an intermediate byte.
    case keepAfterIntermediate
  }

  /// The most separators a CSI keeps: 16 parameters.
  static let maximumSeparators = 15

  private var state = State.ground
  /// Whether the emulator wants to settle its state (``filter(_:_:settle:)``) at the next point
  /// between sequences.
  var settleWanted = false
  /// Whether the parser is between sequences, where bytes of the emulator's own can go in.
  var isBetweenSequences: Bool {
    if case .ground = state { return true }
    return false
  }
  /// Whether the CSI under way has a leader byte, or an intermediate byte.
  private var marked = false
  /// Whether the last character printed is printable ASCII: REP is safe.
  private var repeatable = false

  /// The intermediate byte that makes REP unknown to libvterm.
  private static let neutralizer: [UInt8] = [UInt8(ascii: "#")]

  /// Hands `bytes` on to `write` as they are, or in pieces without the bytes left out (and with
  /// an intermediate byte before an unsafe REP's final byte); calls `settle` between two pieces
  /// at the first point between sequences after a cursor restore (ESC 8, a mode reset) or while
  /// ``settleWanted``.
  mutating func filter(
    _ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) -> Void,
    settle: () -> Void = {}
  ) {
    if settleWanted, isBetweenSequences {
      settleWanted = false
      settle()
    }
    var kept = 0
    var index = 0
    let count = bytes.count
    while index < count {
      if case .ground = state {
        // Only an ESC starts a sequence: text is skipped in a tight loop, then its last printed
        // character looked at.
        let start = index
        while index < count, bytes[index] != 0x1B { index += 1 }
        notePrinted(bytes[start..<index])
        guard index < count else { break }
      }
      switch take(bytes[index]) {
      case .keep:
        break
      case .drop:
        if index > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index])) }
        kept = index + 1
      case .keepAfterIntermediate:
        if index > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index])) }
        Self.neutralizer.withUnsafeBytes { write($0) }
        kept = index
      }
      if settleWanted, isBetweenSequences {
        if index >= kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept...index])) }
        kept = index + 1
        settleWanted = false
        settle()
      }
      index += 1
    }
    if count > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<count])) }
  }

  /// Text printed: whether its last printed character is printable ASCII (a run of controls
  /// only changes nothing).
  private mutating func notePrinted(_ text: Slice<UnsafeRawBufferPointer>) {
    for byte in text.reversed() where byte >= 0x20 && byte != 0x7F {
      repeatable = byte < 0x7F
      return
    }
  }

  /// Takes one byte outside text.
  private mutating func take(_ byte: UInt8) -> Action {
    switch byte {
    case 0x00, 0x7F: return .keep  // ignored by libvterm
    case 0x18, 0x1A:  // CAN, SUB: the sequence or string is cancelled
      state = .ground
      return .keep
    case 0x1B:
      state = .escape
      return .keep
    case 0x07:
      if case .string = state { state = .ground }
      return .keep
    case 0x01..<0x20: return .keep  // executed, the sequence goes on
    default: break
    }
    switch state {
    case .ground, .string:
      return .keep
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .leader
        marked = false
      case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
        UInt8(ascii: "_"):
        // What libvterm makes of what follows is not followed here: no REP after it is safe.
        state = .string
        repeatable = false
      case UInt8(ascii: "c"):  // RIS: no last character
        state = .ground
        repeatable = false
      case 0x20...0x2F:
        state = .escapeIntermediates
      case UInt8(ascii: "8"):  // DECRC: the cursor saved may be outside a screen since shrunk
        state = .ground
        settleWanted = true
      default:
        state = .ground
      }
      return .keep
    case .escapeIntermediates:
      if !(0x20...0x2F).contains(byte) { state = .ground }
      return .keep
    case .leader:
      if (0x3C...0x3F).contains(byte) {
        marked = true
        return .keep
      }
      state = .parameters(0)
      return take(byte)
    case .parameters(let separators):
      switch byte {
      case 0x30...0x39:
        return .keep
      case 0x3A, 0x3B:  // `:` and `;`
        guard separators < Self.maximumSeparators else {
          state = .dropping
          return .drop
        }
        state = .parameters(separators + 1)
        return .keep
      default:
        state = .intermediates
        return take(byte)
      }
    case .dropping:
      if (0x30...0x3B).contains(byte) { return .drop }
      state = .intermediates
      return take(byte)
    case .intermediates:
      if (0x20...0x2F).contains(byte) {
        marked = true
        return .keep
      }
      state = .ground
      if byte == UInt8(ascii: "b"), !marked, !repeatable { return .keepAfterIntermediate }
      // A mode reset: `CSI ? 1048 l` and `CSI ? 1049 l` restore the cursor saved.
      if byte == UInt8(ascii: "l") { settleWanted = true }
      return .keep
    }
  }
}
