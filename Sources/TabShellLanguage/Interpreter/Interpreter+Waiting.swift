@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// What a wait tells its host (``InterpreterHost/whileWaiting(_:)``).
package enum WaitMoment: Equatable {
  /// A wake-up; `changed`: background work came in since the last one.
  case wokeUp(changed: Bool)
  /// The wait ended (done, timed out or interrupted).
  case ended
}

/// What a wait's look at what it waits for found.
enum WaitLook: Equatable {
  /// It is there: the wait is over.
  case done
  /// Not yet: look again when something came in.
  case notYet
  /// The look has not finished (a long search): look again at once, after taking in what came.
  case unfinished
}

extension Interpreter {
  /// The longest one `poll` of a wait lasts, in milliseconds: an interrupt that reached another
  /// thread, or came just before the `poll`, is seen within it. A wait otherwise sleeps until a
  /// plugin writes or a timer is due.
  static let waitSlice: Int32 = 100

  /// The longest one look of `wait-for` searches for a regular expression before the wait takes in
  /// signals, requests and output, and looks on.
  static let searchSlice: Duration = .milliseconds(20)

  /// Waits at most `seconds` until `isDone` says so (see ``wait(seconds:askAgainWithin:looking:)``).
  func wait(
    seconds: Double, askAgainWithin: (() -> Int32)? = nil, until isDone: () throws -> Bool
  ) throws -> Bool {
    try wait(seconds: seconds, askAgainWithin: askAgainWithin) { try isDone() ? .done : .notYet }
  }

  /// Waits at most `seconds` until `look` says it is done, taking in the background work meanwhile
  /// (``backgroundDescriptors``, ``backgroundTimeout``, ``takeInBackgroundWork()``): `look` is
  /// asked first, then after each wake-up that had work (a descriptor ready, a timer or a
  /// source's work due), not after one that only ends a ``waitSlice``, and at once again (after a
  /// `poll` that does not sleep) when it had not finished; the host's ``InterpreterHost/whileWaiting(_:)`` is called at each
  /// wake-up (which comes no later than it asks) and when the wait ends. Returns whether it said
  /// so in time; an interrupt (Ctrl-C) throws ``Interrupted``.
  ///
  /// With `askAgainWithin`, `look` is asked after every wake-up, and no wake-up comes later than
  /// it says (in milliseconds), however quiet the background is: for a wait on time passing.
  func wait(
    seconds: Double, askAgainWithin: (() -> Int32)? = nil, looking look: () throws -> WaitLook
  ) throws -> Bool {
    let deadline = MonotonicClock.reading() + .seconds(seconds)
    var changed = true
    var unfinished = false
    var hostLimit: Int32 = -1
    defer { _ = host?.whileWaiting(.ended) }
    // A command's wait looks at the programs' foreground processes in the round that took their
    // output in (a script's `expect title` after `wait-for`).
    let putsOffLooks = services.terminals?.putsOffForegroundLooks ?? false
    if putsOffLooks { services.terminals?.putsOffForegroundLooks = false }
    defer { if putsOffLooks { services.terminals?.putsOffForegroundLooks = true } }
    while true {
      if Self.isInterrupted { throw Interrupted() }
      if changed || unfinished || askAgainWithin != nil {
        let found = try look()
        if found == .done { return true }
        unfinished = found == .unfinished
      }
      let left = deadline - MonotonicClock.reading()
      guard left > .zero else { return false }
      var timeout = unfinished ? 0 : min(Self.waitSlice, Self.milliseconds(left))
      if hostLimit >= 0 { timeout = min(timeout, hostLimit) }
      if let askAgainWithin { timeout = min(timeout, max(1, askAgainWithin())) }
      // The descriptors first: asking them writes the input the programs were sent, which the
      // timeout then counts with (input a terminal did not take is tried again soon).
      let descriptors = backgroundDescriptors
      let background = backgroundTimeout
      if background >= 0 { timeout = min(timeout, background) }
      let ready = SystemIO.pollReadable(descriptors, milliseconds: timeout)
      changed = ready.contains(true) || (background >= 0 && background <= timeout)
      if changed { try takeInBackgroundWork() }
      if observation.cast != nil { recordCast() }
      hostLimit = host?.whileWaiting(.wokeUp(changed: changed)) ?? -1
    }
  }

  /// `wait-for`: waits until the screen `id` (the visible one for `nil`) shows what `match` looks
  /// for, or fails after `seconds` with what it shows. A screen that is not there (or no screen
  /// at all) fails at once.
  func waitFor(_ match: ScreenTextMatch, on id: String?, seconds: Double) throws {
    var last: (screen: String, text: [String]) = ("", [])
    var looking = ScreenTextMatch.Looking(match)
    let deadline = MonotonicClock.reading() + .seconds(seconds)
    let found = try wait(seconds: seconds) {
      let looked = if let id { shell.screen(id: id) } else { shell.visibleScreen }
      guard let screen = looked else { throw id.map { ShellError.noSuchScreen($0) } ?? .noTabs }
      last = (screen.id, screenText(of: screen.id))
      let slice = min(MonotonicClock.reading() + Self.searchSlice, deadline)
      return looking.look(at: last.text.joined(separator: "\n"), until: slice)
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
