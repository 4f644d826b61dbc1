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
///   guard lets the emulator settle its state (``filter(_:_:settle:)``) right after each
///   (``settleWanted``): it puts the cursor back inside the screen. A resize settles it at once,
///   a sequence then under way cancelled and its rest left out (``discardRestOfSequence()``).
///
/// The guard follows libvterm's parser byte for byte, across writes (its `vterm_input_write`):
/// escape sequences (ESC and a byte from `@` to `_` a C1 control, intermediates, a final byte, a
/// byte past 0x7F ignored inside); ESC `[`, leader bytes, digits and separators, intermediates, a
/// final byte; C0 controls executed wherever they come but inside a string (OSC, DCS), where they
/// are left out as tmux ignores them; ESC, CAN and SUB ending a sequence; the
/// strings (OSC, DCS) ended by BEL or ESC `\`, an ESC and another byte ending one and starting a
/// sequence.
///
/// It also mends what libvterm 0.1.4 gets wrong where xterm and tmux agree, taking the sequence from
/// libvterm (an intermediate byte put before its final byte, or the byte left out) and having the
/// emulator do it instead (``Replacement``, handed to `replace` right after the sequence):
/// - SOS, PM and APC strings (ESC `X`, `^`, `_` … ST) are left out whole, as tmux leaves them out:
///   libvterm took ESC `X`, `^` and `_` for C1 controls it ignores and printed the text after them.
/// - A UTF-8 character that a write ends before its last byte goes to libvterm in a write of its own:
///   libvterm decodes text that starts with ASCII and text that starts past 0x7F with two decoders,
///   so the rest of the character, in the next write, went to a decoder that had not seen its start
///   (both halves were drawn as U+FFFD, and a third one came before the next ASCII text).
/// - A string's ST (`ESC \`) goes to libvterm as BEL, which ends its strings too: libvterm takes the
///   string as ending a byte before the `\` and reads it from the last write's start or the last
///   control's, so an ST whose ESC ended the write before (a read cut between them), or with a
///   control between its two bytes, gave it a string of −1 bytes, which it read past the end of
///   the write (a heap over-read). The ESC waits for the byte after it (across writes); a control
///   in between is executed as before (but BEL, which would end the string, is left out); another
///   byte ends the string with CAN (libvterm drops the string for it, as it did for ESC and that
///   byte) and starts an escape sequence with ESC.
/// - `CSI s` and `CSI u` save and restore the cursor (SCOSC, SCORC) unless the left and right
///   margin mode is set (`CSI s` is then DECSLRM), CUD, CUU, CNL and CPL stop at the scroll
///   region's edge when the cursor is inside it, a DECSTBM whose top is not above its bottom is
///   ignored, DECALN homes the cursor and resets the region, and backspace from the pending wrap
///   (past the last column) goes to the last column.
///
/// On the way it keeps the modes that decide whether libvterm prints printable ASCII plainly
/// (``PlainTextModes``) and hands such runs to the emulator, which writes most of their
/// characters to the cells itself (``filter(_:_:settle:plain:)``).
struct ParameterGuard {
  enum State {
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
    /// In an SOS, PM or APC string, left out up to the ESC that ends it (or CAN, SUB).
    case ignoredString
    /// After an ESC in a string, which libvterm did not get yet: `\` ends the string, another byte
    /// starts an escape sequence.
    case escapeInString
    /// After ESC `]`: the OSC's number so far (`nil` before its first digit), which libvterm gets
    /// too; `52 ;` starts ``clipboard``, anything else makes it a ``string``.
    case oscNumber(Int?)
    /// In an OSC 52 string (a program setting the clipboard), taken out whole
    /// (``ParameterGuard/clipboardString``): libvterm got `ESC ] 52` and CAN, which drops it.
    case clipboard
    /// After an ESC in an OSC 52 string: `\` ends it, another byte starts an escape sequence.
    case escapeInClipboard
  }

