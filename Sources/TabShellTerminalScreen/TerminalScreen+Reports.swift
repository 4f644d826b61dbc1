@_spi(Host) import TabShellKit
import TabShellPlatform

extension TerminalScreen {
  /// Tells the shell what the program did in the round just taken in, each as a request of its
  /// own, in this order: the title it set (``ScreenRequest/setTitle(_:)``) or the name of its
  /// foreground process (``followForeground()``), output while the screen is not visible
  /// (``ScreenRequest/activity``, once until it is visible again; none before its output was
  /// ever shown as it came or keys sent to it), the
  /// bell (``ScreenRequest/bell``, several in a round are one), the text its OSC 52 set (to
  /// ``TerminalSessions/onClipboard``, the last of a round), and its end
  /// (``ScreenRequest/exited(status:)``) when it `ended` in this round. `putsOffLook`: the look at
  /// the foreground process may be put off (``TerminalSession/foregroundName(fresh:putOff:)``).
  func report(ended: Bool, putsOffLook: Bool = false) {
    let emulator = session.emulator
    if let title = emulator.takeTitle() {
      // A title of the program's own wins over the name of its foreground process, until it
      // sets an empty one.
      programTitled = !screenTitle(title).isEmpty
      if programTitled { context.send(.setTitle(title)) } else { foregroundName = nil }
    }
    followForeground(putOff: putsOffLook)
    // What a program writes before any of its output was shown as it came, or keys were sent to
    // it (the prompt it starts with), is not activity.
    let wrote = session.takeWrote()
    if wrote, isVisible { lookedAt = true }
    if wrote, !isVisible, !toldActivity, lookedAt {
      toldActivity = true
      context.send(.activity)
    }
    if emulator.takeBell() { context.send(.bell) }
    if let text = emulator.takeClipboard() { sessions?.onClipboard?(text) }
    if ended, let ending = session.ending { context.send(.exited(status: Self.status(ending))) }
  }

  /// Names the screen after its program's foreground process (`bash`, `vim`, `top`) while the
  /// program set no title of its own: the name as the kernel keeps it (``TerminalSession/
  /// foregroundName()``), sent when it changes. The shell keeps a title that was given
  /// (`--title`, `rename-tab`) instead.
  /// Returns whether the name changed.
  /// `fresh`: the name read again whatever was read last; `putOff`: the look may be put off
  /// (``TerminalSession/foregroundName(fresh:putOff:)``).
  @discardableResult
  func followForeground(fresh: Bool = false, putOff: Bool = false) -> Bool {
    guard !programTitled, session.ending == nil,
      let name = session.foregroundName(fresh: fresh, putOff: putOff),
      name != foregroundName
    else { return false }
    foregroundName = name
    context.send(.setTitle(name))
    return true
  }

  /// `$status` of an `exited` event: the exit status, or 128 + N for a program killed by the
  /// signal N, as shells say.
  static func status(_ ending: PseudoTerminal.Ending) -> Int {
    switch ending {
    case .exited(let status): Int(status)
    case .killed(let signal): 128 + Int(signal)
    }
  }
}
