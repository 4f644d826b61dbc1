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
/// The guard follows libvterm's parser byte for byte, across writes (its `vterm_input_write`):
/// escape sequences (ESC and a byte from `@` to `_` a C1 control, intermediates, a final byte, a
/// byte past 0x7F ignored inside); ESC `[`, leader bytes, digits and separators, intermediates, a
/// final byte; C0 controls executed wherever they come; ESC, CAN and SUB ending a sequence; the
/// strings (OSC, DCS) ended by BEL or ESC `\`, an ESC and another byte ending one and starting a
/// sequence. (SOS, PM and APC are no strings to libvterm 0.1.4: ESC `X`, `^` and `_` are C1
/// controls it ignores, and the text after them is printed.)
///
/// On the way it keeps the modes that decide whether libvterm prints printable ASCII plainly
/// (``PlainTextModes``) and hands such runs to the emulator, which writes most of their
/// characters to the cells itself (``filter(_:_:settle:plain:)``).
struct ParameterGuard {
  private enum State {
    /// Text: the characters printed.
    case ground
    /// After ESC and ``escapeIntermediates`` intermediate bytes.
    case escape
    /// After ESC `[`: leader bytes (`<`, `=`, `>`, `?`) may come.
    case leader
    /// In the parameters, after this many separators.
    case parameters(Int)
    /// Leaving out the parameters past the last slot.
    case dropping
    /// After the parameters: intermediate bytes, then the final byte.
    case intermediates
    /// In a string (OSC, DCS), which BEL or ESC `\` ends.
    case string
    /// After an ESC in a string: `\` ends the string, another byte starts an escape sequence.
    case escapeInString
  }

  /// What to do with a byte.
  private enum Action {
    case keep, drop
    /// Keep it, after an intermediate byte.
    case keepAfterIntermediate
  }

  /// The most separators a CSI keeps: 16 parameters.
  static let maximumSeparators = 15
  /// The fewest characters of printable ASCII that go to the emulator's `plain`: for fewer, moving
  /// libvterm's cursor past them (a CSI parsed) and the calls cost about what libvterm's printing
  /// saves (some 190 instructions a character).
  static let plainRun = 8
  /// libvterm's value of a parameter left out (`CSI_ARG_MISSING`).
  static let missingParameter = 0x7FFF_FFFF

  private var state = State.ground
  /// Whether the emulator wants to settle its state (``filter(_:_:settle:plain:)``) at the next
  /// point between sequences.
  var settleWanted = false
  /// Whether the parser is between sequences, where bytes of the emulator's own can go in.
  var isBetweenSequences: Bool {
    if case .ground = state { return true }
    return false
  }
  /// The modes that decide whether printable ASCII is printed plainly.
  private(set) var modes = PlainTextModes()
  /// Whether the last byte was text (printable, or past 0x7F): libvterm decodes the text that
  /// follows with what it decoded it with, not as a run of its own.
  private var afterText = false
  /// Whether the CSI under way has a leader byte, or an intermediate byte.
  private var marked = false
  /// The intermediate bytes of the escape sequence under way (counted up to 2), and the first.
  private var escapeIntermediates = 0
  private var firstIntermediate: UInt8 = 0
  /// The CSI under way: its leader bytes (counted up to 2) and the first, its first parameter as
  /// libvterm reads it (``missingParameter`` when left out), its intermediate bytes (up to 2).
  private var leaders = 0
  private var leader: UInt8 = 0
  private var firstParameter = 0
  private var csiIntermediates = 0
  /// Whether the last character printed is printable ASCII: REP is safe.
  private var repeatable = false

  /// The intermediate byte that makes REP unknown to libvterm.
  private static let neutralizer: [UInt8] = [UInt8(ascii: "#")]

  /// Hands `bytes` on to `write` as they are, or in pieces without the bytes left out (and with
  /// an intermediate byte before an unsafe REP's final byte); calls `settle` between two pieces
  /// at the first point between sequences after a cursor restore (ESC 8, a mode reset) or while
  /// ``settleWanted``.
  ///
  /// With `plain`, a run of printable ASCII (``plainRun`` characters at least) that libvterm would
  /// print plainly (``PlainTextModes``) and that starts a run of text of its own goes to libvterm a
  /// character at a time, each
  /// followed by `plain` with that character and the rest of the run but its last character:
  /// `plain` writes as many of the rest as it can to the cells itself, moves libvterm's cursor
  /// past them, and says how many it wrote, which libvterm then does not get.
  mutating func filter(
    _ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) -> Void,
    settle: () -> Void = {}, plain: ((UnsafeRawBufferPointer) -> Int)? = nil
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
        index = takeText(bytes, from: index, kept: &kept, write: write, plain: plain)
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

