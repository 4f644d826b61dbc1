import TabShellPlatform
import TabShellRendering

/// A recording under way (`record-cast FILE`, docs/Contract.md, "Pictures, recordings,
/// locators"): a ``CastFile`` that starts with the picture of the moment; then, each time it is
/// given a picture that differs, what turns the last one into it
/// (``TabShellRendering/CastEncoder``). A picture of another size is a resize event, then the new
/// picture whole.
package final class CastRecording {
  /// The file.
  let file: CastFile
  /// The screen it records, or `nil` for the whole frame.
  let screen: String?
  private var encoder = CastEncoder()
  /// When it last looked at the screen (a ``MonotonicClock/reading()``).
  private var lastLook: Duration

  /// How often it looks at the screen at most while the shell waits: 30 times a second.
  static let interval = Duration.milliseconds(33)

  /// Starts a recording of `picture` (of `screen`, or the frame) into a new file at `path`.
  init(path: String, name: String, screen: String?, picture: Picture) throws(LanguageError) {
    file = try CastFile(path: path, name: name, columns: picture.columns, rows: picture.rows)
    self.screen = screen
    lastLook = MonotonicClock.reading()
    try file.output(encoder.change(to: picture))
  }

  /// Whether it is time to look at the screen again while the shell waits.
  var isDue: Bool { MonotonicClock.reading() - lastLook >= Self.interval }

  /// Records `picture` if it differs from the last one.
  func record(_ picture: Picture) throws(LanguageError) {
    lastLook = MonotonicClock.reading()
    try file.resize(columns: picture.columns, rows: picture.rows)
    try file.output(encoder.change(to: picture))
  }

  /// Ends the recording: the file is closed.
  func stop() {
    file.close()
  }
}
