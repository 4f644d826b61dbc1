import TabShellRendering

/// A recording under way (`record-cast FILE`, docs/Contract.md, "Pictures, recordings,
/// locators"): an asciicast v2 file, its header line then one event a line, each written as soon
/// as it is made. It starts with the picture of the moment; then, each time it is given a picture
/// that differs, what turns the last one into it (``TabShellRendering/CastEncoder``), at the time
/// since the start. A picture of another size is a resize event (`r`), then the new picture whole.
package final class CastRecording {
  /// The file.
  let file: WrittenFile
  /// The screen it records, or `nil` for the whole frame.
  let screen: String?
  private var encoder = CastEncoder()
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant
  private var lastLook: ContinuousClock.Instant
  private var size: (columns: Int, rows: Int)

  /// How often it looks at the screen at most while the shell waits: 30 times a second.
  static let interval = Duration.milliseconds(33)

  /// Starts a recording of `picture` (of `screen`, or the frame) into a new file at `path`.
  init(path: String, name: String, screen: String?, picture: Picture) throws(LanguageError) {
    file = try WrittenFile(path: path, name: name)
    self.screen = screen
    started = clock.now
    lastLook = started
    size = (picture.columns, picture.rows)
    let header =
      "{\"version\":2,\"width\":\(size.columns),\"height\":\(size.rows),"
      + "\"env\":{\"TERM\":\"xterm-256color\"}}\n"
    try file.write(header)
    try event("o", encoder.change(to: picture), at: started)
  }

  /// Whether it is time to look at the screen again while the shell waits.
  var isDue: Bool { lastLook.duration(to: clock.now) >= Self.interval }

  /// Records `picture` if it differs from the last one.
  func record(_ picture: Picture) throws(LanguageError) {
    let now = clock.now
    lastLook = now
    if picture.columns != size.columns || picture.rows != size.rows {
      size = (picture.columns, picture.rows)
      try event("r", "\(size.columns)x\(size.rows)", at: now)
    }
    let change = encoder.change(to: picture)
    if !change.isEmpty { try event("o", change, at: now) }
  }

  /// Ends the recording: the file is closed.
  func stop() {
    file.close()
  }

  /// `[SECONDS, "KIND", "DATA"]`: seconds since the start, to the microsecond.
  private func event(_ kind: String, _ data: String, at moment: ContinuousClock.Instant)
    throws(LanguageError)
  {
    let (seconds, attoseconds) = started.duration(to: moment).components
    let micros = String(attoseconds / 1_000_000_000_000)
    let time = "\(seconds)." + String(repeating: "0", count: 6 - micros.count) + micros
    try file.write("[\(time), \"\(kind)\", \(JSONText.string(data))]\n")
  }
}
