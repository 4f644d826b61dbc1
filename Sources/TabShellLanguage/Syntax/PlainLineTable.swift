/// The commands of the plain lines a script has already parsed, found by the line's bytes.
///
/// A long script repeats a few lines (`tab 2`, `swipe left`) many times. Looking a line up here costs
/// a hash of its bytes (FNV-1a) and one comparison: no `String` is made and no SipHash runs unless
/// the line is new. Open addressing, linear probing, at most half full.
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

  /// The command parsed for a line of these bytes, if there was one.
  func command(for line: UnsafeBufferPointer<UInt8>) -> Command? {
    entryIndex(of: line).map { entries[$0].command }
  }

  /// The index of the entry for a line of these bytes. Through unsafe buffers: no bounds checks in
  /// release builds, and no copy of an entry (which would retain and release its command's
  /// references).
  private func entryIndex(of line: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = Self.hash(line)
    return slots.withUnsafeBufferPointer { slots in
      entries.withUnsafeBufferPointer { entries in
        keys.withUnsafeBufferPointer { keys in
          let mask = slots.count - 1
          var slot = Int(truncatingIfNeeded: hash) & mask
          while slots[slot] >= 0 {
            let index = slots[slot]
            if entries[index].hash == hash, entries[index].count == line.count,
              Self.equal(keys, from: entries[index].start, line)
            {
              return index
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

  private static func equal(
    _ keys: UnsafeBufferPointer<UInt8>, from start: Int, _ line: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for offset in 0..<line.count where keys[start + offset] != line[offset] { return false }
    return true
  }

  /// FNV-1a, 64 bits.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
