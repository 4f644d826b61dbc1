/// The program that runs an interpreter (the line REPL, the full-screen mode, a session's
/// server), as the commands that reach beyond the shell see it: `tui`, `detach`, a wait that
/// lets the program draw, the full-screen mode's own commands (`set-focus`, `back`, `panel`), and
/// the command each gesture resolved to. Set once on the interpreter (``Interpreter/host``); a
/// program that switches modes answers for the mode that runs. Each requirement has a default, a
/// program without the thing.
///
/// Isolation: called on the interpreter's thread.
package protocol InterpreterHost: AnyObject {
  /// `tui`: the full-screen mode after the line that asked for it; throws why it cannot be.
  func enterFullScreen() throws(GestureError)
  /// `detach`: detaches the client that typed it, or every client; `false` outside a session.
  func detachClients() -> Bool
  /// A wait's wake-up or end (``WaitMoment``); returns how long the wait may sleep before it
  /// calls again, in milliseconds (-1: no limit): a frame put off is drawn when it is due.
  func whileWaiting(_ moment: WaitMoment) -> Int32
  /// The full-screen mode while it runs, for its commands; `nil` outside it.
  var fullScreen: (any FullScreenControl)? { get }
  /// A gesture resolved to `command` (`tab feed`, `swipe left --cancel`), which has run; only
  /// for a host that ``observesGestures``.
  func gestureResolved(to command: String, succeeded: Bool)
  /// Whether the host is told what gestures resolve to (a key handed to a screen is written as
  /// the command it stands for only for it or a recording). Asked once, when the host is set.
  var observesGestures: Bool { get }
  /// Where what runs prints when the run names no sink of its own: the line prompt's terminal,
  /// the full-screen mode's panel, a session's background; `nil`: the interpreter's own.
  var output: (any OutputSink)? { get }
}

extension InterpreterHost {
  package func enterFullScreen() throws(GestureError) {
    throw .fullScreenOutsidePrompt
  }
  package func detachClients() -> Bool { false }
  package func whileWaiting(_ moment: WaitMoment) -> Int32 { -1 }
  package var fullScreen: (any FullScreenControl)? { nil }
  package func gestureResolved(to command: String, succeeded: Bool) {}
  package var observesGestures: Bool { false }
  package var output: (any OutputSink)? { nil }
}

extension GestureError {
  /// `tui` where no interactive prompt runs (a script, `-c`, `send`).
  static var fullScreenOutsidePrompt: GestureError {
    .fullScreenUnavailable(
      "'tui' works at the interactive prompt ('tabshell --tui' starts full-screen)")
  }
}
