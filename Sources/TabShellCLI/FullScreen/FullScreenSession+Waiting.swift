/// A command the mode runs that waits (`wait-for`, `sleep`): the frame is drawn meanwhile, so that
/// a terminal tab's output or a clock shows while it waits (docs/Contract.md, "Scripts drive
/// screens").
extension FullScreenSession {
  /// A wait draws at most one frame per interval: 1/60 s.
  static let waitFrameInterval = Duration.milliseconds(16)

  /// A wake-up of a wait (``TabShellLanguage/Interpreter/whileWaiting``): when work came in since
  /// the last frame, the frame is drawn again, unless one was drawn less than
  /// ``waitFrameInterval`` ago (then at a later wake-up); a wake-up with nothing new draws
  /// nothing, nor does one on a terminal that would not show it
  /// (``FullScreenTerminal/showsFramesWhileWaiting``).
  func drawWhileWaiting(changed: Bool) {
    if changed { waitFrame.pending = true }
    guard waitFrame.pending, exit == nil, terminal.showsFramesWhileWaiting else { return }
    let now = ContinuousClock.now
    if let drawn = waitFrame.drawn, drawn.duration(to: now) < Self.waitFrameInterval { return }
    waitFrame = (false, now)
    view.invalidate()
    drawFrame(tellsScreens: false)
  }
}