  /// What to do with a byte.
  enum Action: Equatable {
    case keep, drop
    /// Keep it, after an intermediate byte.
    case keepAfterIntermediate
    /// Keep it after CAN and ESC (a string cancelled, an escape sequence started), then have the
    /// emulator do this too, when there is one.
    case keepAfterCancel(Replacement?)
    /// Leave it out, and write BEL instead (the string's end).
    case endString
    /// Keep it after an intermediate byte (libvterm then ignores the sequence it ends), then have
    /// the emulator do this instead.
    case replace(Replacement)
    /// Keep it, then have the emulator do this too.
    case keepThen(Replacement)
    /// Leave it out, and have the emulator do this instead.
    case dropFor(Replacement)
    /// Leave it out, and write CAN instead (the string cancelled for libvterm).
    case cancelString
    /// Leave it out: the OSC 52 string ends, and goes to `clipboard` unless it was too long.
    case endClipboard
  }

  /// The most separators a CSI keeps: 16 parameters.
  static let maximumSeparators = 15
  /// The fewest characters of printable ASCII that go to the emulator's `plain`: for fewer, moving
  /// libvterm's cursor past them (a CSI parsed) and the calls cost about what libvterm's printing
  /// saves (some 190 instructions a character).
  static let plainRun = 8
  /// libvterm's value of a parameter left out (`CSI_ARG_MISSING`).
  static let missingParameter = 0x7FFF_FFFF

  var state = State.ground
  /// Whether the emulator wants to settle its state (``filter(_:_:settle:plain:)``) at the next
  /// point between sequences.
  var settleWanted = false

  /// What the guard knew of libvterm's modes when the rest of a sequence began to be left out
  /// (``discardRestOfSequence()``), while it is.
  private var beforeDiscarding: (modes: PlainTextModes, marginMode: Bool)?

  /// Leaves out the rest of the sequence or string under way, which the caller cancelled in
  /// libvterm (CAN): its bytes are followed to its end and written nowhere, and what the guard
  /// noted of them (modes, the margin mode, a clipboard string) is forgotten.
  mutating func discardRestOfSequence() {
    guard !isBetweenSequences else { return }
    beforeDiscarding = (modes, marginMode)
  }

  /// Whether the parser is between sequences, where bytes of the emulator's own can go in.
  var isBetweenSequences: Bool {
    if case .ground = state { return true }
    return false
  }
  /// The modes that decide whether printable ASCII is printed plainly.
  var modes = PlainTextModes()
  /// Whether the last byte was text (printable, or past 0x7F): libvterm decodes the text that
  /// follows with what it decoded it with, not as a run of its own.
  var afterText = false
  /// Whether the CSI under way has a leader byte, or an intermediate byte.
  var marked = false
  /// The intermediate bytes of the escape sequence under way (counted up to 2), and the first.
  var escapeIntermediates = 0
  var firstIntermediate: UInt8 = 0
  /// The CSI under way: its leader bytes (counted up to 2) and the first, its first parameter as
  /// libvterm reads it (``missingParameter`` when left out), its intermediate bytes (up to 2).
  var leaders = 0
  var leader: UInt8 = 0
  var firstParameter = 0
  var csiIntermediates = 0
  var csiFirstIntermediate: UInt8 = 0
  /// The CSI under way's parameters, all of them, for an SGR (``SGRParameters``).
  var sgr = SGRParameters()
  /// Whether the last character printed is printable ASCII: REP is safe.
  var repeatable = false
  /// The CSI under way's second parameter as libvterm reads it (``missingParameter`` when left out).
  var secondParameter = 0
  /// Whether the left and right margin mode (DECLRMM, `CSI ? 69 h`) is set: `CSI s` is DECSLRM.
  var marginMode = false
  /// The OSC 52 string under way (`Pc;Pd`, its controls left out), at most ``clipboardLimit``
  /// bytes; `nil` once it went past them (it is then dropped whole).
  var clipboardString: [UInt8]? = []

