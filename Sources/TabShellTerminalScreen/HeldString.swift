import TabShellPlatform

/// Holds back an OSC string (a title, `ESC ] … BEL`) that the program's output read so far ends
/// in, until the rest of it comes: libvterm 0.1.4 takes an OSC string only when it comes whole in
/// one write into it (one split over two reads, or written by the program in pieces, is dropped).
///
/// Only the end of what was read is looked at, at most ``limit`` bytes back: an `ESC ]` after
/// which nothing ends a string (BEL, ESC, CAN, SUB) starts what is held, and so does an `ESC` that
/// is the very last byte (held with such a string before it, whose ST it may start). What is held
/// goes to the emulator in front of the next bytes read; past ``limit`` bytes it goes as it is.
/// Nothing is lost: it is only late, and an OSC string is not drawn.
///
/// While a string is held, the next bytes read are looked at alone: when none ends it, they are
/// held with it, and the held bytes are not looked at again (a title written a byte at a time is
/// looked at once, not once a byte).
struct HeldString {
  /// The most bytes held.
  static let limit = 4_096
  /// The bytes held back, in front of the next ones.
  private(set) var bytes: [UInt8] = []
  /// How many bytes were looked at so far, to find where strings start and end (for tests: it
  /// grows with what was read, not with what was read times what is held).
  private(set) var bytesLookedAt = 0

  /// Hands `input` to `write`, after what was held, but for an unfinished OSC string at its end,
  /// which is held.
  mutating func pass(_ input: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) -> Void) {
    guard !bytes.isEmpty else {
      passAlone(input, to: write)
      return
    }
    let continued = holdsAString && !endsAString(input)
    if continued, bytes.count + input.count <= Self.limit {
      bytes.append(contentsOf: input)
      return
    }
    var joined = bytes
    joined.append(contentsOf: input)
    bytes = []
    // Past the limit, the string goes as it is, in one write.
    guard !continued else { return joined.withUnsafeBytes { write($0) } }
    joined.withUnsafeBytes { passAlone($0, to: write) }
  }

  /// Hands what is held to `write` (the program ended).
  mutating func flush(to write: (UnsafeRawBufferPointer) -> Void) {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { write($0) }
    bytes = []
  }

  /// Whether what is held is an OSC string that nothing has ended yet (not a last ESC, which
  /// with the next byte may end it or start something else).
  private var holdsAString: Bool {
    bytes.count >= 2 && bytes[0] == 0x1B && bytes[1] == 0x5D && bytes.last != 0x1B
  }

  /// Whether `input` holds a byte that ends a string (BEL, CAN, SUB, or ESC).
  private mutating func endsAString(_ input: UnsafeRawBufferPointer) -> Bool {
    bytesLookedAt += input.count
    return input.contains { Self.endsAString($0) || $0 == 0x1B }
  }

  private static func endsAString(_ byte: UInt8) -> Bool {
    byte == 0x07 || byte == 0x18 || byte == 0x1A
  }

  private mutating func passAlone(
    _ input: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) -> Void
  ) {
    guard let start = unfinishedString(in: input), input.count - start <= Self.limit else {
      write(input)
      return
    }
    if start > 0 { write(UnsafeRawBufferPointer(rebasing: input[..<start])) }
    bytes = Array(input[start...])
  }

  /// Where an OSC string that `input` does not finish starts, looking back at most ``limit``
  /// bytes; `nil` for none.
  ///
  /// The last ESC before the end is found with the C library (`memrchr`): text, most of what a
  /// program writes, holds none. Only an `ESC ]` after which nothing ends a string starts one.
  mutating func unfinishedString(in input: UnsafeRawBufferPointer) -> Int? {
    let end = input.count
    // A last ESC may start the ST (`ESC \`) that ends an OSC string before it: that string is
    // held with it, else libvterm would get the string and its end in two writes.
    let lastEscape = end > 0 && input[end - 1] == 0x1B ? end - 1 : nil
    let searched = end - (lastEscape == nil ? 0 : 1)
    let start = max(0, end - Self.limit)
    bytesLookedAt += searched - start
    guard searched > start,
      let found = Memory.lastOffset(
        of: 0x1B, in: UnsafeRawBufferPointer(rebasing: input[start..<searched])),
      input[start + found + 1] == 0x5D
    else { return lastEscape }
    let escape = start + found
    // BEL, CAN or SUB after it ended the string.
    bytesLookedAt += searched - escape - 2
    for index in escape + 2..<searched where Self.endsAString(input[index]) {
      return lastEscape
    }
    return escape
  }
}
