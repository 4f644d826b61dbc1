import TabShellPlatform

/// Ctrl-C in `tabshell send` (docs/Contract.md, "Sessions"), turned into data its wait for the
/// answer polls (``TabShellPlatform/SignalPipe``): SIGINT is caught while the answer is waited for,
/// so that the session interrupts the commands and what they printed so far is printed before the
/// client ends, as SIGINT ends a process (``endByInterrupt()``). Left alone when SIGINT is ignored
/// (a background job's).
///
/// Isolation: one at a time in a process (the client's).
final class SendInterrupts {
  /// The action replaced: one table for the process, made once and never freed (as
  /// ``TabShellPlatform/ReplacedSignalActions`` asks).
  private static let previous = ReplacedSignalActions()
  private let pipe: SignalPipe

  /// Catches SIGINT; `nil` when it is ignored or the pipe cannot be made.
  init?() {
    guard !SignalHandler.isIgnored(Signal.interrupt), let pipe = SignalPipe() else { return nil }
    self.pipe = pipe
    Self.previous.install(sendInterruptHandler, for: Signal.interrupt)
  }

  /// Whether SIGINT came since the last call.
  func came() -> Bool {
    pipe.take() & (1 << UInt64(Signal.interrupt)) != 0
  }

  /// Ends the process as SIGINT ends one that does not catch it (its status says so, and a
  /// calling shell script stops).
  func endByInterrupt() -> Never {
    SignalHandler.raiseWithDefaultAction(Signal.interrupt)
    CurrentProcess.exitNow(130)
  }

  /// Puts the previous action back and closes the pipe.
  func restore() {
    Self.previous.restoreAll()
    pipe.close()
  }
}

/// The C signal handler: saves `errno`, records the signal, restores `errno`.
private func sendInterruptHandler(_ signal: Int32) {
  SignalHandler.preservingErrno { SignalPipe.record(signal) }
}
