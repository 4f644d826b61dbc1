/// The attributes a terminal shows beyond bold, italic, underline, reverse and strikethrough,
/// which every terminal TabShell draws on shows (docs/Contract.md, "The canvas"): a frame leaves
/// out what the terminal lacks (a single underline for a curly one, no underline colour, no
/// overline; a concealed cell drawn as a blank).
///
/// Read from `TERM`'s terminfo entry as tmux reads it: `dim`, `blink` and `invis` (conceal), and
/// the extended capabilities `Smulx` (underline shapes), `Setulc` (underline colour) and `Smol`
/// (overline); `Ss` (the cursor's shape). With no entry, dim, blink and conceal, which
/// `xterm-256color` has, and the cursor's shape for a `TERM` of `xterm*`.
package struct TerminalStyleFeatures: OptionSet, Sendable, Hashable {
  package var rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Whether it has all of `features`, as bits: the option set's `contains` ran the standard
  /// library's unspecialized code (each frame asks whether the cursor's shape goes out).
  package func has(_ features: TerminalStyleFeatures) -> Bool {
    rawValue & features.rawValue == features.rawValue
  }

  /// SGR 2.
  package static let dim = TerminalStyleFeatures(rawValue: 1)
  /// SGR 5.
  package static let blink = TerminalStyleFeatures(rawValue: 2)
  /// SGR 8.
  package static let conceal = TerminalStyleFeatures(rawValue: 4)
  /// SGR `4:N`: double, curly, dotted and dashed underlines.
  package static let underlineShapes = TerminalStyleFeatures(rawValue: 8)
  /// SGR 58: the underline's colour.
  package static let underlineColor = TerminalStyleFeatures(rawValue: 16)
  /// SGR 53.
  package static let overline = TerminalStyleFeatures(rawValue: 32)
  /// The cursor's shape (DECSCUSR, `ESC [ Ps SP q`): terminfo's `Ss`, or a `TERM` of `xterm*`,
  /// which tmux 3.3a takes to have it whatever its entry says.
  package static let cursorShape = TerminalStyleFeatures(rawValue: 64)

  /// What a terminal with no terminfo entry is taken to have.
  package static let standard: TerminalStyleFeatures = [.dim, .blink, .conceal]
  /// Every feature.
  package static let all: TerminalStyleFeatures = [
    .dim, .blink, .conceal, .underlineShapes, .underlineColor, .overline, .cursorShape,
  ]

  /// The features of the terminal `TERM` names in `environment`.
  package static func detect(environment: [String: String]) -> TerminalStyleFeatures {
    guard let term = environment["TERM"], !term.isEmpty else { return .standard }
    let xterm: TerminalStyleFeatures = term.hasPrefix("xterm") ? .cursorShape : []
    guard let bytes = TerminalColors.entry(term: term, environment: environment) else {
      return TerminalStyleFeatures.standard.union(xterm)
    }
    return (features(in: bytes) ?? .standard).union(xterm)
  }

  /// The features a compiled terminfo entry says (`nil` when the bytes are not an entry).
  package static func features(in bytes: [UInt8]) -> TerminalStyleFeatures? {
    guard let capabilities = TerminfoCapabilities(bytes) else { return nil }
    var features: TerminalStyleFeatures = []
    // terminfo's string capabilities enter_dim_mode, enter_blink_mode, enter_secure_mode.
    if capabilities.hasString(at: 30) { features.insert(.dim) }
    if capabilities.hasString(at: 26) { features.insert(.blink) }
    if capabilities.hasString(at: 32) { features.insert(.conceal) }
    if capabilities.extended.contains("Smulx") { features.insert(.underlineShapes) }
    if capabilities.extended.contains("Setulc") { features.insert(.underlineColor) }
    if capabilities.extended.contains("Smol") { features.insert(.overline) }
    if capabilities.extended.contains("Ss") { features.insert(.cursorShape) }
    return features
  }
}

