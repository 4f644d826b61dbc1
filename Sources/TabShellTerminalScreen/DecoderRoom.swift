/// Room for libvterm 0.1.4's UTF-8 decoder at the end of a write (``ParameterGuard``'s pieces go to
/// libvterm through ``withRoom(_:_:)``).
///
/// libvterm decodes a run of text into an array on the stack that has a slot for each byte left in
/// the write (its `on_text`); its UTF-8 decoder (`decode_utf8`, which in UTF-8 mode decodes all
/// text, each character set with a decoder of its own) can make one code point more than that. A
/// character left unfinished by an earlier run (a lead byte, then a control) is carried over: the
/// next run's first lead byte ends it as U+FFFD, and a printable ASCII byte right after a lead
/// byte makes two code points, U+FFFD and itself. `E0 LF` then a write of `C3 61` makes three code
/// points in an array of two: the third is written past it, over the stack. Inside a write a run
/// is followed by the byte that ended it, a slot more; only a run that the write ends lacks it.
/// Such a write gets a NUL after it, which libvterm's decoder stops at: the slot for the code point
/// more. Its parser ignores a NUL (inside a string it keeps the part of the string before it, as it
/// does at a control there, where the end of a write would drop it).
enum DecoderRoom {
  /// Whether `piece` may end in text: its last byte is no control (C0 or DEL). (It may be a
  /// sequence's or a string's, which a NUL does not harm either.)
  static func needsRoom(_ piece: UnsafeRawBufferPointer) -> Bool {
    guard let last = piece.last else { return false }
    return last >= 0x20 && last != 0x7F
  }

  /// Calls `body` with `piece`, or with a copy of it and a NUL after it when it needs room
  /// (``needsRoom(_:)``).
  static func withRoom(
    _ piece: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    guard needsRoom(piece) else { return body(piece) }
    withUnsafeTemporaryAllocation(byteCount: piece.count + 1, alignment: 1) { copy in
      copy.copyMemory(from: piece)
      copy[piece.count] = 0
      body(UnsafeRawBufferPointer(copy))
    }
  }
}
