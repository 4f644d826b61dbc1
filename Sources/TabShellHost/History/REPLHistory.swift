import TabShellPlatform

/// The REPL's history: the lines typed, oldest first, kept across sessions in one file.
///
/// Rules: a blank line is never added; a line equal to the previous entry is not added again; at most
/// ``limit`` entries are kept (the oldest go first); a line longer than ``maximumEntryBytes`` is not
/// kept. The file holds one entry per line (several lines pasted at one prompt become one, see
/// ``oneLine(_:)``).
///
/// Saving appends this session's new lines to the file in one `write(2)` with `O_APPEND`, as fish and
/// zsh do: cheap enough for every command, and two REPLs open at once both keep their lines. When the
/// file has grown past twice the limit, the save instead rewrites it atomically (``AtomicFileWriter``)
/// with its last ``limit`` entries, so a crash or a failed write leaves the previous file whole.
/// Loading reads only the last ``tailBytes`` of a big file. A history file that is a symbolic link
/// is written through (the link stays). A value type with no global state; the REPL mirrors it into
/// readline's history list.
package struct REPLHistory: Equatable, Sendable {
  /// The history file; `nil` for a history kept only in memory (no absolute home folder).
  package let path: String?
  /// The most entries kept, in memory and, after a trim, in the file (at least 1).
  package let limit: Int
  /// The entries, oldest first.
  package private(set) var entries: [String]
  /// The entries added since the last ``save()``, oldest first.
  package private(set) var unsaved: [String] = []
  /// The lines in the file as far as this history knows: those read, plus those it appended.
  package private(set) var fileLines = 0

  /// The longest entry kept, in UTF-8 bytes: a longer line is neither added nor loaded.
  package static let maximumEntryBytes = 1 << 16

  /// A history for `path` holding `entries` (not saved yet), keeping at most `limit` entries.
  package init(path: String?, limit: Int = 1_000, entries: [String] = []) {
    self.path = path
    self.limit = max(1, limit)
    self.entries = []
    for entry in entries { add(entry) }
  }

  /// The history stored at `path`: empty when there is no path, no file, or it cannot be read.
  package static func load(path: String?, limit: Int = 1_000) -> REPLHistory {
    guard let path else { return REPLHistory(path: nil, limit: limit) }
    return (try? stored(path: path, limit: limit)) ?? REPLHistory(path: path, limit: limit)
  }

  /// The history stored at `path` (empty when there is no file); throws when the file cannot be read.
  private static func stored(path: String, limit: Int) throws(AtomicFileWriter.Failure)
    -> REPLHistory
  {
    let lines = try tail(ofFile: path, limit: limit)
    var history = REPLHistory(path: path, limit: limit, entries: lines.lines)
    history.unsaved = []
    history.fileLines = lines.count
    return history
  }

  /// Adds a typed line; returns whether it was added (it is not when blank, equal to the last entry,
  /// or longer than ``maximumEntryBytes``).
  @discardableResult
  package mutating func add(_ line: String) -> Bool {
    let entry = Self.oneLine(line)
    guard !Self.isBlank(entry), entry != entries.last, entry.utf8.count <= Self.maximumEntryBytes
    else { return false }
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

  /// Writes the ``unsaved`` entries to the file, creating its folder (mode 0700) and the file (0600)
  /// when missing: appended, or, when the file has grown past twice ``limit`` lines, merged with the
  /// file's last entries and written anew atomically. A path that cannot be read or written (a
  /// folder, a link to nothing) is left as it is and the save fails.
  package mutating func save() throws(AtomicFileWriter.Failure) {
    guard let path, !unsaved.isEmpty else { return }
    if fileLines + unsaved.count > 2 * limit {
      var merged = try Self.stored(path: path, limit: limit)
      for entry in unsaved { merged.add(entry) }
      try AtomicFileWriter(path: path).write(merged.fileContents)
      fileLines = merged.entries.count
    } else {
      try Self.append(unsaved.map { $0 + "\n" }.joined(), to: path)
      fileLines += unsaved.count
    }
    unsaved = []
  }

  private static func isBlank(_ line: String) -> Bool {
    line.allSatisfy { $0.isWhitespace }
  }
}

extension REPLHistory {
  /// Where the history lives: `$XDG_STATE_HOME/tabshell/history`, by default
  /// `~/.local/state/tabshell/history`, by the rule of ``TabShellPlatform/BaseDirectories``: when
  /// `HOME` is not an absolute path, the home folder comes from the password database; `nil` (the
  /// history is not kept) when neither gives an absolute one.
  package static func defaultPath(
    environment: [String: String],
    passwordDatabaseHome: () -> String? = BaseDirectories.passwordDatabaseHome
  ) -> String? {
    BaseDirectories.path(
      .state, "tabshell/history", environment: environment, fallbackHome: passwordDatabaseHome())
  }
}
