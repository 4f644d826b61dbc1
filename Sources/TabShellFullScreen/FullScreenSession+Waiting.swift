import TabShellLanguage
import TabShellPlatform

/// A command the mode runs that waits (`wait-for`, `sleep`): the frame is drawn meanwhile, so that
/// a terminal tab's output or a clock shows while it waits (docs/Contract.md, "Scripts drive
/// screens").
extension FullScreenSession {
  /// A wait draws at most one frame per interval: 1/60 s.
  static let waitFrameInterval = Duration.milliseconds(16)

  /// A wake-up of a wait (``TabShellLanguage/InterpreterHost/whileWaiting(_:)``): when work came in since
  /// the last frame, the frame is drawn again, unless one was drawn less than
  /// ``waitFrameInterval`` ago: then the wait wakes up again when it is due (the milliseconds
  /// returned). When the wait ends, what came in and is not drawn yet is drawn at once. A
  /// wake-up with nothing new draws nothing, nor does one on a terminal that would not show it
  /// (``FullScreenTerminal/showsFramesWhileWaiting``).
  package func drawWhileWaiting(_ moment: WaitMoment) -> Int32 {
    if moment == .wokeUp(changed: true) { damage.wait.pending = true }
    guard damage.wait.pending, exit == nil, terminal.showsFramesWhileWaiting else { return -1 }
    let now = MonotonicClock.reading()
    if moment != .ended, let drawn = damage.wait.drawn {
      let left = Self.waitFrameInterval - (now - drawn)
      if left > .zero { return Interpreter.milliseconds(left) }
    }
    damage.wait = (false, now)
    damage.pages = true
    drawFrame(tellsScreens: false)
    return -1
  }
}
