import TabShellPlatform

/// The commands of the plain lines a script has already parsed, found by the line's bytes.
///
/// A long script repeats a few lines (`tab 2`, `swipe left`) many times. Looking a line up here costs
/// one comparison of its bytes, with the hash the lexer made while it scanned the line: no `String`
/// is made and no SipHash runs unless the line is new. Open addressing, linear probing, at most
/// half full.
struct PlainLineTable {
  private struct Entry {
    var hash: UInt64
    var start: Int
    var count: Int
    var command: Command
  }

  /// Entry indices, `-1` for an empty slot; the count is a power of two.
  private var slots = [Int](repeating: -1, count: 64)
  private var entries: [Entry] = []
  /// The keys' bytes, one after another.
  private var keys: [UInt8] = []

  /// FNV-1a's 64-bit offset basis: the hash of no bytes.
  static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// FNV-1a, 64 bits: `hash` with one more byte.
  @inline(__always)
  static func hash(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  /// The hash of a whole line, as the lexer makes it.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    bytes.reduce(hashSeed, hash)
  }

  /// The command parsed for a line of these bytes (whose hash is `hash`), if there was one.
  func command(for line: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Command? {
    guard let bytes = line.baseAddress else { return nil }
    return slots.withUnsafeBufferPointer { slots in
      entries.withUnsafeBufferPointer { entries in
        keys.withUnsafeBufferPointer { keys in
          guard let base = keys.baseAddress else { return nil }
          let mask = slots.count - 1
          var slot = Int(truncatingIfNeeded: hash) & mask
          while slots[slot] >= 0 {
            let entry = slots[slot]
            if entries[entry].hash == hash, entries[entry].count == line.count,
              Memory.equal(base + entries[entry].start, bytes, count: line.count)
            {
              return entries[entry].command
            }
            slot = (slot + 1) & mask
          }
          return nil
        }
      }
    }
  }

  /// Remembers the command parsed for `line` (a line not in the table yet).
  mutating func insert(_ line: String, _ command: Command) {
    var line = line
    line.withUTF8 { bytes in
      entries.append(
        Entry(hash: Self.hash(bytes), start: keys.count, count: bytes.count, command: command))
      keys.append(contentsOf: bytes)
    }
    if entries.count * 2 > slots.count {
      slots = [Int](repeating: -1, count: slots.count * 2)
      for index in entries.indices { place(index) }
    } else {
      place(entries.count - 1)
    }
  }

  private mutating func place(_ index: Int) {
    var slot = Int(truncatingIfNeeded: entries[index].hash) & (slots.count - 1)
    while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
    slots[slot] = index
  }
}
