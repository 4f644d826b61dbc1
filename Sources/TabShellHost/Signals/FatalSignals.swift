import Synchronization
import TabShellPlatform

/// What the process does when a signal ends it: nothing it already printed is lost, and a crash says
/// whose code crashed.
///
/// - SIGTERM and SIGHUP (outside the REPL, which handles them itself), and every other signal
///   whose default action ends the process without a crash (SIGUSR1, SIGUSR2, SIGPIPE, SIGXCPU,
///   SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, the real-time signals; SIGALRM when no
///   deadline is armed; SIGINT is ``ScriptSignals``' and the REPL's): stdout's pending bytes are
///   written out, the terminal gets back the settings it had at start (the full-screen mode's
///   restorer first: the main screen, the cursor, the mouse off), then the signal ends the process
///   as it would have.
/// - A crash (SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGQUIT, SIGSYS), say a plugin's
///   `fatalError`: stdout's pending bytes are written out, stderr gets `error: plugin 'NAME' crashed
///   (SIGILL)` when a plugin's code was running (``TabShellPlatform/RunningPlugin``), else `error:
///   tabshell crashed (SIGILL)`, the terminal gets back the settings it had at start, and then the
///   handler that was there before (the Swift runtime's backtracer) runs, or the signal's default
///   action.
///
/// The handlers only use async-signal-safe calls: atomic loads, `write(2)`, `tcsetattr`,
/// `sigaction` and `raise`.
package enum FatalSignals {
  static let crashes: [Int32] = [
    Signal.abort, Signal.illegalInstruction, Signal.trap, Signal.segmentationFault,
    Signal.busError, Signal.arithmeticError, Signal.quit, Signal.badSystemCall,
  ]
  /// The signals that end the process without a crash, SIGINT and SIGALRM aside.
  static let terminating: [Int32] = SignalHandler.endingByDefault.filter {
    !crashes.contains($0) && $0 != Signal.interrupt && $0 != Signal.alarm
  }

  /// The handlers replaced, by signal number (to hand a crash on to the Swift runtime's
  /// backtracer).
  private static let replaced = ReplacedSignalActions()
  /// The terminal's settings at start: written by ``install()`` before any handler is installed,
  /// then only read (by the handlers). A fixed block, so that a handler reads it without touching
  /// Swift's reference counts or access checks.
  nonisolated(unsafe) private static let terminal: UnsafeMutablePointer<TerminalAttributes?> = {
    let block = UnsafeMutablePointer<TerminalAttributes?>.allocate(capacity: 1)
    block.initialize(to: nil)
    return block
  }()
  private static let hasTerminal = Atomic<Bool>(false)
  private static let crashing = Atomic<Bool>(false)
  /// The terminating signal the REPL was asked to stop by (0: none), for ``armDeadline(for:)``.
  private static let terminatingSignal = Atomic<Int32>(0)
  /// A function the full-screen mode sets to give the terminal back from a signal handler (it
  /// must be async-signal-safe), as an address; 0 for none.
  private static let terminalRestorer = Atomic<Int>(0)

  /// Installs the handlers for the rest of the process. A terminating signal that was ignored when
  /// the process started (`nohup`) stays ignored.
  package static func install() {
    PendingOutput.standardOutput.flush()
    RunningPlugin.prepare()
    if TerminalDevice.isTerminal(0) { terminal.pointee = TerminalAttributes.of(0) }
    hasTerminal.store(terminal.pointee != nil, ordering: .releasing)
    for signal in terminating where !SignalHandler.isIgnored(signal) {
      replaced.install(terminatingHandler, for: signal)
    }
    for signal in crashes {
      replaced.install(crashHandler, for: signal, blocking: terminating)
    }
    SignalHandler.install(deadlineHandler, for: Signal.alarm)
  }

  /// The REPL was asked to stop by `signal` (SIGTERM, SIGHUP): it stops at the next command, but a
  /// plugin's code that never returns cannot be stopped, so after a deadline (0.9 s) the process
  /// ends anyway — its output written, its terminal given back, with status 128 + `signal`. History
  /// is appended line by line, so nothing typed is lost. Async-signal-safe: the REPL's signal
  /// handler calls it.
  package static func armDeadline(for signal: Int32) {
    guard
      terminatingSignal.compareExchange(
        expected: 0, desired: signal, ordering: .acquiringAndReleasing
      ).exchanged
    else { return }
    SignalHandler.alarm(afterMicroseconds: 900_000)
  }

  /// Sets (or with `nil` clears) the async-signal-safe function that gives the terminal back from
  /// the full-screen mode, for the deadline and for crashes.
  package static func setTerminalRestorer(_ restore: (@convention(c) () -> Void)?) {
    terminalRestorer.store(
      restore.map { unsafeBitCast($0, to: Int.self) } ?? 0, ordering: .releasing)
  }

  /// Gives the terminal back: the full-screen mode's restorer, then the settings at start.
  fileprivate static func restoreTerminal() {
    let restorer = terminalRestorer.load(ordering: .acquiring)
    if restorer != 0 { unsafeBitCast(restorer, to: (@convention(c) () -> Void).self)() }
    if hasTerminal.load(ordering: .acquiring) { _ = terminal.pointee?.applyNow(to: 0) }
  }

  /// The deadline passed: the process ends now. A SIGALRM that no deadline asked for ends it as
  /// SIGALRM does.
  fileprivate static func deadlinePassed() {
    let signal = terminatingSignal.load(ordering: .acquiring)
    guard signal != 0 else { return terminate(Signal.alarm) }
    PendingOutput.standardOutput.flushFromSignalHandler()
    restoreTerminal()
    CurrentProcess.exitNow(128 + signal)
  }

  /// Turns off the interactive mode of Swift's backtracer, which after a crash with stdin and stdout
  /// on a terminal waits up to 30 s for a key (and keeps the terminal) before the process ends.
  ///
  /// The runtime reads `SWIFT_BACKTRACE` once, as the process starts, so this runs the executable
  /// again (one `exec`, before anything else happens) with `interactive=no` added to it. It does so
  /// only when the backtracer would be interactive: stdin and stdout are terminals and
  /// `SWIFT_BACKTRACE` says nothing of `interactive`. SIGINT is blocked across the `exec`. When the
  /// `exec` fails, the process goes on.
  /// Call it first thing in `main`.
  package static func turnOffInteractiveBacktracer() {
    guard TerminalDevice.isTerminal(0), TerminalDevice.isTerminal(1),
      let executable = Platform.ownExecutable.flatMap(FileStatus.realPath)
    else { return }
    let current = CurrentProcess.environmentValue("SWIFT_BACKTRACE") ?? ""
    guard !current.contains(text: "interactive=") else { return }
    let settings = current.isEmpty ? "interactive=no" : current + ",interactive=no"
    guard CurrentProcess.setEnvironmentValue("SWIFT_BACKTRACE", settings) else { return }
    // A Ctrl-C meanwhile waits for the new start's handler (``ScriptSignals/install()``), not the
    // default action that `exec` puts back.
    SignalHandler.block(Signal.interrupt)
    CurrentProcess.executeAgain(executable)
  }

  /// Flushes stdout, gives the terminal back, then ends the process by `signal`'s default action.
  fileprivate static func terminate(_ signal: Int32) {
    PendingOutput.standardOutput.flushFromSignalHandler()
    restoreTerminal()
    SignalHandler.raiseWithDefaultAction(signal)
  }

  /// Flushes stdout, reports the crash, restores the terminal, then hands the signal on.
  fileprivate static func crash(
    _ signal: Int32, _ info: UnsafeMutableRawPointer?, _ context: UnsafeMutableRawPointer?
  ) {
    // A crash in what follows (or in a second thread) is not reported again: it ends the process.
    guard !crashing.exchange(true, ordering: .acquiringAndReleasing) else {
      SignalHandler.raiseWithDefaultAction(signal)
      return
    }
    PendingOutput.standardOutput.flushFromSignalHandler()
    if RunningPlugin.isKnown {
      say("error: plugin '")
      RunningPlugin.write(to: 2)
      say("' crashed (")
    } else {
      say("error: tabshell crashed (")
    }
    say(name(of: signal))
    say(")\n")
    restoreTerminal()
    // Once only: a second crash in the backtracer goes to the default action.
    SignalHandler.restoreDefault(signal)
    if replaced.callReplaced(signal, info: info, context: context) { return }
    // Returning runs the faulting instruction again, now with the default action; a signal that
    // was sent (abort, kill) is sent again.
    SignalHandler.raise(signal)
  }

  private static func say(_ text: StaticString) {
    _ = SystemIO.writeAllReturningErrno(
      2, UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private static func name(of signal: Int32) -> StaticString {
    switch signal {
    case Signal.abort: "SIGABRT"
    case Signal.illegalInstruction: "SIGILL"
    case Signal.trap: "SIGTRAP"
    case Signal.segmentationFault: "SIGSEGV"
    case Signal.busError: "SIGBUS"
    case Signal.arithmeticError: "SIGFPE"
    case Signal.quit: "SIGQUIT"
    case Signal.badSystemCall: "SIGSYS"
    default: "a signal"
    }
  }
}

private func terminatingHandler(_ signal: Int32) {
  FatalSignals.terminate(signal)
}

private func deadlineHandler(_ signal: Int32) {
  FatalSignals.deadlinePassed()
}

private func crashHandler(
  _ signal: Int32, _ info: UnsafeMutableRawPointer?, _ context: UnsafeMutableRawPointer?
) {
  FatalSignals.crash(signal, info, context)
}
