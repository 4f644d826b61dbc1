import TabShellPlatform

/// How many colours a terminal type has, as `tput colors` says: terminfo's `colors` number, read
/// from the compiled terminfo entry (no `infocmp`, no curses).
///
/// The entry is looked for where ncurses looks: `$TERMINFO`, `~/.terminfo`, each folder of
/// `$TERMINFO_DIRS`, then `/etc/terminfo`, `/lib/terminfo`, `/usr/share/terminfo` and
/// `/usr/lib/terminfo`, under the name's first character (or its hex code, as macOS files them).
/// With no entry, a name that says its colours (`…-256color`, `…-16color`, `…-direct`,
/// `…-truecolor`) is taken at its word and any other has 8.
package enum TerminalColors {
  /// terminfo's number for 24-bit colour (`xterm-direct`: 16,777,216).
  package static let direct = 1 << 24

  /// The colours of terminal type `term`: -1 when it has none (`vt100`), else their number.
  package static func count(term: String, environment: [String: String]) -> Int {
    if let bytes = entry(term: term, environment: environment), let colors = colors(in: bytes) {
      return colors
    }
    if term.hasSuffix("-direct") || term.contains(text: "truecolor")
      || term.contains(text: "24bit")
    {
      return direct
    }
    if term.contains(text: "256color") { return 256 }
    return term.contains(text: "16color") ? 16 : 8
  }

  /// The `colors` number of a compiled terminfo entry (the legacy format, magic 0432, or the
  /// 32-bit one, magic 01036): -1 when the entry has none, `nil` when the bytes are not an entry.
  package static func colors(in bytes: [UInt8]) -> Int? {
    func short(_ offset: Int) -> Int? {
      guard offset + 1 < bytes.count else { return nil }
      let value = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      return value >= 0x8000 ? value - 0x10000 : value
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let boolCount = short(4), let numberCount = short(6),
      namesSize >= 0, boolCount >= 0, numberCount >= 0
    else { return nil }
    let colorsIndex = 13
    guard numberCount > colorsIndex else { return -1 }
    var start = 12 + namesSize + boolCount
    if start % 2 == 1 { start += 1 }
    let width = magic == 0o432 ? 2 : 4
    let offset = start + colorsIndex * width
    guard offset + width <= bytes.count else { return nil }
    if width == 2 { return short(offset).map { $0 < 0 ? -1 : $0 } }
    var value = 0
    for index in (0..<4).reversed() { value = value << 8 | Int(bytes[offset + index]) }
    return value >= 0x8000_0000 ? -1 : value
  }

  /// The folders a terminfo entry is looked for in, in order.
  package static func folders(environment: [String: String]) -> [String] {
    var folders: [String] = []
    if let folder = environment["TERMINFO"], !folder.isEmpty { folders.append(folder) }
    if let home = environment["HOME"], home.hasPrefix("/") { folders.append(home + "/.terminfo") }
    let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    if let list = environment["TERMINFO_DIRS"] {
      for folder in list.split(separator: ":", omittingEmptySubsequences: false) {
        if folder.isEmpty { folders += system } else { folders.append(String(folder)) }
      }
    }
    return folders + system
  }

  /// The bytes of `term`'s compiled entry, if one is found (a name with `/` or `..` is none).
  package static func entry(term: String, environment: [String: String]) -> [UInt8]? {
    guard let first = term.unicodeScalars.first, !term.contains("/"), term != ".", term != ".."
    else { return nil }
    let hex = String(first.value, radix: 16)
    for folder in folders(environment: environment) {
      for letter in [String(first), hex.count == 1 ? "0" + hex : hex] {
        guard let file = try? InputFile(path: "\(folder)/\(letter)/\(term)") else { continue }
        defer { file.close() }
        guard file.status.isRegularFile, let bytes = try? file.readAll(limit: 1 << 16) else {
          continue
        }
        return bytes
      }
    }
    return nil
  }
}
