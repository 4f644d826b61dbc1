import TabShellHost
import TabShellLanguage
import TabShellPlatform
import TabShellTerminal

/// The process's own terminal, as `tabshell --tui` draws on it: input on standard input, frames
/// on standard output (its size too), the raw mode through ``TabShellTerminal/TerminalMode``, and
/// the REPL's signals.
///
/// Entering also arms the terminal's restorers: the emergency one for crashes, and the one that
/// SIGTERM's and SIGHUP's deadline runs before it ends the process with `_exit`.
///
/// Isolation: the REPL's thread.
final class LocalTerminal: FullScreenTerminal {
  /// The descriptor frames are written to (and the size read from).
  let output: Int32 = 1
  /// The REPL's signals.
  let signals: SignalWatcher
  /// The standard features, and the terminal window's focus reported (mode 1004): a screen that
  /// has the focus is told when the window gains or loses it; and the cursor's shape reset on
  /// leaving when the terminal takes it.
  private var mode: TerminalMode

  /// Where the frames are recorded as they are written (`tabshell --cast FILE`), if they are.
  private var cast: CastFile?

  /// With `cursorShape`, the terminal takes the cursor's shape (frames set it).
  init(signals: SignalWatcher, cast: CastFile? = nil, cursorShape: Bool = false) {
    self.signals = signals
    self.cast = cast
    var features: TerminalMode.Features = [.standard, .focusEvents]
    if cursorShape { features.insert(.cursorShape) }
    mode = TerminalMode(features: features)
  }

  func enter() throws(TerminalModeError) {
    TerminalMode.restoreOnCrash()
    try mode.enter()
    // SIGTERM's and SIGHUP's deadline ends the process with `_exit`, past `atexit`: it gives the
    // terminal back through this.
    FatalSignals.setTerminalRestorer { _ = TerminalMode.restoreNow() }
  }

  func leave() {
    mode.leave()
    FatalSignals.setTerminalRestorer(nil)
  }

  func size() -> (columns: Int, rows: Int)? { TerminalMode.size(of: output) }

  var showsFramesWhileWaiting: Bool { true }

  func write(_ frame: [UInt8], whole: Bool) -> Bool {
    if let cast {
      // A frame drawn whole follows a resize: the recording says the size first. A recording
      // that cannot be written any more stops; the mode goes on.
      if whole, let size = size() { try? cast.resize(columns: size.columns, rows: size.rows) }
      do throws(LanguageError) {
        try cast.output(String(decoding: frame, as: UTF8.self))
      } catch {
        self.cast = nil
      }
    }
    return (try? SystemIO.writeAll(output, frame)) != nil
  }

  func ask(_ query: [UInt8]) { _ = try? SystemIO.writeAll(output, query) }

  func commandRunning(_ running: Bool) { mode.setSignalKeys(running) }

  func takeSignals(drainsPipe: Bool) -> SignalWatcher.Pending {
    signals.takePending(drainsPipe: drainsPipe)
  }

  func suspend() -> TerminalSuspension {
    mode.leave()
    signals.stopProcess()
    do {
      try mode.enter()
    } catch {
      return .lost
    }
    return .resumed
  }

  var lineModeRefusal: String? { nil }
}