  /// Takes text from `start` up to the next ESC (its index, or the end): the controls in it, and
  /// the runs of printable ASCII, which go to `plain` when it can take them.
  private mutating func takeText(
    _ bytes: UnsafeRawBufferPointer, from start: Int, kept: inout Int,
    write: (UnsafeRawBufferPointer) -> Void, plain: ((UnsafeRawBufferPointer) -> Int)?
  ) -> Int {
    var index = start
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x7F else {
        switch byte {
        case 0x1B:
          return index
        case 0x80...:
          afterText = true
          repeatable = false
        default:
          // A control or DEL ends libvterm's run of text.
          modes.execute(byte)
          afterText = false
        }
        index += 1
        continue
      }
      let run = index
      repeat { index += 1 } while index < count && bytes[index] >= 0x20 && bytes[index] < 0x7F
      repeatable = true
      if let plain, !afterText, !modes.singleShift, modes.printsPlainly {
        // A character to libvterm (which wraps the line, and takes a wrap pending), then as many
        // of the next ones as the emulator can write, but the run's last, which libvterm prints
        // so that it knows it (a combining mark after it, REP).
        // When none fits twice running (the cursor stays in the last column: no autowrap), the
        // rest goes to libvterm at once; so does a short run.
        var next = run
        var stuck = 0
        while index - next >= Self.plainRun, stuck < 2 {
          write(UnsafeRawBufferPointer(rebasing: bytes[kept...next]))
          next += 1
          let written = plain(UnsafeRawBufferPointer(rebasing: bytes[(next - 1)..<(index - 1)]))
          stuck = written == 0 ? stuck + 1 : 0
          next += written
          kept = next
        }
      }
      afterText = true
      modes.singleShift = false
    }
    return index
  }

  /// Takes one byte outside text.
  private mutating func take(_ byte: UInt8) -> Action {
    switch byte {
    case 0x00, 0x7F: return .keep  // ignored by libvterm
    case 0x18, 0x1A:  // CAN, SUB: the sequence or string is cancelled
      state = .ground
      afterText = false
      return .keep
    case 0x1B:
      if case .string = state { state = .escapeInString } else { state = .escape }
      escapeIntermediates = 0
      afterText = false
      return .keep
    case 0x07:
      if case .string = state { state = .ground }
      return .keep
    case 0x01..<0x20:  // executed, the sequence goes on
      modes.execute(byte)
      return .keep
    default: break
    }
    switch state {
    case .ground, .string:
      return .keep
    case .escapeInString:
      if byte == UInt8(ascii: "\\") {
        state = .ground
        return .keep
      }
      state = .escape
      return takeEscape(byte)
    case .escape:
      return takeEscape(byte)
    case .leader:
      if (0x3C...0x3F).contains(byte) {
        if leaders == 0 { leader = byte }
        leaders = min(leaders + 1, 2)
        marked = true
        return .keep
      }
      state = .parameters(0)
      firstParameter = Self.missingParameter
      return take(byte)
    case .parameters(let separators):
      switch byte {
      case 0x30...0x39:
        // libvterm's arithmetic: a `long` that wraps, and a value of exactly the missing mark
        // taken as missing.
        if separators == 0 {
          if firstParameter == Self.missingParameter { firstParameter = 0 }
          firstParameter = firstParameter &* 10 &+ Int(byte - 0x30)
        }
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
        csiIntermediates = 0
        return take(byte)
      }
    case .dropping:
      if (0x30...0x3B).contains(byte) { return .drop }
      state = .intermediates
      csiIntermediates = 0
      return take(byte)
    case .intermediates:
      if (0x20...0x2F).contains(byte) {
        csiIntermediates = min(csiIntermediates + 1, 2)
        marked = true
        return .keep
      }
      state = .ground
      guard (0x40...0x7E).contains(byte) else { return .keep }  // not a CSI: ignored
      return takeFinal(byte)
    }
  }

  /// Takes a byte after ESC (and intermediates).
  private mutating func takeEscape(_ byte: UInt8) -> Action {
    switch byte {
    case UInt8(ascii: "["):
      state = .leader
      marked = false
      leaders = 0
    case UInt8(ascii: "]"), UInt8(ascii: "P"):  // OSC, DCS
      state = .string
      repeatable = false
    case 0x20...0x2F:
      if escapeIntermediates == 0 { firstIntermediate = byte }
      escapeIntermediates = min(escapeIntermediates + 1, 2)
    case 0x40...0x5F where escapeIntermediates == 0:  // a C1 control
      state = .ground
      modes.executeC1(byte)
    case 0x30...0x7E:
      state = .ground
      modes.escape(byte, intermediates: escapeIntermediates, first: firstIntermediate)
      guard escapeIntermediates == 0 else { break }
      // RIS: no last character; DECRC: the cursor saved may be outside a screen since shrunk.
      if byte == UInt8(ascii: "c") { repeatable = false }
      if byte == UInt8(ascii: "8") { settleWanted = true }
    default:
      break  // past 0x7F: libvterm stays in the escape sequence
    }
    return .keep
  }

  /// Takes a CSI's final byte.
  private mutating func takeFinal(_ byte: UInt8) -> Action {
    if byte == UInt8(ascii: "b"), !marked, !repeatable { return .keepAfterIntermediate }
    guard byte == UInt8(ascii: "h") || byte == UInt8(ascii: "l") else { return .keep }
    // A mode reset: `CSI ? 1048 l` and `CSI ? 1049 l` restore the cursor saved.
    if byte == UInt8(ascii: "l") { settleWanted = true }
    // SM and RM, DEC's or not: libvterm takes one leader byte, no intermediate, and the first
    // parameter's low 31 bits (`CSI_ARG`).
    let number = firstParameter & Self.missingParameter
    guard csiIntermediates == 0, leaders == 0 || (leaders == 1 && leader == UInt8(ascii: "?")),
      number != Self.missingParameter
    else { return .keep }
    modes.setMode(number, isPrivate: leaders == 1, to: byte == UInt8(ascii: "h"))
    return .keep
  }
}
