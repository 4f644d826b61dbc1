import TabShellHost
import TabShellTerminal

/// What the full-screen mode (``FullScreenSession``) draws on: the process's own terminal
/// (``LocalTerminal``), or a session's attached clients, whose frames go to several terminals at
/// once.
///
/// The mode never reads or writes a descriptor itself. Its input bytes are handed to it by whoever
/// drives it (``FullScreenSession/receive(_:)``: the local loop reads them from standard input, a
/// session's server from its clients' `input` frames); its frames go to ``write(_:whole:)``; it
/// takes its size from ``size()``.
///
/// Isolation: used only on the thread that runs the mode.
package protocol FullScreenTerminal: AnyObject {
  /// Takes the terminal: raw input, the alternate screen, the mouse, bracketed paste. On an error
  /// the terminal is as it was.
  func enter() throws(TerminalModeError)
  /// Gives the terminal back as it was before ``enter()``. Safe to call more than once.
  func leave()
  /// The terminal's size in columns and rows, or `nil` when it does not say (the mode keeps the
  /// size it had).
  func size() -> (columns: Int, rows: Int)?
  /// Writes one frame's bytes; `whole` when the frame redraws every cell (entering, a resize,
  /// Ctrl-L) rather than the cells that changed. `false` when the terminal is gone.
  func write(_ frame: [UInt8], whole: Bool) -> Bool
  /// A command starts (`true`) or has ended (`false`): a terminal may let Ctrl-C interrupt it
  /// meanwhile (the local one turns its signal keys on).
  func commandRunning(_ running: Bool)
  /// The signals that came since the last call (the local terminal's SIGTERM, SIGHUP, SIGWINCH
  /// and SIGTSTP); nothing for a terminal that gets none.
  /// `drainsPipe`: the wait said the signal pipe is readable (else it is read only when a
  /// signal was recorded).
  func takeSignals(drainsPipe: Bool) -> SignalWatcher.Pending
  /// Ctrl-Z: gives the terminal back and stops until `fg`, or says why it does not.
  func suspend() -> TerminalSuspension
  /// Why Ctrl-X Ctrl-A cannot go back to the line REPL on this terminal, or `nil` when it can.
  var lineModeRefusal: String? { get }
  /// Whether a frame written while a command waits (`sleep`, `wait-for`) reaches the terminal
  /// then: the local one's does, and a session's attached clients' (the server writes their
  /// connections at each wake-up of the wait).
  var showsFramesWhileWaiting: Bool { get }
  /// Whether this is a session's terminal, which `detach` (prefix `d`) leaves running.
  var detaches: Bool { get }
  /// Writes a question to the terminal (its default colours), whose answer comes as input; not a
  /// frame (a recording leaves it out). Nothing for a terminal that asks its own way.
  func ask(_ query: [UInt8])
}

extension FullScreenTerminal {
  /// None by default.
  var showsFramesWhileWaiting: Bool { false }
  /// Not a session's by default.
  package var detaches: Bool { false }
  /// Asks nothing by default (a session's server asks each client as it attaches).
  package func ask(_ query: [UInt8]) {}
}

/// How a terminal took Ctrl-Z (``FullScreenTerminal/suspend()``).
package enum TerminalSuspension: Equatable {
  /// It stopped and came back (`fg`): the next frame is drawn whole.
  case resumed
  /// It stopped but the terminal could not be taken again: the mode ends.
  case lost
  /// It does not stop, for this reason (shown in the output panel).
  case refused(String)
}
