/// A line's text as copy mode searches it, read straight from the line's encoded bytes
/// (``TerminalLineCoding``) without making cells: each cell's characters as UTF-8 (an empty cell a
/// blank, the cell behind a wide character nothing, a style left out), and when asked the column
/// each byte's cell is in. Reused from line to line, so that a search of 100,000 lines allocates
/// nothing after the first.
struct CopyLineText {
  /// The text's UTF-8.
  private(set) var bytes: [UInt8] = []
  /// The column of each byte's cell, when read with columns.
  private(set) var columns: [Int32] = []
  /// How many cells the line has.
  private(set) var cellCount = 0

  /// Reads a line's encoded bytes; with `columns`, the column of each byte too.
  mutating func read(_ encoded: UnsafeBufferPointer<UInt8>, columns withColumns: Bool = false) {
    bytes.removeAll(keepingCapacity: true)
    columns.removeAll(keepingCapacity: true)
    var column: Int32 = 0
    var index = 0
    let end = encoded.count
    while index < end {
      let byte = encoded[index]
      var length = 1
      switch byte {
      case 0:
        bytes.append(0x20)
      case 1..<0x80:
        bytes.append(byte)
      case TerminalLineCoding.style:
        index = Self.skipStyle(encoded, at: index + 1)
        continue
      case TerminalLineCoding.cluster:
        let count = index + 1 < end ? Int(encoded[index + 1]) : 0
        let start = min(index + 2, end)
        let stop = min(start + count, end)
        bytes.append(contentsOf: encoded[start..<stop])
        if withColumns { columns.append(contentsOf: repeatElement(column, count: stop - start)) }
        column += 1
        index = stop
        continue
      case TerminalLineCoding.continuation:
        column += 1
        index += 1
        continue
      default:
        length = min(byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2, end - index)
        bytes.append(contentsOf: encoded[index..<index + length])
      }
      if withColumns { columns.append(contentsOf: repeatElement(column, count: length)) }
      column += 1
      index += length
    }
    cellCount = Int(column)
  }

  /// Where the style that starts at `index` (its flags byte) ends.
  static func skipStyle(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    guard index < bytes.count else { return bytes.count }
    let flags = bytes[index]
    var next = index + 1
    for bit in [UInt8(1), 2, 4] where flags & bit != 0 {
      guard next < bytes.count else { return bytes.count }
      // A colour: its kind, then an index (1) or red, green and blue (2).
      next += bytes[next] == 2 ? 4 : bytes[next] == 1 ? 2 : 1
    }
    if flags & 8 != 0 { next += 2 }
    if flags & 16 != 0 { next += 1 }
    return min(next, bytes.count)
  }

  /// The first place at or after `start` where `needle` is in the text, as a range of bytes.
  func firstRange(of needle: [UInt8], from start: Int = 0) -> Range<Int>? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { needle in
        var index = max(0, start)
        let last = text.count - needle.count
        while index <= last {
          if text[index] == first, Self.matches(needle, in: text, at: index) {
            return index..<index + needle.count
          }
          index += 1
        }
        return nil
      }
    }
  }

  /// Every place `needle` is in the text, not overlapping, in order.
  func ranges(of needle: [UInt8]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var start = 0
    while let range = firstRange(of: needle, from: start) {
      found.append(range)
      start = range.upperBound
    }
    return found
  }

  private static func matches(
    _ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> Bool {
    for offset in 1..<needle.count where text[index + offset] != needle[offset] { return false }
    return true
  }

  /// The cells a range of bytes covers, as columns (after a read with columns).
  func columns(of range: Range<Int>) -> ClosedRange<Int> {
    guard !range.isEmpty, range.upperBound <= columns.count else {
      let column = range.lowerBound < columns.count ? Int(columns[range.lowerBound]) : cellCount
      return column...column
    }
    return Int(columns[range.lowerBound])...Int(columns[range.upperBound - 1])
  }
}
