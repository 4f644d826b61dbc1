/// How a key moves copy mode's cursor (docs/Contract.md, "Copy mode, buffers and the clipboard"),
/// as tmux's vi keys move it.
package enum CopyMotion: Sendable, CaseIterable {
  /// `h` `l`: a cell left or right, going on to the line before or after at either end.
  case left, right
  /// `k` `j`: a line up or down, back to the column the cursor came from where the line allows.
  case up, down
  /// `w` `b` `e`: the next word's start, the word's start before, the word's end (a word is
  /// letters, digits and `_`, or other characters that are not blank, in a row).
  case nextWord, previousWord, nextWordEnd
  /// `0` `^` `$`: the line's start, its first character that is not blank, its last character
  /// (a line the program wrapped is one line).
  case startOfLine, backToIndentation, endOfLine
  /// `g` `G`: the first line, the last.
  case historyTop, historyBottom
  /// `H` `M` `L`: the view's top, middle and bottom line.
  case topLine, middleLine, bottomLine
  /// `C-u` `C-d` `C-b` `C-f`: the view and the cursor half a page or a page up or down.
  case halfPageUp, halfPageDown, pageUp, pageDown
  /// The wheel, `C-y` `C-e`: the view a line up or down, the cursor on its line while it shows.
  case scrollUp, scrollDown
}

extension CopyMode {
  /// Moves as `motion` says, `count` times.
  mutating func move(_ motion: CopyMotion, count: Int = 1, in emulator: TerminalEmulator) {
    var lines = CopyLineCache(document: document, emulator: emulator)
    let count = max(1, min(count, 1_000_000))
    let first = first(in: emulator)
    switch motion {
    case .left, .right, .nextWord, .previousWord, .nextWordEnd:
      for _ in 0..<min(count, 100_000) { step(motion, lines: &lines, first: first) }
      wantedColumn = cursor.column
    case .up, .down:
      let line = cursor.line + (motion == .up ? -count : count)
      cursor.line = min(max(line, first), last)
      cursor.column = column(near: wantedColumn, in: cursor.line, lines: &lines)
    case .startOfLine, .backToIndentation:
      while cursor.line > first, lines.isWrapped(cursor.line - 1) { cursor.line -= 1 }
      cursor.column = 0
      if motion == .backToIndentation {
        var place = cursor
        while lines.kind(at: place) == .blank, let next = lines.after(place), next.line <= last,
          lines.isWrapped(place.line) || next.line == place.line
        {
          place = next
        }
        if lines.kind(at: place) != .blank { cursor = place }
      }
      wantedColumn = cursor.column
    case .endOfLine:
      while cursor.line < last, lines.isWrapped(cursor.line) { cursor.line += 1 }
      cursor.column = max(0, lines.length(cursor.line) - 1)
      wantedColumn = .max
    case .historyTop:
      cursor = CopyPosition(line: first, column: 0)
      wantedColumn = 0
    case .historyBottom:
      cursor = CopyPosition(line: last, column: max(0, lines.length(last) - 1))
      wantedColumn = cursor.column
    case .topLine, .middleLine, .bottomLine:
      let shown = max(1, min(height, document.end - top))
      let row = motion == .topLine ? 0 : motion == .middleLine ? (shown - 1) / 2 : shown - 1
      cursor = CopyPosition(line: top + row, column: 0)
      wantedColumn = 0
    case .halfPageUp, .halfPageDown, .pageUp, .pageDown:
      let page = motion == .halfPageUp || motion == .halfPageDown ? height / 2 : height - 1
      let amount = max(1, page).multipliedReportingOverflow(by: count).partialValue
      self.page(by: motion == .halfPageUp || motion == .pageUp ? -amount : amount, in: emulator)
      cursor.column = column(near: wantedColumn, in: cursor.line, lines: &lines)
      return
    case .scrollUp, .scrollDown:
      top += motion == .scrollUp ? -count : count
      clampTop(in: emulator)
      cursor.line = min(max(cursor.line, top), min(top + height - 1, last))
      cursor.column = column(near: wantedColumn, in: cursor.line, lines: &lines)
      return
    }
    follow(in: emulator)
  }

  /// The view and the cursor `delta` lines down (up when negative): the cursor keeps its row
  /// while the view can move, and moves on alone where it cannot.
  private mutating func page(by delta: Int, in emulator: TerminalEmulator) {
    let before = top
    top += delta
    clampTop(in: emulator)
    let moved = top - before
    cursor.line += moved == 0 ? delta : moved
    cursor.line = min(max(cursor.line, first(in: emulator)), last)
    follow(in: emulator)
  }

  /// The column nearest `wanted` on a line: its last character's at most.
  private func column(near wanted: Int, in line: Int, lines: inout CopyLineCache) -> Int {
    var column = min(wanted, max(0, lines.length(line) - 1))
    while column > 0, lines.isContinuation(CopyPosition(line: line, column: column)) {
      column -= 1
    }
    return column
  }

