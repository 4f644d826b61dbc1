import TabShellPlatform
import TabShellRendering

extension TerminalMode {
  /// Gives the terminal back now if a mode is active: writes its leave sequence and restores its
  /// attributes, once. Async-signal-safe (a `write` and a `tcsetattr` of data prepared by
  /// ``enter()``): call it from a signal handler, an `atexit` function or a crash path. Returns
  /// whether it restored anything.
  @discardableResult
  package static func restoreNow() -> Bool {
    EmergencyRestore.run()
  }

  /// Installs, once per signal, a handler that restores the terminal (``restoreNow()``) and then
  /// lets the signal do what it does by default (end the process, dump core); and registers
  /// ``restoreNow()`` with `atexit`. For the signals that end a process with a crash (a plugin
  /// that fails a check, a bad access) and any others the caller names (SIGTERM and SIGHUP are
  /// better handled through the loop's signal pipe, so that history is saved).
  package static func restoreOnCrash(alsoOn signals: [Int32] = []) {
    EmergencyRestore.install(on: EmergencyRestore.crashSignals + signals)
  }

  /// The size of the terminal on `fd` in columns and rows, or `nil` when it is not a terminal or
  /// does not say.
  package static func size(of fd: Int32) -> (columns: Int, rows: Int)? {
    Renderer.terminalSize(fd: fd)
  }

  /// Why the full-screen mode cannot run here, or `nil` when it can: `input` and `output` must be
  /// terminals, and `TERM` must be set and not `dumb`.
  package static func unavailability(
    environment: [String: String], input: Int32 = 0, output: Int32 = 1
  ) -> TerminalUnavailable? {
    guard TerminalDevice.isTerminal(input), TerminalDevice.isTerminal(output) else {
      return .notATerminal
    }
    guard let term = environment["TERM"], !term.isEmpty else { return .noTerm }
    if term == "dumb" { return .dumbTerminal }
    return nil
  }
}

/// Why the full-screen mode cannot run.
package enum TerminalUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal.
  case notATerminal
  /// `TERM` is not set.
  case noTerm
  /// `TERM` is `dumb`: the terminal moves no cursor.
  case dumbTerminal

  /// The message for the user.
  package var description: String {
    switch self {
    case .notATerminal: "the full-screen mode needs a terminal on standard input and output"
    case .noTerm: "the full-screen mode needs TERM to name the terminal; it is not set"
    case .dumbTerminal: "the full-screen mode cannot run on a dumb terminal (TERM=dumb)"
    }
  }
}
