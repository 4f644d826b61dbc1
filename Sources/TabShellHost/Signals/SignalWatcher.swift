import Synchronization
import TabShellLanguage
import TabShellPlatform

/// Catches SIGINT, SIGTERM, SIGHUP, SIGWINCH and SIGTSTP for the REPL and turns them into data that the REPL's
/// `poll` loop reads (the self-pipe trick): the handler only sets a bit and writes one byte to a pipe,
/// both async-signal-safe; the loop wakes up on the pipe and asks ``takePending()`` what arrived.
///
/// Isolation: one watcher at a time (the REPL's); the handler reaches the watcher's state through two
/// atomics, initialised before any handler is installed. ``restore()`` puts the previous handlers back.
/// SIGTSTP is left alone when it was ignored on entry (no job control).
package final class SignalWatcher {
  /// What arrived since the last look.
  package struct Pending: Equatable {
    /// Ctrl-C: abandon the line being typed.
    package var interrupt = false
    /// SIGTERM or SIGHUP (the number), when one arrived: leave.
    package var termination: Int32?
    /// The terminal changed size.
    package var resize = false
    /// Ctrl-Z: stop (see ``SignalWatcher/stopProcess()``).
    package var suspend = false

    /// Nothing arrived.
    package init() {}
  }

  /// The signals watched.
  static let watched: [Int32] = [
    Signal.interrupt, Signal.terminate, Signal.hangUp, Signal.windowChange, Signal.terminalStop,
  ]

  /// Whether SIGTERM and SIGHUP arm ``FatalSignals/armDeadline(for:)`` (not in a session's server,
  /// which ends in its own time and must remove its socket).
  private static let armsDeadline = Atomic<Bool>(true)

  /// The pipe's end to poll for reading: readable when a signal arrived.
  package var readDescriptor: Int32 { pipe.readDescriptor }
  private let pipe: SignalPipe
  /// The actions replaced: one table for the process, made once and never freed (as
  /// ``TabShellPlatform/ReplacedSignalActions`` asks), emptied by each ``restore()``.
  private static let previous = ReplacedSignalActions()

  /// Creates the pipe and installs the handlers; `nil` when the pipe cannot be made. With
  /// `deadline` false, SIGTERM and SIGHUP do not end the process after a deadline.
  package init?(deadline: Bool = true) {
    guard let pipe = SignalPipe() else { return nil }
    self.pipe = pipe
    Self.armsDeadline.store(deadline, ordering: .sequentiallyConsistent)
    for signal in Self.watched { install(signal) }
  }

  /// The signals that arrived since the last call; empties the pipe. Called between commands: an
  /// interrupt (or termination) taken here has no command left to stop, so the interpreter's
  /// ``TabShellLanguage/Interpreter/interruption`` is cleared with it (else the next command would
  /// stop before it starts).
  /// Unless `drainsPipe`, the pipe is read only when a signal was recorded (the loop's wait
  /// passes `true` when it says the pipe is readable).
  package func takePending(drainsPipe: Bool = true) -> Pending {
    let bits = pipe.take(onlyIfArrived: !drainsPipe)
    // Nothing came (three times a key): the signals' numbers are not looked up.
    guard bits != 0 else { return Pending() }
    Interpreter.interruption.store(false, ordering: .relaxed)
    func has(_ signal: Int32) -> Bool { bits & (1 << UInt64(signal)) != 0 }
    var pending = Pending()
    pending.interrupt = has(Signal.interrupt)
    pending.resize = has(Signal.windowChange)
    pending.suspend = has(Signal.terminalStop)
    if has(Signal.terminate) {
      pending.termination = Signal.terminate
    } else if has(Signal.hangUp) {
      pending.termination = Signal.hangUp
    }
    return pending
  }

  /// Puts the previous handlers back and closes the pipe.
  package func restore() {
    Self.previous.restoreAll()
    pipe.close()
  }

  /// Stops the process as Ctrl-Z would have (the default action of SIGTSTP), and catches SIGTSTP again
  /// when the process continues (`fg`).
  package func stopProcess() {
    SignalHandler.stopWithDefaultAction(Signal.terminalStop)
  }

  private func install(_ signal: Int32) {
    if signal == Signal.terminalStop, SignalHandler.isIgnored(signal) { return }
    Self.previous.install(signalHandler, for: signal)
  }

  /// Called by the handler: records `signal` and wakes the loop.
  fileprivate static func record(_ signal: Int32) {
    // A command running now stops before its next step (Ctrl-C: back to the prompt; SIGTERM,
    // SIGHUP: then the REPL ends).
    if signal == Signal.interrupt || signal == Signal.terminate || signal == Signal.hangUp {
      Interpreter.interruption.store(true, ordering: .relaxed)
    }
    if signal == Signal.terminate || signal == Signal.hangUp,
      armsDeadline.load(ordering: .sequentiallyConsistent)
    {
      FatalSignals.armDeadline(for: signal)
    }
    SignalPipe.record(signal)
  }
}

/// The C signal handler: saves `errno`, records the signal, restores `errno`.
private func signalHandler(_ signal: Int32) {
  SignalHandler.preservingErrno { SignalWatcher.record(signal) }
}
