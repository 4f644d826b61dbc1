/// A program's OSC 52 (`ESC ] 52 ; Pc ; Pd`, ended by BEL or ST), which sets the clipboard
/// (docs/Contract.md, "Copy mode, buffers and the clipboard"): the guard takes it out whole, across
/// writes, and hands its `Pc;Pd` to the emulator (``filter(_:_:settle:replace:clipboard:plain:)``).
///
/// libvterm 0.1.4 gets `ESC ] 52` as the OSC's number comes (an OSC of another number goes on to
/// it unchanged), then CAN for the `;`, which drops the string; nothing after it reaches libvterm
/// (it would keep no more than the first 64 bytes of a string split over writes anyway). What is
/// held while the string comes is bounded (``clipboardLimit``): past it the string is dropped, and
/// what was held freed, up to its end.
extension ParameterGuard {
  /// The most bytes of an OSC 52 string held (`Pc;Pd`): 1 MiB, tmux 3.3a's bound on a string
  /// (`INPUT_BUF_LIMIT`), past which it drops the string too. Base64 of 768 KiB of text.
  static let clipboardLimit = 1 << 20

  /// Takes a byte of an OSC's number (`number`, `nil` before its first digit): a digit goes on
  /// with it, `;` after 52 starts the clipboard's string (CAN to libvterm instead); anything else
  /// makes it a string as any other, taken as such (`nil`).
  mutating func takeOSCNumber(_ byte: UInt8, _ number: Int?) -> Action? {
    switch byte {
    case 0x30...0x39:
      // Bounded: a number past 52's digits is another OSC, whatever its value.
      state = .oscNumber(min((number ?? 0) * 10 + Int(byte - 0x30), 1_000))
      return .keep
    case UInt8(ascii: ";") where number == 52:
      state = .clipboard
      clipboardString = []
      return .cancelString
    default:
      state = .string
      return nil
    }
  }

  /// Takes a byte of an OSC 52 string, or after an ESC in it, all left out: BEL or ESC `\` ends
  /// it; CAN and SUB cancel it (they go on to libvterm, in whose ground they do nothing); ESC and
  /// another byte drop it and start an escape sequence; a C0 control is left out, as tmux leaves
  /// it out of a string.
  mutating func takeInClipboard(_ byte: UInt8) -> Action {
    if case .escapeInClipboard = state {
      switch byte {
      case UInt8(ascii: "\\"):
        state = .ground
        return .endClipboard
      case 0x00..<0x20 where byte != 0x18 && byte != 0x1A && byte != 0x1B, 0x7F:
        return .drop
      default:
        // Cancelled, or ended by the ESC (which libvterm did not get) and this byte, which start
        // an escape sequence: as in another string, but for nothing to end for libvterm.
        clipboardString = []
        return takeAfterEscapeInString(byte)
      }
    }
    switch byte {
    case 0x07:
      state = .ground
      return .endClipboard
    case 0x1B:
      state = .escapeInClipboard
      return .drop
    case 0x18, 0x1A:
      state = .ground
      clipboardString = []
      return .keep
    case 0x00..<0x20:
      return .drop
    default:
      appendToClipboard(CollectionOfOne(byte))
      return .drop
    }
  }

  /// Takes the bytes of an OSC 52 string from `start` up to the next control (its index, or the
  /// end), all left out.
  mutating func takeClipboardRun(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    var end = start
    while end < bytes.count, bytes[end] >= 0x20 { end += 1 }
    appendToClipboard(bytes[start..<end])
    return end
  }

  /// Adds `bytes` to the OSC 52 string under way, or drops the string when it goes past
  /// ``clipboardLimit``.
  private mutating func appendToClipboard(_ bytes: some Collection<UInt8>) {
    guard let count = clipboardString?.count else { return }
    guard count + bytes.count <= Self.clipboardLimit else {
      clipboardString = nil
      return
    }
    clipboardString?.append(contentsOf: bytes)
  }
}
