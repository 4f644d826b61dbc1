import Synchronization
import TabShellLanguage
import TabShellPlatform

/// SIGTERM and SIGHUP while `tabshell test` runs its scripts: the run stops as after Ctrl-C (the
/// scripts and what they started are killed, the scripts' runtime folder is removed), then the
/// signal ends the process as it would have. Without this, the runner ended at once and left the
/// folder and the scripts running.
///
/// The handler only sets atomics (async-signal-safe). A signal ignored at start stays ignored.
enum TestSignals {
  static let watched = [Signal.terminate, Signal.hangUp]
  /// The signal that stopped the run (0: none).
  private static let received = Atomic<Int32>(0)
  private static let previous = ReplacedSignalActions()

  /// Catches the ``watched`` signals until ``restore()``; they are unblocked too (a runner
  /// started by a parent that had them blocked, as a test process's thread has, gets them).
  static func install() {
    received.store(0, ordering: .sequentiallyConsistent)
    SignalHandler.unblockAll()
    for signal in watched where !SignalHandler.isIgnored(signal) {
      previous.install(stopHandler, for: signal)
    }
  }

  /// Holds the ``watched`` signals back (blocked) until ``unblock()``: across a fork, so that
  /// one that comes before the child has put its own actions back waits for them (the runner's
  /// handler in the child would only set a flag there, and the script would run on).
  static func block() {
    for signal in watched { SignalHandler.block(signal) }
  }

  /// Lets the ``watched`` signals through again: one that waited is delivered now.
  static func unblock() {
    for signal in watched { SignalHandler.unblock(signal) }
  }

  /// Puts the handlers that were there back (in the runner, or in a child just forked, so that a
  /// script ends by these signals as `tabshell FILE` does).
  package static func restore() {
    previous.restoreAll()
  }

  /// After the run: when one of the signals stopped it, the handlers are put back and it is sent
  /// again, ending the process as it would have.
  static func endByTheSignalReceived() {
    let signal = Self.received.load(ordering: .sequentiallyConsistent)
    restore()
    if signal != 0 { SignalHandler.raise(signal) }
  }

  fileprivate static func record(_ signal: Int32) {
    received.store(signal, ordering: .sequentiallyConsistent)
    Interpreter.interruption.store(true, ordering: .relaxed)
  }
}

private func stopHandler(_ signal: Int32) {
  SignalHandler.preservingErrno { TestSignals.record(signal) }
}
