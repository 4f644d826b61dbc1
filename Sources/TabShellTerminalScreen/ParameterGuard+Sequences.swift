/// What the guard takes from libvterm 0.1.4 for the emulator to do instead (``ParameterGuard``),
/// as xterm and tmux do it.
enum Replacement: Equatable {
  /// `CSI s` (SCOSC): save the cursor, as `ESC 7` does.
  case saveCursor
  /// `CSI u` (SCORC): restore the cursor, as `ESC 8` does.
  case restoreCursor
  /// CUD (`CSI n B`) or CNL (`CSI n E`, `toLineStart`): `count` rows down (at least 1), stopping at
  /// the scroll region's bottom when the cursor is not below it.
  case cursorDown(Int, toLineStart: Bool)
  /// CUU (`CSI n A`) or CPL (`CSI n F`, `toLineStart`): `count` rows up (at least 1), stopping at
  /// the scroll region's top when the cursor is not above it.
  case cursorUp(Int, toLineStart: Bool)
  /// DECSTBM (`CSI top ; bottom r`), its parameters as written (``ParameterGuard/missingParameter``
  /// for one left out): ignored unless its top is above its bottom.
  case scrollRegion(top: Int, bottom: Int)
  /// After DECALN (`ESC # 8`), which libvterm fills the screen for: the scroll region reset and the
  /// cursor home.
  case alignment
  /// Backspace (BS in text): to the last column from the pending wrap, else one column left.
  case backspace
  /// SGR (`CSI … m`), read as tmux reads it (``SGRParameters``): libvterm reads the colon forms
  /// wrongly and lacks several attributes.
  case sgr(SGRParameters)
  /// After libvterm saved the cursor and its pen (`ESC 7`, `CSI ? 1048 h`, `CSI ? 1049 h`): the
  /// emulator saves its own pen, which has what libvterm's lacks.
  case cursorSaved
  /// After libvterm restored them (`ESC 8`, `CSI ? 1048 l`, `CSI ? 1049 l`).
  case cursorRestored
  /// After a reset (RIS, `ESC c`; DECSTR, `CSI ! p`): the pen is the default one.
  case reset
  /// SM or RM (DECSET or DECRST when `isPrivate`) of several modes, `numbers` as written (each in
  /// 0...2^31 − 1): each set or reset in turn, a sequence of one mode each to libvterm, which
  /// takes the first parameter only.
  case modes([Int32], isPrivate: Bool, set: Bool)
}

extension ParameterGuard {
  /// Takes a byte after ESC (and intermediates).
  mutating func takeEscape(_ byte: UInt8) -> Action {
    switch byte {
    case UInt8(ascii: "["):
      state = .leader
      marked = false
      leaders = 0
    case UInt8(ascii: "]"):  // OSC: its number says whether it is the clipboard's
      state = .oscNumber(nil)
      repeatable = false
    case UInt8(ascii: "P"):  // DCS
      state = .string
      repeatable = false
    case 0x20...0x2F:
      if escapeIntermediates == 0 { firstIntermediate = byte }
      escapeIntermediates = min(escapeIntermediates + 1, 2)
    case 0x40...0x5F where escapeIntermediates == 0:  // a C1 control
      switch byte {
      case UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
        // SOS, PM, APC: libvterm takes the C1 control (and ignores it), the string is left out.
        state = .ignoredString
        repeatable = false
      default:
        state = .ground
        modes.executeC1(byte)
      }
    case 0x30...0x7E:
      state = .ground
      modes.escape(byte, intermediates: escapeIntermediates, first: firstIntermediate)
      if escapeIntermediates == 1, firstIntermediate == UInt8(ascii: "#"), byte == UInt8(ascii: "8")
      {
        return .keepThen(.alignment)
      }
      guard escapeIntermediates == 0 else { break }
      // RIS: no last character; DECRC: the cursor saved may be outside a screen since shrunk.
      switch byte {
      case UInt8(ascii: "c"):
        repeatable = false
        marginMode = false
        return .keepThen(.reset)
      case UInt8(ascii: "7"): return .keepThen(.cursorSaved)
      case UInt8(ascii: "8"):
        settleWanted = true
        return .keepThen(.cursorRestored)
      default: break
      }
    default:
      break  // past 0x7F: libvterm stays in the escape sequence
    }
    return .keep
  }

