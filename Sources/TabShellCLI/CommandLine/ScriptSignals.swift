import Synchronization
import TabShellLanguage
import TabShellPlatform

/// Ctrl-C during a script (`tabshell FILE`, `-c`, a script on stdin): the script stops between two
/// commands with status 130 and `error: interrupted` on stderr, after the output it made so far.
/// A second Ctrl-C ends the process at once, as SIGINT's default action does.
///
/// The handler only sets ``Interpreter/interruption`` (lock-free, async-signal-safe). A SIGINT that
/// was ignored when the process started (a background job of a non-interactive shell) stays ignored.
/// The REPL installs its own handlers over this one while it reads lines.
package enum ScriptSignals {
  /// Catches SIGINT for the rest of the process.
  package static func install() {
    if SignalHandler.isIgnored(Signal.interrupt) { return }
    SignalHandler.install(interruptHandler, for: Signal.interrupt)
  }

  /// The status of a run that ended with `status`: 130, with `error: interrupted` written through
  /// `writeError`, when an interrupt stopped it.
  package static func finish(_ status: Int32, writeError: (String) -> Void) -> Int32 {
    guard Interpreter.interruption.load(ordering: .relaxed) else { return status }
    writeError("error: interrupted\n")
    return 130
  }
}

/// The SIGINT handler: the first one asks the running script to stop; a second one ends the process
/// by SIGINT's default action.
private func interruptHandler(_ signal: Int32) {
  SignalHandler.preservingErrno {
    if Interpreter.interruption.exchange(true, ordering: .relaxed) {
      PendingOutput.standardOutput.flushFromSignalHandler()
      SignalHandler.raiseWithDefaultAction(signal)
    }
  }
}
