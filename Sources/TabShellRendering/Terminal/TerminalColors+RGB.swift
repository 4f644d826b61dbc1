extension TerminalColors {
  /// Whether terminal type `term`'s terminfo entry says it takes 24-bit colour with the extended
  /// capabilities tmux reads for that: `Tc` (a boolean) or `RGB` (a boolean, a number or a
  /// string), whatever its `colors` number (`xterm-256color` with `Tc` set by the user).
  package static func saysRGB(term: String, environment: [String: String]) -> Bool {
    guard let bytes = entry(term: term, environment: environment) else { return false }
    return saysRGB(in: bytes)
  }

  /// Whether a compiled terminfo entry has `Tc` or `RGB` among its extended capabilities (ncurses'
  /// format: after the standard part, five counts, the booleans, the numbers, the strings'
  /// offsets, the names' offsets and a table holding the strings' values, then the names).
  package static func saysRGB(in bytes: [UInt8]) -> Bool {
    func short(_ offset: Int) -> Int? {
      guard offset >= 0, offset + 1 < bytes.count else { return nil }
      let value = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      return value >= 0x8000 ? value - 0x10000 : value
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let boolCount = short(4), let numberCount = short(6),
      let stringCount = short(8), let tableSize = short(10),
      namesSize >= 0, boolCount >= 0, numberCount >= 0, stringCount >= 0, tableSize >= 0
    else { return false }
    let width = magic == 0o432 ? 2 : 4
    var offset = 12 + namesSize + boolCount
    if offset % 2 == 1 { offset += 1 }
    offset += numberCount * width + stringCount * 2 + tableSize
    if offset % 2 == 1 { offset += 1 }
    // The extended part's counts: booleans, numbers, strings, offsets, the table's bytes.
    guard let extendedBools = short(offset), let extendedNumbers = short(offset + 2),
      let extendedStrings = short(offset + 4), let extendedTable = short(offset + 8),
      extendedBools >= 0, extendedNumbers >= 0, extendedStrings >= 0, extendedTable >= 0
    else { return false }
    let bools = offset + 10
    var numbers = bools + extendedBools
    if numbers % 2 == 1 { numbers += 1 }
    let names = extendedBools + extendedNumbers + extendedStrings
    let table = numbers + extendedNumbers * width + (extendedStrings + names) * 2
    guard table + extendedTable <= bytes.count else { return false }
    // The names are the table's last NUL-ended strings: the booleans', the numbers', the strings'.
    let strings = bytes[table..<(table + extendedTable)].split(
      separator: 0, omittingEmptySubsequences: false)
    let named = Array(strings.dropLast().suffix(names)).map { String(decoding: $0, as: UTF8.self) }
    guard named.count == names else { return false }
    for (index, name) in named.enumerated() where name == "Tc" || name == "RGB" {
      if index < extendedBools {
        if bytes[bools + index] == 1 { return true }
      } else if index < extendedBools + extendedNumbers {
        let at = numbers + (index - extendedBools) * width
        if width == 2, let value = short(at), value >= 0 { return true }
        if width == 4, at + 3 < bytes.count, bytes[at + 3] & 0x80 == 0 { return true }
      } else if let value = short(
        numbers + extendedNumbers * width + (index - extendedBools - extendedNumbers) * 2),
        value >= 0
      {
        return true
      }
    }
    return false
  }
}
