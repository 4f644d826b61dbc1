import TabShellKit
import TabShellTerminal

/// libFuzzer's entry point for terminal input, compiled into the terminal screen type's module
/// (fuzz/build-terminal.sh) so that it reaches its internal types. The first byte picks the
/// target:
///
/// - even: program output into a terminal tab's emulator (the guard, libvterm 0.1.4, the cells):
///   the next two bytes are the terminal's rows and columns, the rest is written in pieces whose
///   lengths a generator seeded by the fourth byte draws (so that sequences, strings and UTF-8
///   characters are cut between writes), the terminal resized now and then, and the screen drawn
///   as a terminal tab draws it after each piece, the scrollback included; a row the damage
///   leaves out must draw as it did (frames are drawn from the damage);
/// - odd: outer-terminal input into the full-screen mode's decoder, in pieces likewise, the
///   pending bytes flushed and an open paste finished now and then, as the loop's timeouts do.
///
/// A crash, a trap (a failed check of the emulator or the decoder), a hang or memory without
/// bound is what libFuzzer reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size >= 4 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var generator = PieceGenerator(seed: bytes[3])
  let input = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[4...]))
  if bytes[0] % 2 == 0 {
    fuzzEmulator(
      input, rows: 1 + Int(bytes[1] % 40), columns: 1 + Int(bytes[2] % 100), &generator)
  } else {
    fuzzDecoder(input, &generator)
  }
  return 0
}

/// Draws piece lengths (1 to 64) and rare events from a seed: a small linear congruential
/// generator, the same for the same input.
struct PieceGenerator {
  var state: UInt32
  init(seed: UInt8) { state = UInt32(seed) &* 2_654_435_761 &+ 1 }
  mutating func next() -> UInt32 {
    state = state &* 1_664_525 &+ 1_013_904_223
    return state >> 8
  }
  mutating func length() -> Int { 1 + Int(next() % 64) }
  mutating func chance(_ oneIn: UInt32) -> Bool { next() % oneIn == 0 }
}

func fuzzEmulator(
  _ input: UnsafeRawBufferPointer, rows: Int, columns: Int, _ generator: inout PieceGenerator
) {
  guard let emulator = TerminalEmulator(rows: rows, columns: columns, scrollback: 50) else {
    return
  }
  var answered = 0
  emulator.onOutput = { answered += $0.count }
  var offset = 0
  // The last drawing of the screen (not scrolled back), while the next may be compared with it.
  var last: Canvas?
  while offset < input.count {
    let end = min(input.count, offset + generator.length())
    emulator.write(UnsafeRawBufferPointer(rebasing: input[offset..<end]))
    offset = end
    if generator.chance(8) {
      emulator.resize(
        rows: 1 + Int(generator.next() % 40), columns: 1 + Int(generator.next() % 100))
      last = nil
    }
    if generator.chance(4), emulator.scrollBack(by: Int(generator.next() % 61) - 30) {
      last = nil
    }
    let damage = emulator.takeDamageSpans()
    let canvas = draw(emulator)
    if let last, !damage.whole, emulator.scrolledBack == 0, last.width == canvas.width,
      last.height == canvas.height
    {
      let damaged = Set(damage.rows)
      for row in 0..<canvas.height where !damaged.contains(row) {
        precondition(canvas.rows[row] == last.rows[row], "row \(row) changed with no damage")
      }
    }
    last = emulator.scrolledBack == 0 ? canvas : nil
  }
}

/// Draws the emulator's view as a terminal tab draws it; the canvas.
func draw(_ emulator: TerminalEmulator) -> Canvas {
  var canvas = Canvas(width: emulator.columns, height: emulator.rows)
  var styles = TerminalCanvasStyles()
  _ = TerminalScreen.drawView(of: emulator, in: &canvas, styles: &styles)
  // The cursor may be outside a screen that shrank while a sequence was under way (it is put back
  // at the next point between sequences); the screen draws it only inside.
  _ = emulator.cursor
  return canvas
}

func fuzzDecoder(_ input: UnsafeRawBufferPointer, _ generator: inout PieceGenerator) {
  var decoder = InputDecoder(pasteLimit: 4_096)
  var offset = 0
  var events = 0
  while offset < input.count {
    let end = min(input.count, offset + generator.length())
    events += decoder.feed(input[offset..<end]).count
    offset = end
    if generator.chance(3) { events += decoder.flushPending().count }
    if generator.chance(16) { events += decoder.finishPaste().count }
  }
  events += decoder.flushPending().count + decoder.finishPaste().count
  precondition(!decoder.hasPending && !decoder.isInPaste, "the decoder kept bytes after a flush")
}