/// What a compiled terminfo entry has of the capabilities ``TerminalStyleFeatures`` looks for:
/// which standard strings are set, and the names of the extended capabilities set (ncurses'
/// format, term(5): the legacy magic 0432 or the 32-bit 01036, then the extended section).
struct TerminfoCapabilities {
  /// The standard strings' offsets (-1: absent, -2: cancelled).
  private var strings: [Int] = []
  /// The extended capabilities that are set (a boolean true, a number or a string present).
  private(set) var extended: Set<String> = []

  init?(_ bytes: [UInt8]) {
    func short(_ offset: Int) -> Int? {
      guard offset >= 0, offset + 1 < bytes.count else { return nil }
      let value = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      return value >= 0x8000 ? value - 0x10000 : value
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let boolCount = short(4), let numberCount = short(6),
      let stringCount = short(8), let tableSize = short(10),
      namesSize >= 0, boolCount >= 0, numberCount >= 0, stringCount >= 0, tableSize >= 0
    else { return nil }
    let numberWidth = magic == 0o432 ? 2 : 4
    var offset = 12 + namesSize + boolCount
    if offset % 2 == 1 { offset += 1 }
    offset += numberCount * numberWidth
    for index in 0..<stringCount {
      guard let value = short(offset + 2 * index) else { return nil }
      strings.append(value)
    }
    offset += 2 * stringCount + tableSize
    if offset % 2 == 1 { offset += 1 }
    readExtended(bytes, at: offset, numberWidth: numberWidth, short: short)
  }

  /// Whether the standard string capability at `index` (term.h's order) is set.
  func hasString(at index: Int) -> Bool {
    index < strings.count && strings[index] >= 0
  }

  /// Reads the extended section at `start`, if there is one: its counts, booleans, numbers,
  /// string offsets, then the names' offsets into the part of its table after the strings.
  private mutating func readExtended(
    _ bytes: [UInt8], at start: Int, numberWidth: Int, short: (Int) -> Int?
  ) {
    guard let boolCount = short(start), let numberCount = short(start + 2),
      let stringCount = short(start + 4), let tableSize = short(start + 8),
      boolCount >= 0, numberCount >= 0, stringCount >= 0, tableSize >= 0
    else { return }
    var offset = start + 10
    let booleans = offset
    offset += boolCount
    if offset % 2 == 1 { offset += 1 }
    let numbers = offset
    offset += numberCount * numberWidth
    let stringOffsets = offset
    offset += 2 * stringCount
    let nameOffsets = offset
    offset += 2 * (boolCount + numberCount + stringCount)
    let table = offset
    guard table + tableSize <= bytes.count else { return }
    // The names come after the strings' values in the table: past the end of the last string.
    var namesStart = 0
    for index in 0..<stringCount {
      guard let value = short(stringOffsets + 2 * index), value >= 0 else { continue }
      var end = table + value
      while end < table + tableSize, bytes[end] != 0 { end += 1 }
      namesStart = max(namesStart, end + 1 - table)
    }
    func name(_ index: Int) -> String? {
      guard let value = short(nameOffsets + 2 * index), value >= 0 else { return nil }
      var end = table + namesStart + value
      let first = end
      while end < table + tableSize, bytes[end] != 0 { end += 1 }
      guard first < end else { return nil }
      return String(decoding: bytes[first..<end], as: UTF8.self)
    }
    for index in 0..<boolCount where bytes[booleans + index] == 1 {
      if let name = name(index) { extended.insert(name) }
    }
    for index in 0..<numberCount {
      let value =
        numberWidth == 2
        ? short(numbers + 2 * index) ?? -1
        : Int(
          Int32(
            bitPattern: UInt32(bytes[numbers + 4 * index]) | UInt32(bytes[numbers + 4 * index + 1])
              << 8
              | UInt32(bytes[numbers + 4 * index + 2]) << 16 | UInt32(
                bytes[numbers + 4 * index + 3]) << 24))
      if value >= 0, let name = name(boolCount + index) { extended.insert(name) }
    }
    for index in 0..<stringCount {
      guard let value = short(stringOffsets + 2 * index), value >= 0 else { continue }
      if let name = name(boolCount + numberCount + index) { extended.insert(name) }
    }
  }
}
