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
              Self.equal(base + entries[entry].start, bytes, count: line.count)
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

  /// Whether the `count` bytes at `left` and at `right` are the same: a line of a script is
  /// short, and compared here 8 bytes at a time it costs less than a call of `memcmp`.
  @inline(__always)
  private static func equal(
    _ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    let left = UnsafeRawPointer(left)
    let right = UnsafeRawPointer(right)
    var offset = 0
    while offset + 8 <= count {
      if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < count {
      if left.load(fromByteOffset: offset, as: UInt8.self)
        != right.load(fromByteOffset: offset, as: UInt8.self)
      {
        return false
      }
      offset += 1
    }
    return true
  }

  /// Remembers the command parsed for a line of these bytes (not in the table yet), whose hash is
  /// `hash`.
  mutating func insert(_ line: UnsafeBufferPointer<UInt8>, hash: UInt64, _ command: Command) {
    entries.append(Entry(hash: hash, start: keys.count, count: line.count, command: command))
    keys.append(contentsOf: line)
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
