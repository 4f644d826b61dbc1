import TabShellPlatform

/// The signals an attached client acts on, turned into data its loop polls
/// (``TabShellPlatform/SignalPipe``): SIGWINCH (send the new size), SIGHUP (the terminal is gone:
/// detach), SIGTERM and SIGINT (detach and give the terminal back), SIGTSTP (give the terminal
/// back and stop; left alone when it was ignored on entry: no job control) and SIGCONT (take the
/// terminal again). ``restore()`` puts the previous actions back.
///
/// Isolation: one at a time in a process (the client's).
final class ClientSignals {
  /// The signals watched.
  static let watched = [
    Signal.windowChange, Signal.hangUp, Signal.terminate, Signal.interrupt, Signal.terminalStop,
    Signal.continue,
  ]

  private let pipe: SignalPipe
  /// The actions replaced: one table for the process, made once and never freed (as
  /// ``TabShellPlatform/ReplacedSignalActions`` asks), emptied by each ``restore()``.
  private static let previous = ReplacedSignalActions()

  /// The pipe's end to poll: readable when a signal came.
  var readDescriptor: Int32 { pipe.readDescriptor }

  /// Makes the pipe and installs the handlers; `nil` when the pipe cannot be made.
  init?() {
    guard let pipe = SignalPipe() else { return nil }
    self.pipe = pipe
    for signal in Self.watched {
      if signal == Signal.terminalStop, SignalHandler.isIgnored(signal) { continue }
      Self.previous.install(clientSignalHandler, for: signal)
    }
  }

  /// The signals that came since the last call.
  func take() -> Set<Int32> {
    let bits = pipe.take()
    return Set(Self.watched.filter { bits & (1 << UInt64($0)) != 0 })
  }

  /// Puts the previous actions back and closes the pipe.
  func restore() {
    Self.previous.restoreAll()
    pipe.close()
  }
}

/// The C signal handler: saves `errno`, records the signal, restores `errno`.
private func clientSignalHandler(_ signal: Int32) {
  SignalHandler.preservingErrno { SignalPipe.record(signal) }
}
