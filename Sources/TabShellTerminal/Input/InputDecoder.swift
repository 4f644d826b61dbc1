/// Turns the bytes a terminal in raw mode sends into ``InputEvent``s: keys, text, pastes, mouse
/// reports.
///
/// A state machine with no clock and no I/O. The full-screen loop polls stdin and its signal pipe;
/// it passes every chunk it reads to ``feed(_:)``, however the terminal split it (a sequence cut
/// between two reads is completed by the next one). A lone ESC is ambiguous: it is the Esc key, or
/// the start of an Alt-key or of a sequence whose next bytes have not arrived. While
/// ``hasPending`` is true, the loop polls with a short timeout (about 25 ms) and, when it runs out,
/// calls ``flushPending()``, which decides: a lone ESC is Esc, `ESC [` is Alt-[, a cut sequence is
/// ``InputEvent/Kind/unknown``.
///
/// ```swift
/// var decoder = InputDecoder()
/// // poll([stdin, signalPipe], timeout: decoder.hasPending ? 25 : -1)
/// let events = ready ? decoder.feed(bytesRead) : decoder.flushPending()
/// ```
///
/// A string the terminal sends as an answer (DCS, OSC, APC, PM, SOS up to ST or BEL: an answer to
/// a query that reached the terminal) is ``InputEvent/Kind/unknown``, which no focus types, but
/// for the answers to the full-screen mode's questions for the default colours
/// (``InputEvent/Kind/colorReport(_:)``); one longer than ``InputParser/maximumStringLength`` is
/// dropped to its end. An answer begun waits longer for its end than an ESC (``patience``).
///
/// A bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) is one ``Paste`` event, whatever its size;
/// past ``pasteLimit`` bytes the rest is dropped (the event says it was truncated), so memory stays
/// bounded. Nothing the terminal sends can crash the decoder or leave it stuck: malformed or
/// unsupported sequences come out as ``InputEvent/Kind/unknown`` with their bytes, and a sequence
/// longer than ``maximumSequenceLength`` is reported cut and the rest of it dropped.
package struct InputDecoder: Sendable {
  /// The paste limit when none is given: 1 MiB.
  package static let defaultPasteLimit = 1 << 20
  /// The longest escape sequence kept whole; the rest of a longer one is dropped.
  package static let maximumSequenceLength = 64

  /// The most bytes a paste keeps.
  package let pasteLimit: Int

  /// Bytes of an incomplete token (an escape sequence or a UTF-8 character still arriving).
  private var pending: [UInt8] = []
  /// The paste being read, between its start and end markers.
  private var paste: PasteReader?
  /// Whether the rest of an over-long sequence is being dropped.
  private var discarding = false
  /// Whether the rest of an over-long string from the terminal is being dropped, and whether its
  /// last byte was an ESC (which ends it, with the `\\` of ST after it).
  private var discardingString = false
  private var discardedEscape = false

  /// Makes a decoder that keeps at most `pasteLimit` bytes of a paste (at least 0).
  package init(pasteLimit: Int = InputDecoder.defaultPasteLimit) {
    self.pasteLimit = max(0, pasteLimit)
  }

  /// Whether bytes are waiting for more input to be decoded: an ESC that may start an Alt-key or a
  /// sequence, a sequence cut by the read, or part of a UTF-8 character. The loop then polls with a
  /// short timeout and calls ``flushPending()`` when it runs out. An open paste is not pending (see
  /// ``isInPaste``).
  package var hasPending: Bool { !pending.isEmpty }

  /// Whether a bracketed paste has started and its end marker has not arrived yet.
  package var isInPaste: Bool { paste != nil }

  /// How long the loop waits for more bytes before it decides (``flushPending()``, or
  /// ``finishPaste()`` for an open paste), in milliseconds; `nil` when nothing waits. 25 for an
  /// ESC, a cut sequence or character; 1,000 for an answer string begun (`ESC ]` and a digit...:
  /// the rest of the terminal's answer, which a slow link may bring later, is not typed as keys)
  /// and for an open paste.
  ///
  /// Kept as each call leaves it, so that the loop reads it in place before each wait (a getter
  /// of the decoder, which a class keeps, took a copy of it and its arrays).
  package private(set) var patience: Int?

  private var patienceNow: Int? {
    if !pending.isEmpty {
      return pending.count > 2 && InputParser.terminalString(pending) == .incomplete ? 1_000 : 25
    }
    return isInPaste ? 1_000 : nil
  }

  /// Each byte below 0x80 as the one-byte array its event carries, made once: the event of each
  /// key typed shares its byte's (an array made for each was an allocation a key).
  private static let asciiBytes: [[UInt8]] = (0..<0x80).map { [UInt8($0)] }

  /// Decodes a chunk of input; returns the events it completed, in order.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    defer { patience = patienceNow }
    var events: [InputEvent] = []
    for byte in bytes { consume(byte, into: &events) }
    return events
  }

  /// Decodes a chunk the caller read, appending the events it completed to `events`, in order:
  /// for a loop that keeps its array from read to read (one made for each key cost an allocation).
  package mutating func feed(_ bytes: UnsafeRawBufferPointer, into events: inout [InputEvent]) {
    defer { patience = patienceNow }
    for byte in bytes { consume(byte, into: &events) }
  }

  /// Decides what the pending bytes are, as if no more input will follow them soon: a lone ESC is
  /// Esc, `ESC ESC` Alt-Esc, `ESC [` and `ESC O` Alt-[ and Alt-O, anything else cut short is
  /// ``InputEvent/Kind/unknown``. Also stops dropping the rest of an over-long sequence.
  package mutating func flushPending() -> [InputEvent] {
    defer { patience = patienceNow }
    discarding = false
    discardingString = false
    discardedEscape = false
    var events: [InputEvent] = []
    while !pending.isEmpty {
      let (kind, length) = Self.forced(pending)
      emit(kind, length: length, into: &events)
    }
    return events
  }

  /// Ends an open paste with what it has so far (for a terminal that never sent the end marker:
  /// call it after a long silence while ``isInPaste``). Returns the paste, or nothing when no paste
  /// is open.
  package mutating func finishPaste() -> [InputEvent] {
    defer { patience = patienceNow }
    guard var reader = paste else { return [] }
    paste = nil
    reader.flushMarker()
    return [reader.event(closed: false)]
  }

  private mutating func consume(_ byte: UInt8, into events: inout [InputEvent]) {
    if paste != nil {
      if paste?.consume(byte) == true, let reader = paste {
        paste = nil
        events.append(reader.event(closed: true))
      }
      return
    }
    if discardingString {
      if discardedEscape {
        discardedEscape = false
        discardingString = false
        if byte == UInt8(ascii: "\\") { return }
        pending.append(0x1B)
      } else {
        switch byte {
        case 0x07, 0x18, 0x1A: discardingString = false
        case 0x1B: discardedEscape = true
        default: break
        }
        return
      }
    }
    if discarding {
      discarding = false
      switch byte {
      case 0x20...0x3F:
        discarding = true
        return
      case 0x40...0x7E: return
      default: break
      }
    }
    // A byte below 0x80 other than ESC with nothing before it is a token alone (a letter, a
    // control): its event at once, without the pending bytes' parse.
    if pending.isEmpty, byte < 0x80, byte != 0x1B {
      events.append(InputEvent(InputParser.ascii(byte), bytes: Self.asciiBytes[Int(byte)]))
      return
    }
    pending.append(byte)
    while !pending.isEmpty {
      switch InputParser.parse(pending) {
      case .incomplete:
        return
      case .event(let kind, let length):
        emit(kind, length: length, into: &events)
      case .pasteStart(let length):
        paste = PasteReader(limit: pasteLimit, start: Array(pending[..<length]))
        pending.removeFirst(length)
      case .overlong(let length):
        emit(.unknown, length: length, into: &events)
        discarding = true
      case .overlongString(let length):
        emit(.unknown, length: length, into: &events)
        discardingString = true
      }
    }
  }

  private mutating func emit(_ kind: InputEvent.Kind, length: Int, into events: inout [InputEvent])
  {
    // Every token takes at least one byte, so decoding always moves on.
    let length = max(1, min(length, pending.count))
    events.append(InputEvent(kind, bytes: Array(pending[..<length])))
    pending.removeFirst(length)
  }

  /// The event that an incomplete token stands for when no more bytes come, and its length.
  private static func forced(_ bytes: [UInt8]) -> (InputEvent.Kind, Int) {
    if case .event(let kind, let length) = InputParser.parse(bytes) { return (kind, length) }
    guard bytes[0] == 0x1B else { return (.unknown, bytes.count) }
    if bytes.count == 1 { return (InputParser.keyEvent(.escape), 1) }
    switch bytes[1] {
    case 0x1B: return (InputParser.keyEvent(.escape, .alt), 2)
    case _ where bytes.count == 2:
      // `ESC P` (or another string's introducer) alone is Alt with the key; a string from the
      // terminal that was not ended is dropped with the rest (unknown).
      if case .event(.key(var key), let length) = InputParser.single(bytes, at: 1) {
        key.modifiers.insert(.meta)
        return (.key(key), length + 1)
      }
      return (.unknown, bytes.count)
    case UInt8(ascii: "["), UInt8(ascii: "O"):
      guard bytes.count == 2 else { return (.unknown, bytes.count) }
      return (InputParser.keyEvent(.character(Unicode.Scalar(bytes[1])), .alt), 2)
    default: return (.unknown, bytes.count)
    }
  }
}
