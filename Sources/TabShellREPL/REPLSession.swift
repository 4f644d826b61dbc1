import CReadline
import TabShellHost
import TabShellLanguage
import TabShellPlatform
import TabShellRendering

/// One run of the REPL: the read–execute loop over readline's callback interface.
///
/// The loop `poll`s the terminal and the signal pipe, so that a signal is handled between two
/// keystrokes, outside readline: Ctrl-C abandons the line (readline's line state is freed and the
/// terminal restored, then a fresh prompt is shown), Ctrl-Z stops the process with the terminal
/// restored and keeps the line for `fg`, SIGTERM and SIGHUP end the run. A Ctrl-C typed while a
/// command runs is dropped (no command runs long). The loop also polls the engine's background
/// descriptors (process plugins): what comes there is applied while the user types, and the bar
/// line and the prompt are drawn again with the line kept. `tui` and Ctrl-X Ctrl-A go to the
/// full-screen mode with the same session (``FullScreenSession``), which comes back here with
/// Ctrl-X Ctrl-A.
final class REPLSession<Engine: REPLEngine> {
  /// How reading one line ended.
  package enum Outcome: Equatable {
    case input(ReadlineBridge.Input)
    case interrupted
    case terminated(Int32)
    /// Background work (a hook) asked to leave.
    case exit(Int32)
    /// Ctrl-X Ctrl-A: the full-screen mode, with the line being typed.
    case fullScreen(line: String, point: Int)
  }

  let engine: Engine
  /// Whether the bar line is printed just above the prompt (so a redraw replaces it).
  var barAbovePrompt = false
  private var history: REPLHistory
  private var warnedAboutHistory = false
  /// Where the full-screen mode's frames are recorded, if they are.
  var cast: CastFile?
  /// The question asked on the line being read, shown as its prompt (``askQuestion(signals:)``).
  var asking: String?

  init(engine: Engine, history: REPLHistory) {
    self.engine = engine
    self.history = history
  }

  /// Reads and runs lines until the end, starting in the full-screen mode with `fullScreen`;
  /// returns the exit status.
  package func run(fullScreen: Bool = false) -> Int32 {
    InteractiveREPL.loadHistory(history)
    guard let signals = SignalWatcher() else {
      tabshell_write_stderr("error: cannot set up the terminal's signal handling\n")
      return 1
    }
    // A Ctrl-C between the start-up's end and these handlers was caught by the start-up's
    // (`ScriptSignals`), which only sets the interpreter's flag: no command runs for it to stop,
    // and no pipe records it for the first prompt to take, so the first command would stop at once.
    Interpreter.interruption.store(false, ordering: .relaxed)
    defer {
      signals.restore()
      if !history.unsaved.isEmpty { saveHistory() }
    }
    var showBar = true
    var fullScreenLine = fullScreen ? ("", 0) : nil as (String, Int)?
    var lineKept = ("", 0)
    while true {
      if let (line, point) = fullScreenLine {
        fullScreenLine = nil
        switch runFullScreen(line: line, point: point, signals: signals) {
        case .lineMode(let line, let point): lineKept = (line, point)
        case .exit(let status): return status
        case .terminated(let signal): return 128 + signal
        case nil: break
        }
      }
      barAbovePrompt = false
      if showBar, let bar = engine.barLine, !bar.isEmpty {
        print(bar)
        barAbovePrompt = true
      }
      tabshell_flush_stdout()
      showBar = true
      let outcome = readLine(signals: signals, keeping: lineKept)
      lineKept = ("", 0)
      switch outcome {
      case .interrupted:
        showBar = false
      case .terminated(let signal):
        return 128 + signal
      case .exit(let status):
        return status
      case .input(.endOfInput):
        if tabshell_rl_wrote_newline_at_eof() == 0 { print("") }
        // Ctrl-D leaves, unless it asks first (terminal tabs' programs run) and is told no.
        if case .exit(let status) = engine.endOfInput() { return status }
        if let status = askQuestion(signals: signals) { return status }
      case .fullScreen(let line, let point):
        // As `tui` typed: it says why when the full-screen mode cannot run here.
        if engine.execute("tui") == .fullScreen {
          fullScreenLine = (line, point)
        } else {
          lineKept = (line, point)
        }
      case .input(.line(let line)):
        record(line)
        switch engine.execute(line) {
        case .exit(let status): return status
        case .fullScreen: fullScreenLine = ("", 0)
        case .proceed: if let status = askQuestion(signals: signals) { return status }
        }
        tabshell_flush_stdout()
      }
    }
  }

