@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

extension Interpreter {
  /// `wait-for --stable MS`: waits until the screen `id` (the visible one for `nil`, whichever it
  /// is at each look) has not changed for `milliseconds` (its region's cells and cursor, as a
  /// picture takes them), or fails after `seconds` with what it shows. The first look starts the
  /// count: the wait lasts at least `milliseconds`.
  func waitUntilStable(on id: String?, milliseconds: Int, seconds: Double) throws {
    let quiet = Duration.milliseconds(milliseconds)
    var last: (id: String, picture: Picture)?
    var changedAt = MonotonicClock.reading()
    let settled = try wait(
      seconds: seconds,
      askAgainWithin: { Self.milliseconds(changedAt + quiet - MonotonicClock.reading()) },
      until: {
        let now = try screenPicture(id)
        if let last, last.id == now.id, last.picture == now.picture {
          return MonotonicClock.reading() - changedAt >= quiet
        }
        last = now
        changedAt = MonotonicClock.reading()
        return false
      })
    guard !settled else { return }
    let screen = try last?.id ?? screenID(id)
    let time = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    throw LanguageError.failed(
      "wait-for timed out after \(time) s: screen \(quoted(screen)) did not stay the same for "
        + "\(milliseconds) ms" + LanguageError.shownText(last?.picture.text ?? []))
  }
}
