/// What of libvterm 0.1.4's state decides whether it prints a run of printable ASCII plainly: one
/// cell a character, each as it is, from the cursor on. ``ParameterGuard`` keeps it from the
/// sequences it follows, as libvterm's state takes them (its `on_control`, `on_escape`, `on_csi`
/// and `vterm_state_reset`), so that such a run can be written to the cells without libvterm
/// (``TerminalEmulator``).
///
/// Not kept, because what libvterm does with the first character of a run says it: the pen,
/// protected cells (DECSCA), double-width lines, the pending wrap, the cursor. libvterm 0.1.4 wraps
/// text at the row's width whatever the left and right margins, so they do not count, and the
/// scroll region only counts at a wrap.
struct PlainTextModes {
  /// Insert mode (IRM, `CSI 4 h`): each character moves the rest of the row right.
  var inserts = false
  /// Origin mode (DECOM, `CSI ? 6 h`): the emulator's cursor move (CUF) would be bounded by the
  /// margins.
  var origin = false
  /// The character set shifted into GL (0 to 3: SI, SO, LS2, LS3).
  var shifted = 0
  /// The character sets G0 to G3 that print ASCII as it is, a bit each: libvterm's UTF-8 decoder
  /// (each set's start, in UTF-8 mode) or US-ASCII (`ESC ( B`); not DEC's line drawing (`0`) or
  /// the UK set (`A`).
  var plainSets: UInt8 = 0b1111
  /// Whether a single shift (SS2, SS3) waits for the next character.
  var singleShift = false

  /// Whether a run of printable ASCII is printed as it is: no insert or origin mode, and the set
  /// shifted in prints ASCII. (The single shift is looked at apart: the run's first character
  /// takes it.)
  var printsPlainly: Bool { !inserts && !origin && plainSets & (1 << shifted) != 0 }

  /// Takes a C0 control, which libvterm executes wherever it comes, also inside a sequence or a
  /// string.
  mutating func execute(_ control: UInt8) {
    switch control {
    case 0x0E: shifted = 1  // LS1 (SO)
    case 0x0F: shifted = 0  // LS0 (SI)
    default: break
    }
  }

  /// Takes an escape sequence: `final` after `intermediates` intermediate bytes, the first of which
  /// is `first`. ESC followed by a byte from `@` to `_` is a C1 control, taken by
  /// ``executeC1(_:)``.
  mutating func escape(_ final: UInt8, intermediates: Int, first: UInt8) {
    if intermediates == 0 {
      switch final {
      case UInt8(ascii: "c"): self = PlainTextModes()  // RIS
      case UInt8(ascii: "n"): shifted = 2  // LS2
      case UInt8(ascii: "o"): shifted = 3  // LS3
      default: break
      }
    } else if intermediates == 1, (0x28...0x2B).contains(first) {
      // SCS: `(`, `)`, `*`, `+` designate G0 to G3; a set libvterm does not have changes nothing.
      let set: UInt8 = 1 << (first - 0x28)
      switch final {
      case UInt8(ascii: "B"): plainSets |= set
      case UInt8(ascii: "0"), UInt8(ascii: "A"): plainSets &= ~set
      default: break
      }
    }
  }

  /// Takes a C1 control written as ESC and a byte from `@` to `_` (`control` is that byte).
  mutating func executeC1(_ control: UInt8) {
    if control == UInt8(ascii: "N") || control == UInt8(ascii: "O") { singleShift = true }
  }

  /// Takes SM or RM (`CSI Pn h`, `CSI Pn l`; `CSI ? Pn h` and `l` when `isPrivate`) whose first
  /// parameter is `number` (libvterm looks at the first only).
  mutating func setMode(_ number: Int, isPrivate: Bool, to value: Bool) {
    if isPrivate {
      if number == 6 { origin = value }
    } else if number == 4 {
      inserts = value
    }
  }
}