  /// One step of a motion that goes cell by cell.
  private mutating func step(_ motion: CopyMotion, lines: inout CopyLineCache, first: Int) {
    switch motion {
    case .left:
      if let before = lines.before(cursor, first: first, stoppingAtLineEnds: false) {
        cursor = before
      }
    case .right:
      if let after = lines.after(cursor) { cursor = after }
    case .nextWord:
      // Past this word (or run of other characters), then past the blanks.
      var place = cursor
      let kind = lines.kind(at: place)
      while kind != .blank, lines.kind(at: place) == kind, let next = lines.forward(place) {
        place = next
      }
      while lines.kind(at: place) == .blank, let next = lines.forward(place) { place = next }
      if lines.kind(at: place) != .blank { cursor = place }
    case .nextWordEnd:
      guard var place = lines.forward(cursor) else { return }
      while lines.kind(at: place) == .blank, let next = lines.forward(place) { place = next }
      let kind = lines.kind(at: place)
      guard kind != .blank else { return }
      while let next = lines.forward(place), lines.kind(at: next) == kind { place = next }
      cursor = place
    case .previousWord:
      guard var place = lines.before(cursor, first: first) else { return }
      while lines.kind(at: place) == .blank, let before = lines.before(place, first: first) {
        place = before
      }
      let kind = lines.kind(at: place)
      guard kind != .blank else { return }
      while let before = lines.before(place, first: first), lines.kind(at: before) == kind {
        place = before
      }
      cursor = place
    default:
      break
    }
  }
}

/// The lines a motion looks at, each decoded once into the kind of each of its cells.
struct CopyLineCache {
  /// What a cell holds, for the word motions.
  enum Kind: Equatable {
    /// Nothing, a blank, or the end of a line that did not wrap.
    case blank
    /// Letters, digits, `_`, and characters past ASCII.
    case word
    /// Other characters.
    case other
    /// The cell behind a wide character.
    case continuation
  }

  let document: CopyDocument
  let emulator: TerminalEmulator
  private var kinds: [Int: [Kind]] = [:]

  init(document: CopyDocument, emulator: TerminalEmulator) {
    self.document = document
    self.emulator = emulator
  }

  /// The kinds of a line's cells.
  mutating func line(_ number: Int) -> [Kind] {
    if let known = kinds[number] { return known }
    if kinds.count > 64 { kinds.removeAll(keepingCapacity: true) }
    let line = document.cells(number, in: emulator).map { cell -> Kind in
      switch cell.glyph {
      case 0, 0x20, 0x09: .blank
      case TerminalCells.continuation: .continuation
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: .word
      case 0x21..<0x80: .other
      default: .word
      }
    }
    kinds[number] = line
    return line
  }

  /// How many cells a line has.
  mutating func length(_ number: Int) -> Int { line(number).count }

  /// Whether a line wrapped into the next.
  func isWrapped(_ line: Int) -> Bool { document.isWrapped(line, in: emulator) }

  /// The kind of the cell at a place (blank past a line's cells).
  mutating func kind(at place: CopyPosition) -> Kind {
    let cells = line(place.line)
    return place.column < cells.count ? cells[place.column] : .blank
  }

  /// Whether the cell at a place is behind a wide character.
  mutating func isContinuation(_ place: CopyPosition) -> Bool { kind(at: place) == .continuation }

  /// The next cell's place (the next line's start after a line's last cell), or `nil` at the
  /// document's end; never the cell behind a wide character.
  mutating func after(_ place: CopyPosition) -> CopyPosition? {
    var next = place
    repeat {
      next.column += 1
      if next.column >= length(next.line) {
        guard next.line + 1 < document.end else { return nil }
        next = CopyPosition(line: next.line + 1, column: 0)
      }
    } while isContinuation(next)
    return next
  }

  /// The next place for a word motion: as ``after(_:)``, but the end of a line that did not wrap
  /// is a place of its own, blank (a word never goes on into the next line).
  mutating func forward(_ place: CopyPosition) -> CopyPosition? {
    let length = length(place.line)
    if place.column + 1 >= length, place.column < length, !isWrapped(place.line) {
      return CopyPosition(line: place.line, column: length)
    }
    return after(place)
  }

  /// The cell before a place (the last cell of the line before at a line's start), or `nil` at
  /// `first`'s start; when `stoppingAtLineEnds`, the end of a line that did not wrap is a blank
  /// place of its own, as for ``forward(_:)``.
  mutating func before(_ place: CopyPosition, first: Int, stoppingAtLineEnds: Bool = true)
    -> CopyPosition?
  {
    var previous = place
    repeat {
      if previous.column > 0 {
        previous.column = min(previous.column - 1, max(0, length(previous.line) - 1))
      } else {
        guard previous.line > first else { return nil }
        let line = previous.line - 1
        let end = length(line)
        if stoppingAtLineEnds, !isWrapped(line) { return CopyPosition(line: line, column: end) }
        previous = CopyPosition(line: line, column: max(0, end - 1))
      }
    } while isContinuation(previous) && previous.column > 0
    return previous
  }
}
