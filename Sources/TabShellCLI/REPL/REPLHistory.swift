#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The REPL's history: the lines typed, oldest first, kept across sessions in one file.
///
/// Rules: a blank line is never added; a line equal to the previous entry is not added again; at most
/// ``limit`` entries are kept (the oldest go first). The file holds one entry per line (several lines
/// pasted at one prompt become one, see ``oneLine(_:)``) and is replaced atomically by ``save()``: a
/// crash or a failed write leaves the previous file as it was. Saving appends this session's new lines to what
/// the file holds *now*, so two REPLs open at once both keep their lines. A value type with no global
/// state; the REPL mirrors it into readline's history list.
package struct REPLHistory: Equatable, Sendable {
  /// The history file.
  package let path: String
  /// The most entries kept, in memory and in the file (at least 1).
  package let limit: Int
  /// The entries, oldest first.
  package private(set) var entries: [String]
  /// The entries added since the last ``save()``, oldest first.
  package private(set) var unsaved: [String] = []

  /// A history for `path` holding `entries` (not saved yet), keeping at most `limit` entries.
  package init(path: String, limit: Int = 1_000, entries: [String] = []) {
    self.path = path
    self.limit = max(1, limit)
    self.entries = []
    for entry in entries { add(entry) }
  }

  /// The history stored at `path`: empty when the file does not exist or cannot be read.
  package static func load(path: String, limit: Int = 1_000) -> REPLHistory {
    (try? stored(path: path, limit: limit)) ?? REPLHistory(path: path, limit: limit)
  }

  /// The history stored at `path` (empty when there is no file); throws when the file cannot be read.
  private static func stored(path: String, limit: Int) throws(AtomicFileWriter.Failure)
    -> REPLHistory
  {
    let text = try AtomicFileWriter.contents(ofFile: path) ?? ""
    let lines = text.utf8.split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
    var history = REPLHistory(path: path, limit: limit, entries: lines)
    history.unsaved = []
    return history
  }

  /// Adds a typed line; returns whether it was added (it is not when blank or equal to the last entry).
  @discardableResult
  package mutating func add(_ line: String) -> Bool {
    let entry = Self.oneLine(line)
    guard !Self.isBlank(entry), entry != entries.last else { return false }
    entries.append(entry)
    unsaved.append(entry)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    if unsaved.count > limit { unsaved.removeFirst(unsaved.count - limit) }
    return true
  }

  /// The file's contents: one entry per line.
  package var fileContents: String {
    entries.map { $0 + "\n" }.joined()
  }

  /// Adds the ``unsaved`` entries to the file's current entries (same rules, same bound) and replaces
  /// the file atomically, creating its folder (mode 0700) when missing. A file that exists but cannot
  /// be read is left alone (the save fails) rather than replaced by this session's lines alone.
  package mutating func save() throws(AtomicFileWriter.Failure) {
    var merged = try Self.stored(path: path, limit: limit)
    for entry in unsaved { merged.add(entry) }
    try AtomicFileWriter(path: path).write(merged.fileContents)
    unsaved = []
  }

  private static func isBlank(_ line: String) -> Bool {
    line.allSatisfy { $0.isWhitespace }
  }
}

extension REPLHistory {
  /// Where the history lives: `$XDG_STATE_HOME/tabshell/history`, by default
  /// `~/.local/state/tabshell/history`.
  ///
  /// A relative or empty `XDG_STATE_HOME` is ignored, as the XDG base directory specification asks.
  /// Without `HOME`, the home folder comes from the password database.
  package static func defaultPath(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/tabshell/history"
    }
    return homeFolder(environment: environment) + "/.local/state/tabshell/history"
  }

  private static func homeFolder(environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    if let record = getpwuid(getuid()), let directory = record.pointee.pw_dir {
      return String(cString: directory)
    }
    return "/"
  }
}
