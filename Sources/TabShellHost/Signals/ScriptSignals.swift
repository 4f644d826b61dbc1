import Synchronization
import TabShellLanguage
import TabShellPlatform

/// Ctrl-C during a script (`tabshell FILE`, `-c`, a script on stdin): the script stops between two
/// commands with status 130 and `error: interrupted` on stderr, after the output it made so far.
/// A second Ctrl-C ends the process at once, as SIGINT's default action does.
///
/// Ctrl-C in an interactive shell never ends it, from its start-up (plugins, the start-up file)
/// to its end: it stops what runs (the start-up file, a command), the REPL installs its own
/// handlers over this one while it reads lines, and the shell's exit status stays its own. Until
/// the command line says which it is (``settle(interactive:)``), a second Ctrl-C does not end the
/// process either.
///
/// The handler only sets ``Interpreter/interruption`` (lock-free, async-signal-safe). A SIGINT that
/// was ignored when the process started (a background job of a non-interactive shell) stays ignored;
/// one held back (blocked) when it started, as the `tabshell` executable and the backtracer's
/// second start hold it while they hand the process over, comes through once caught.
package enum ScriptSignals {
  /// Whether a second Ctrl-C ends the process: a script (or any other command line but the
  /// REPL) runs. Only `Bool` atomics here: the handler reads them, and an atomic of a type of
  /// its own (a `RawRepresentable` enum) makes the runtime allocate its generic metadata the
  /// first time, which in a signal handler that interrupted `malloc` corrupted the heap.
  private static let secondEnds = Atomic<Bool>(false)
  /// Whether an interactive shell runs: its exit status stands.
  private static let interactive = Atomic<Bool>(false)

  /// Catches SIGINT for the rest of the process.
  package static func install() {
    defer { SignalHandler.unblock(Signal.interrupt) }
    if SignalHandler.isIgnored(Signal.interrupt) { return }
    SignalHandler.install(interruptHandler, for: Signal.interrupt)
  }

  /// The command line said what runs: an interactive shell (the REPL, whose Ctrl-C abandons the
  /// line or stops the command that runs), or anything else (a script), whose second Ctrl-C ends
  /// the process from now on.
  package static func settle(interactive: Bool) {
    Self.interactive.store(interactive, ordering: .relaxed)
    secondEnds.store(!interactive, ordering: .relaxed)
  }

  /// Whether a second Ctrl-C ends the process: a script's. Async-signal-safe.
  fileprivate static var secondInterruptEnds: Bool { secondEnds.load(ordering: .relaxed) }

  /// The status of a run that ended with `status`: 130, with `error: interrupted` written through
  /// `writeError`, when an interrupt stopped it (an interactive shell's status stands).
  package static func finish(_ status: Int32, writeError: (String) -> Void) -> Int32 {
    guard !interactive.load(ordering: .relaxed),
      Interpreter.interruption.load(ordering: .relaxed)
    else { return status }
    writeError("error: interrupted\n")
    return 130
  }
}

/// The SIGINT handler: the first one asks the running script to stop; a second one ends a script's
/// process by SIGINT's default action.
private func interruptHandler(_ signal: Int32) {
  SignalHandler.preservingErrno {
    if Interpreter.interruption.exchange(true, ordering: .relaxed),
      ScriptSignals.secondInterruptEnds
    {
      PendingOutput.standardOutput.flushFromSignalHandler()
      SignalHandler.raiseWithDefaultAction(signal)
    }
  }
}
