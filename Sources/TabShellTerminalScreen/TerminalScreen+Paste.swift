extension TerminalScreen {
  /// The bytes a paste of `text` sends the program: its newlines as carriage returns (Enter), tabs
  /// and carriage returns as they are, and the other control characters left out (C0, DEL and
  /// C1), as xterm leaves them out of a paste unless `allowPasteControls` is set: an `ESC [ 201 ~`
  /// in the text cannot end the paste early, nor an ESC or a Ctrl-C in it act on the program.
  static func pasted(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: bytes.append(0x0D)
      case 0x09, 0x0D: bytes.append(UInt8(scalar.value))
      case 0..<0x20, 0x7F...0x9F: continue
      default: bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// What the screen logs when `count` bytes of input cannot wait for its program, with `pending`
  /// bytes it has not read yet.
  static func refusal(_ count: Int, pending: Int) -> String {
    "input of \(count) bytes refused: the program has not read \(pending) bytes sent before it"
      + " (at most \(TerminalSession.inputLimit) wait)"
  }
}
