#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The REPL's history: the lines typed, oldest first, kept across sessions in one file.
///
/// Rules: a blank line is never added; a line equal to the previous entry is not added again; at most
/// ``limit`` entries are kept (the oldest go first). The file holds one entry per line (a line break
/// typed into a command is stored as a space) and is replaced atomically by ``save()``: a crash or a
/// failed write leaves the previous file as it was. A value type with no global state; the REPL mirrors
/// it into readline's history list.
package struct REPLHistory: Equatable, Sendable {
  /// The history file.
  package let path: String
  /// The most entries kept, in memory and in the file (at least 1).
  package let limit: Int
  /// The entries, oldest first.
  package private(set) var entries: [String]

  /// An empty history for `path`, keeping at most `limit` entries.
  package init(path: String, limit: Int = 1_000, entries: [String] = []) {
    self.path = path
    self.limit = max(1, limit)
    self.entries = []
    for entry in entries { add(entry) }
  }

  /// The history stored at `path`: empty when the file does not exist or cannot be read.
  package static func load(path: String, limit: Int = 1_000) -> REPLHistory {
    let text = AtomicFileWriter.readText(atPath: path) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    return REPLHistory(path: path, limit: limit, entries: lines)
  }

  /// Adds a typed line; returns whether it was added (it is not when blank or equal to the last entry).
  @discardableResult
  package mutating func add(_ line: String) -> Bool {
    let entry = Self.singleLine(line)
    guard !Self.isBlank(entry), entry != entries.last else { return false }
    entries.append(entry)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    return true
  }

  /// The file's contents: one entry per line.
  package var fileContents: String {
    entries.map { $0 + "\n" }.joined()
  }

  /// Writes the history to ``path`` atomically, creating its folder (mode 0700) when missing.
  package func save() throws(AtomicFileWriter.Failure) {
    try AtomicFileWriter(path: path).write(fileContents)
  }

  private static func singleLine(_ line: String) -> String {
    String(line.map { $0.isNewline ? " " : $0 })
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