  /// The intermediate byte that makes REP unknown to libvterm.
  static let neutralizer: [UInt8] = [UInt8(ascii: "#")]
  /// What cancels a string and starts an escape sequence: CAN, ESC.
  static let cancelThenEscape: [UInt8] = [0x18, 0x1B]
  /// What ends a string: BEL.
  static let stringEnd: [UInt8] = [0x07]
  /// What cancels a string: CAN.
  static let stringCancel: [UInt8] = [0x18]

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
  ///
  /// `replace` does what a sequence taken from libvterm stands for (``Replacement``), at the point
  /// between sequences right after it (right where it was, for a control character).
  ///
  /// `clipboard` gets each OSC 52 string that ended (`Pc;Pd` as written, its C0 controls left
  /// out; one over ``clipboardLimit`` bytes is dropped), none of which reaches `write`.
  mutating func filter(
    _ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) -> Void,
    settle: () -> Void = {}, replace: (Replacement) -> Void = { _ in },
    clipboard: ([UInt8]) -> Void = { _ in },
    plain: ((UnsafeRawBufferPointer) -> Int)? = nil
  ) {
    if settleWanted, isBetweenSequences {
      settleWanted = false
      settle()
    }
    var kept = 0
    var index = 0
    let count = bytes.count
    while index < count {
      // The rest of a sequence a resize cancelled (``discardRestOfSequence()``): followed to its
      // end, written nowhere.
      if let before = beforeDiscarding {
        _ = take(bytes[index])
        index += 1
        kept = index
        if isBetweenSequences {
          (modes, marginMode) = before
          beforeDiscarding = nil
          afterText = false
          clipboardString = []
        }
        continue
      }
      if case .ground = state {
        index = takeText(
          bytes, from: index, kept: &kept, write: write, replace: replace, plain: plain)
        guard index < count else { break }
      }
      if case .clipboard = state {
        if index > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index])) }
        index = takeClipboardRun(bytes, from: index)
        kept = index
        guard index < count else { break }
      }
      let action = take(bytes[index])
      if action != .keep, index > kept {
        write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index]))
      }
      switch action {
      case .keep:
        break
      case .drop:
        kept = index + 1
      case .keepAfterIntermediate:
        Self.neutralizer.withUnsafeBytes { write($0) }
        kept = index
      case .keepAfterCancel(let replacement):
        Self.cancelThenEscape.withUnsafeBytes { write($0) }
        kept = index
        if let replacement {
          write(UnsafeRawBufferPointer(rebasing: bytes[index...index]))
          kept = index + 1
          replace(replacement)
        }
      case .endString:
        Self.stringEnd.withUnsafeBytes { write($0) }
        kept = index + 1
      case .replace(let replacement):
        Self.neutralizer.withUnsafeBytes { write($0) }
        write(UnsafeRawBufferPointer(rebasing: bytes[index...index]))
        kept = index + 1
        replace(replacement)
      case .keepThen(let replacement):
        write(UnsafeRawBufferPointer(rebasing: bytes[index...index]))
        kept = index + 1
        replace(replacement)
      case .dropFor(let replacement):
        kept = index + 1
        replace(replacement)
      case .cancelString:
        Self.stringCancel.withUnsafeBytes { write($0) }
        kept = index + 1
      case .endClipboard:
        kept = index + 1
        if let string = clipboardString { clipboard(string) }
        clipboardString = []
      }
      if settleWanted, isBetweenSequences {
        if index >= kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept...index])) }
        kept = index + 1
        settleWanted = false
        settle()
      }
      index += 1
    }
    guard count > kept else { return }
    // A UTF-8 character cut by the end of the write: its start goes to libvterm alone, so that
    // its decoder for text past 0x7F takes it (each write's text is a run of its own to libvterm,
    // decoded as its first byte says), and the rest of the character after it, in the next write.
    if case .ground = state, let cut = Self.unfinishedCharacter(bytes), cut > kept {
      write(UnsafeRawBufferPointer(rebasing: bytes[kept..<cut]))
      kept = cut
    }
    write(UnsafeRawBufferPointer(rebasing: bytes[kept..<count]))
  }

  /// Where a UTF-8 character that `bytes` end before its last byte starts, or `nil`.
  static func unfinishedCharacter(_ bytes: UnsafeRawBufferPointer) -> Int? {
    var index = bytes.count - 1
    while index >= 0, index >= bytes.count - 3 {
      let byte = bytes[index]
      if byte & 0xC0 != 0x80 {
        let length =
          switch byte {
          case 0xC0..<0xE0: 2
          case 0xE0..<0xF0: 3
          case 0xF0..<0xF8: 4
          default: 0
          }
        return length > bytes.count - index ? index : nil
      }
      index -= 1
    }
    return nil
  }

  /// Takes text from `start` up to the next ESC (its index, or the end): the controls in it, and
  /// the runs of printable ASCII, which go to `plain` when it can take them.
  private mutating func takeText(
    _ bytes: UnsafeRawBufferPointer, from start: Int, kept: inout Int,
    write: (UnsafeRawBufferPointer) -> Void, replace: (Replacement) -> Void,
    plain: ((UnsafeRawBufferPointer) -> Int)?
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
        case 0x08:
          // Backspace: the emulator's, which knows whether a wrap is pending.
          if index > kept { write(UnsafeRawBufferPointer(rebasing: bytes[kept..<index])) }
          kept = index + 1
          replace(.backspace)
          afterText = false
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
    if case .ignoredString = state {
      // tmux's `consume_st` and `apc_string`: an ESC ends it (and starts a sequence, ESC `\` the
      // ST), CAN and SUB cancel it; the rest, controls included, is left out.
      switch byte {
      case 0x1B, 0x18, 0x1A: state = .ground
      default: return .drop
      }
    }
    if case .escapeInString = state { return takeAfterEscapeInString(byte) }
    switch state {
    case .oscNumber(let number):
      if let action = takeOSCNumber(byte, number) { return action }
    case .clipboard, .escapeInClipboard:
      return takeInClipboard(byte)
    default: break
    }
    switch byte {
    case 0x00, 0x7F: return .keep  // ignored by libvterm
    case 0x18, 0x1A:  // CAN, SUB: the sequence or string is cancelled
      state = .ground
      afterText = false
      return .keep
    case 0x1B:
      escapeIntermediates = 0
      afterText = false
      if case .string = state {
        // Not written until the byte after it says what it is.
        state = .escapeInString
        return .drop
      }
      state = .escape
      return .keep
    case 0x07:
      if case .string = state { state = .ground }
      return .keep
    case 0x01..<0x20:
      // Inside a string (OSC, DCS) a control is left out, as tmux ignores it there (libvterm
      // executed it: a newline in a title moved the cursor); elsewhere it is executed and the
      // sequence goes on.
      if case .string = state { return .drop }
      modes.execute(byte)
      return .keep
    default: break
    }
    switch state {
    case .ground, .string, .ignoredString, .oscNumber, .clipboard, .escapeInClipboard:
      return .keep
    case .escapeInString:
      return .keep  // taken by takeAfterEscapeInString
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
      secondParameter = Self.missingParameter
      sgr.begin()
      return take(byte)
    case .parameters(let separators):
      switch byte {
      case 0x30...0x39:
        // libvterm's arithmetic: a `long` that wraps, and a value of exactly the missing mark
        // taken as missing.
        if separators == 0 {
          if firstParameter == Self.missingParameter { firstParameter = 0 }
          firstParameter = firstParameter &* 10 &+ Int(byte - 0x30)
        } else if separators == 1 {
          if secondParameter == Self.missingParameter { secondParameter = 0 }
          secondParameter = secondParameter &* 10 &+ Int(byte - 0x30)
        }
        sgr.digit(byte)
        return .keep
      case 0x3A, 0x3B:  // `:` and `;`
        sgr.separator(colon: byte == 0x3A)
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
      if (0x30...0x39).contains(byte) { sgr.digit(byte) }
      if byte == 0x3A || byte == 0x3B { sgr.separator(colon: byte == 0x3A) }
      if (0x30...0x3B).contains(byte) { return .drop }
      state = .intermediates
      csiIntermediates = 0
      return take(byte)
    case .intermediates:
      if (0x20...0x2F).contains(byte) {
        if csiIntermediates == 0 { csiFirstIntermediate = byte }
        csiIntermediates = min(csiIntermediates + 1, 2)
        marked = true
        return .keep
      }
      state = .ground
      guard (0x40...0x7E).contains(byte) else { return .keep }  // not a CSI: ignored
      return takeFinal(byte)
    }
  }
}
