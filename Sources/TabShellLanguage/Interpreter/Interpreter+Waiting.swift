@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// What a wait tells ``Interpreter/whileWaiting``.
package enum WaitMoment: Equatable {
  /// A wake-up; `changed`: background work came in since the last one.
  case wokeUp(changed: Bool)
  /// The wait ended (done, timed out or interrupted).
  case ended
}

extension Interpreter {
  /// The longest one `poll` of a wait lasts, in milliseconds: an interrupt that reached another
  /// thread, or came just before the `poll`, is seen within it. A wait otherwise sleeps until a
  /// plugin writes or a timer is due.
  static let waitSlice: Int32 = 100

  /// Waits at most `seconds` until `isDone` says so, taking in the background work meanwhile
  /// (``backgroundDescriptors``, ``backgroundTimeout``, ``takeInBackgroundWork()``): `isDone` is
  /// asked first, then after each wake-up that had work (a descriptor ready, a timer or a
  /// source's work due), not after one that only ends a ``waitSlice``; ``whileWaiting`` is called
  /// at each wake-up (which comes no later than it asks) and when the wait ends. Returns whether
  /// it said so in time; an interrupt (Ctrl-C) throws ``Interrupted``.
  ///
  /// With `askAgainWithin`, `isDone` is asked after every wake-up, and no wake-up comes later than
  /// it says (in milliseconds), however quiet the background is: for a wait on time passing.
  func wait(
    seconds: Double, askAgainWithin: (() -> Int32)? = nil, until isDone: () throws -> Bool
  ) throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    var changed = true
    var hostLimit: Int32 = -1
    defer { _ = whileWaiting?(.ended) }
    while true {
      if Self.isInterrupted { throw Interrupted() }
      if changed || askAgainWithin != nil, try isDone() { return true }
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return false }
      var timeout = min(Self.waitSlice, Self.milliseconds(left))
      if hostLimit >= 0 { timeout = min(timeout, hostLimit) }
      if let askAgainWithin { timeout = min(timeout, max(1, askAgainWithin())) }
      let background = backgroundTimeout
      if background >= 0 { timeout = min(timeout, background) }
      let ready = SystemIO.pollReadable(backgroundDescriptors, milliseconds: timeout)
      changed = ready.contains(true) || (background >= 0 && background <= timeout)
      if changed { try takeInBackgroundWork() }
      if castRecording != nil { recordCast() }
      hostLimit = whileWaiting?(.wokeUp(changed: changed)) ?? -1
    }
  }

  /// `wait-for`: waits until the screen `id` (the visible one for `nil`) shows what `match` looks
  /// for, or fails after `seconds` with what it shows. A screen that is not there (or no screen
  /// at all) fails at once.
  func waitFor(_ match: ScreenTextMatch, on id: String?, seconds: Double) throws {
    var last: (screen: String, text: [String]) = ("", [])
    let found = try wait(seconds: seconds) {
      let looked = if let id { shell.screen(id: id) } else { shell.visibleScreen }
      guard let screen = looked else { throw id.map { ShellError.noSuchScreen($0) } ?? .noTabs }
      last = (screen.id, screenText(of: screen.id))
      return match.isFound(in: last.text.joined(separator: "\n"))
    }
    guard !found else { return }
    throw LanguageError.waitTimedOut(
      text: match.text, isRegex: match.isRegex, screen: last.screen, seconds: seconds,
      screenText: last.text)
  }

  /// A screen's text as `show` draws it in its region, without colour, at the size `size` sets.
  func screenText(of id: String) -> [String] {
    var options = view.renderOptions
    options.color = .none
    return Renderer.screenText(shell, screen: id, options: options) ?? []
  }

  /// A duration in whole milliseconds, rounded up (a wait never wakes before it is due).
  package static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let rounded = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: rounded)
  }
}
