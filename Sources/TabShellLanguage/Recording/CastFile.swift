import TabShellPlatform

/// An asciicast v2 file being written (docs/Contract.md, "Pictures, recordings, locators"): its
/// header line, then one event a line, `[SECONDS, "KIND", "DATA"]`, seconds since it was made, to
/// the microsecond; each line reaches the file as it is written. `record-cast` writes what
/// changed in a picture into one; `tabshell --cast FILE` the full-screen mode's frames.
package final class CastFile {
  private let file: WrittenFile
  /// When it was made (a ``MonotonicClock/reading()``).
  private let started: Duration
  /// The size it says now: the header's, then the last resize's.
  package private(set) var size: (columns: Int, rows: Int)

  /// The file's name, as the user wrote it.
  package var name: String { file.name }

  /// Makes the file at `path` (its folders too; `name` is how errors name it) with its header: a
  /// terminal of `columns` × `rows`.
  package init(path: String, name: String, columns: Int, rows: Int) throws(LanguageError) {
    file = try WrittenFile(path: path, name: name)
    started = MonotonicClock.reading()
    size = (columns, rows)
    try file.write(
      "{\"version\":2,\"width\":\(columns),\"height\":\(rows),"
        + "\"env\":{\"TERM\":\"xterm-256color\"}}\n")
  }

  /// What the terminal was sent now (an `o` event); nothing for nothing.
  package func output(_ data: String) throws(LanguageError) {
    guard !data.isEmpty else { return }
    try event("o", data)
  }

  /// The terminal's size changed (an `r` event, `COLSxROWS`), when it did.
  package func resize(columns: Int, rows: Int) throws(LanguageError) {
    guard columns != size.columns || rows != size.rows else { return }
    size = (columns, rows)
    try event("r", "\(columns)x\(rows)")
  }

  /// Closes the file; later events fail.
  package func close() {
    file.close()
  }

  private func event(_ kind: String, _ data: String) throws(LanguageError) {
    let (seconds, attoseconds) = (MonotonicClock.reading() - started).components
    let micros = String(attoseconds / 1_000_000_000_000)
    let time = "\(seconds)." + String(repeating: "0", count: 6 - micros.count) + micros
    try file.write("[\(time), \"\(kind)\", \(JSONText.string(data))]\n")
  }
}