  /// Shows the prompt (with `line` on it, the cursor at byte `point`) and feeds readline
  /// keystrokes until a line, Ctrl-C, Ctrl-X Ctrl-A or a termination signal.
  private func readLine(signals: SignalWatcher, keeping kept: (line: String, point: Int)) -> Outcome
  {
    let pending = signals.takePending()  // Ctrl-C while a command ran abandons nothing.
    if let signal = pending.termination { return .terminated(signal) }
    if pending.resize { rl_reset_screen_size() }
    if pending.suspend { signals.stopProcess() }
    var prompt = ReadlinePrompt.markingInvisible(asking ?? engine.prompt)
    ReadlineBridge.startLine(prompt: prompt)
    if !kept.line.isEmpty { tabshell_rl_restore_line(kept.line, Int32(clamping: kept.point)) }
    var hangups = 0
    while true {
      if let input = ReadlineBridge.takeInput() { return .input(input) }
      let descriptors = [0, signals.readDescriptor] + engine.backgroundDescriptors
      let wait = engine.backgroundTimeout
      let polled = SystemIO.waitForInput(descriptors, milliseconds: wait)
      if case .failure(let error) = polled, error != .interrupted {
        rl_callback_handler_remove()
        return .input(.endOfInput)
      }
      // Empty when a signal cut the wait short.
      let ready = (try? polled.get()) ?? []
      let pending = signals.takePending()
      if let signal = pending.termination {
        abandonLine()
        print("")
        return .terminated(signal)
      }
      if pending.interrupt {
        // The handler also asked a running command to stop; none runs at the prompt, so the
        // next command must not take that for its own interrupt.
        Interpreter.interruption.store(false, ordering: .relaxed)
        rl_echo_signal_char(Signal.interrupt)
        abandonLine()
        print("")
        return .interrupted
      }
      if pending.resize { rl_resize_terminal() }
      if pending.suspend { suspendLine(prompt: prompt, signals: signals) }
      // Background work is due when a plugin's pipe is ready or when the wait ran out (a timer).
      if !ready.isEmpty,
        ready.dropFirst(2).contains(where: { !$0.isEmpty })
          || (wait >= 0 && engine.backgroundTimeout == 0)
      {
        if let status = runBackground(prompt: &prompt) {
          abandonLine()
          print("")
          return .exit(status)
        }
      }
      // A closed or hung-up terminal that readline does not report as the end: leave, not spin.
      let input = ready.first ?? []
      hangups = !input.isDisjoint(with: [.hungUp, .error]) ? hangups + 1 : 0
      if input.contains(.invalid) || hangups > 100 {
        rl_callback_handler_remove()
        return .input(.endOfInput)
      }
      if !input.isEmpty { ReadlineBridge.readCharacter() }
      if ReadlineBridge.takeModeSwitch() {
        let line = tabshell_rl_line_buffer().map { String(cString: $0) } ?? ""
        let point = Int(tabshell_rl_point())
        abandonLine()
        print("")
        return .fullScreen(line: line, point: point)
      }
    }
  }

  /// Asks the question the line (or Ctrl-D) left, if any, as the prompt of a line of its own
  /// (for a line, what it fills in put on it): the line typed answers, Ctrl-D answers with the
  /// end of the input (a yes to a yes-or-no question), Ctrl-C drops it. Returns the status to
  /// leave with, when the answer (or a termination signal) ends the REPL.
  private func askQuestion(signals: SignalWatcher) -> Int32? {
    guard let question = engine.takeQuestion() else { return nil }
    tabshell_flush_stdout()
    asking = question.prompt.hasSuffix(" ") ? question.prompt : question.prompt + " "
    let initial = question.initial ?? ""
    let read = readLine(signals: signals, keeping: (initial, initial.utf8.count))
    asking = nil
    let answer: String?
    switch read {
    case .terminated(let signal): return 128 + signal
    case .exit(let status): return status
    case .input(.line(let line)): answer = line
    case .input(.endOfInput):
      if tabshell_rl_wrote_newline_at_eof() == 0 { print("") }
      answer = nil
    case .interrupted, .fullScreen: return nil
    }
    if case .exit(let status) = engine.answer(answer) { return status }
    tabshell_flush_stdout()
    return nil
  }

  /// Ctrl-Z while typing: gives the terminal back, stops, and on `fg` shows the prompt and the line
  /// again, the cursor where it was.
  private func suspendLine(prompt: String, signals: SignalWatcher) {
    let line = tabshell_rl_line_buffer().map { String(cString: $0) } ?? ""
    let point = tabshell_rl_point()
    rl_callback_sigcleanup()
    rl_callback_handler_remove()
    signals.stopProcess()
    ReadlineBridge.startLine(prompt: prompt)
    tabshell_rl_restore_line(line, point)
  }

  /// Drops the line being typed and gives the terminal back its settings.
  func abandonLine() {
    tabshell_rl_drop_line_state()
    rl_cleanup_after_signal()
    rl_callback_handler_remove()
  }

  /// Adds `line` to the history (readline's list and the file) unless blank or a repeat.
  func record(_ line: String) {
    guard history.add(line) else { return }
    add_history(line)
    saveHistory()
  }

  /// Saves the history; the first failure is reported on stderr, later ones are not repeated.
  private func saveHistory() {
    do {
      try history.save()
    } catch {
      guard !warnedAboutHistory else { return }
      warnedAboutHistory = true
      tabshell_write_stderr(Renderer.neutralized("warning: history not saved: \(error)") + "\n")
    }
  }
}