  /// Takes the byte after an ESC in a string, which libvterm did not get (``State/escapeInString``):
  /// `\` ends the string (BEL to libvterm); CAN and SUB cancel it; another control is executed,
  /// the ESC still waiting (but BEL, left out); any other byte ends the string and starts an escape
  /// sequence (CAN and ESC to libvterm before it).
  mutating func takeAfterEscapeInString(_ byte: UInt8) -> Action {
    switch byte {
    case UInt8(ascii: "\\"):
      state = .ground
      return .endString
    case 0x18, 0x1A:
      state = .ground
      return .keep
    case 0x07:
      return .drop
    case 0x00..<0x20, 0x7F:
      if byte != 0x1B {
        modes.execute(byte)
        return .keep
      }
      state = .escape
      return .keepAfterCancel(nil)
    default:
      state = .escape
      if case .keepThen(let replacement) = takeEscape(byte) { return .keepAfterCancel(replacement) }
      return .keepAfterCancel(nil)
    }
  }

  /// Takes a CSI's final byte.
  mutating func takeFinal(_ byte: UInt8) -> Action {
    if !marked, let replacement = replacement(for: byte) { return .replace(replacement) }
    if byte == UInt8(ascii: "b"), !marked, !repeatable { return .keepAfterIntermediate }
    // DECSTR (`CSI ! p`): libvterm resets its pen.
    if byte == UInt8(ascii: "p"), leaders == 0, csiIntermediates == 1,
      csiFirstIntermediate == UInt8(ascii: "!")
    {
      return .keepThen(.reset)
    }
    guard byte == UInt8(ascii: "h") || byte == UInt8(ascii: "l") else { return .keep }
    // A mode reset: `CSI ? 1048 l` and `CSI ? 1049 l` restore the cursor saved.
    if byte == UInt8(ascii: "l") { settleWanted = true }
    // SM and RM, DEC's or not: libvterm takes one leader byte, no intermediate, and the first
    // parameter's low 31 bits (`CSI_ARG`).
    guard csiIntermediates == 0, leaders == 0 || (leaders == 1 && leader == UInt8(ascii: "?"))
    else { return .keep }
    let isSet = byte == UInt8(ascii: "h")
    if sgr.items.count > 1, !sgr.isIgnored {
      // Several: libvterm 0.1.4 would set the first only (ncurses' `CSI ? 1006 ; 1000 h` left the
      // mouse off); xterm and tmux set each in turn, and so does the emulator, a mode a sequence.
      let numbers = sgr.items.map(\.value).filter { $0 != SGRParameters.missing }
      for number in numbers { noteMode(Int(number), to: isSet) }
      return .replace(.modes(numbers, isPrivate: leaders == 1, set: isSet))
    }
    let number = firstParameter & Self.missingParameter
    guard number != Self.missingParameter else { return .keep }
    noteMode(number, to: isSet)
    if leaders == 1, number == 1048 || number == 1049 {
      return .keepThen(isSet ? .cursorSaved : .cursorRestored)
    }
    return .keep
  }

  /// Follows a mode of the SM or RM under way set or reset: the modes plain text depends on, and
  /// the left and right margin mode.
  private mutating func noteMode(_ number: Int, to value: Bool) {
    modes.setMode(number, isPrivate: leaders == 1, to: value)
    if leaders == 1, number == 69 { marginMode = value }
  }

  /// What the emulator does instead of the CSI with no leader or intermediate byte that `final`
  /// ends, or `nil` for one libvterm does right.
  private mutating func replacement(for final: UInt8) -> Replacement? {
    // A count as libvterm reads it (`CSI_ARG_COUNT`): left out or 0 is 1.
    let first = firstParameter & Self.missingParameter
    let count = first == Self.missingParameter || first == 0 ? 1 : first
    switch final {
    case UInt8(ascii: "s") where !marginMode: return .saveCursor
    case UInt8(ascii: "u"):
      settleWanted = true
      return .restoreCursor
    case UInt8(ascii: "A"): return .cursorUp(count, toLineStart: false)
    case UInt8(ascii: "B"): return .cursorDown(count, toLineStart: false)
    case UInt8(ascii: "E"): return .cursorDown(count, toLineStart: true)
    case UInt8(ascii: "F"): return .cursorUp(count, toLineStart: true)
    case UInt8(ascii: "r"):
      return .scrollRegion(
        top: first, bottom: secondParameter & Self.missingParameter)
    case UInt8(ascii: "m") where csiIntermediates == 0: return .sgr(sgr)
    default: return nil
    }
  }
}
