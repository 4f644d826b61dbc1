import CReadline
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

/// The full-screen mode (`tabshell --tui`, `tui`, Ctrl-X Ctrl-A; docs/Contract.md, "The
/// full-screen mode"): the same session as the line REPL, drawn on the terminal's alternate screen
/// with the visible screen at the top, the bar under it and a readline command line on the last
/// row, and driven by the keys (in two focuses) and the mouse.
///
/// The loop polls the terminal, the REPL's signal pipe and the background work's descriptors;
/// it decodes the terminal's bytes (``TabShellTerminal/InputDecoder``), acts on them (a key to
/// readline, a key or a click as the gesture command it stands for, a drag as an interactive
/// swipe), then draws one frame for everything that came in one read, written with one `write`
/// (only the cells that changed, ``TabShellTerminal/FrameWriter``). Everything the commands and
/// gestures print goes to the output panel.
///
/// The terminal is given back on every way out: `quit`, `exit`, Ctrl-D on an empty line, `q`,
/// SIGTERM and SIGHUP (through the signal pipe, so that the history is saved), Ctrl-X Ctrl-A (back
/// to the line REPL), Ctrl-Z (until `fg`), and a crash (``TabShellTerminal/TerminalMode``'s
/// emergency restore).
///
/// Isolation: runs on the REPL's thread, which it blocks until it ends.
final class FullScreenSession {
  /// How the mode ended.
  enum Exit: Equatable {
    /// Ctrl-X Ctrl-A: back to the line REPL, with the line being typed.
    case lineMode(line: String, point: Int)
    /// `quit`, `exit N`, Ctrl-D on an empty line, `q`: end with this status.
    case exit(Int32)
    /// SIGTERM or SIGHUP (the number).
    case terminated(Int32)
  }

  /// What the mode needs from the REPL it runs in.
  struct Host {
    /// The interpreter: the shell, the gestures, the output.
    var interpreter: Interpreter
    /// Runs a line typed at the prompt (the REPL engine's).
    var execute: (String) -> REPLAction
    /// The prompt.
    var prompt: () -> String
    /// Adds a line to the history (and saves it).
    var record: (String) -> Void
    /// The REPL's signals.
    var signals: SignalWatcher
    /// Work besides the terminal to watch (process plugins).
    var background = BackgroundWork()
  }

  let host: Host
  var interpreter: Interpreter { host.interpreter }
  var mode = TerminalMode()
  var decoder = InputDecoder()
  var writer: FrameWriter
  var view = FullScreenView()
  var panel = OutputPanel()
  var focus = KeyFocus.command
  /// The drag under way, if any.
  var drag: SwipeDrag?
  /// The mouse over a screen that takes input: whether it has the press.
  var pointer = ScreenPointer()
  /// The visible screen the last frame showed: when another becomes visible, the focus follows
  /// (``syncScreenFocus()``).
  var shownScreen: String?
  /// The screen told it has the focus (`.focus(true)`), if any.
  var focusedScreen: String?
  /// The screen and region size last told (`.resize`).
  var toldSize: ScreenSize?
  /// Ctrl-X was typed in the bar focus: Ctrl-A next leaves for the line REPL.
  var afterControlX = false
  /// The terminal's size.
  var columns = 80
  var rows = 24
  /// The frame on the screen and the one being drawn (swapped after each write, so that neither
  /// is ever copied).
  var front = CellGrid(columns: 0, rows: 0)
  var back = CellGrid(columns: 0, rows: 0)
  var frameBytes: [UInt8] = []
  /// The screen must be drawn whole at the next frame (entering, a resize, `fg`, Ctrl-L).
  var redrawAll = true
  /// Something changed since the last frame.
  var dirty = true
  /// Set when the mode must end (after the events of this read).
  var exit: Exit?

  init(host: Host) {
    self.host = host
    writer = FrameWriter(colorMode: host.interpreter.view.renderOptions.color)
  }

  /// Runs the mode until it ends, starting with `line` on the command line.
  func run(line: String, point: Int) -> Exit {
    TerminalMode.restoreOnCrash()
    do {
      try mode.enter()
    } catch {
      tabshell_write_stderr(Renderer.neutralized("error: tui: \(error)") + "\n")
      return .lineMode(line: line, point: point)
    }
    // SIGTERM's and SIGHUP's deadline ends the process with `_exit`, past `atexit`: it gives the
    // terminal back through this.
    FatalSignals.setTerminalRestorer { _ = TerminalMode.restoreNow() }
    let saved = (interpreter.output, interpreter.report, interpreter.view)
    // The panel shows text, not escape sequences: `tabs` and `show` print plain there (the
    // frame keeps its colours: the writer took the colour mode above).
    interpreter.view.renderOptions.color = .none
    interpreter.output = { [unowned self] in self.panel.append($0, isError: false) }
    interpreter.report = { [unowned self] in self.panel.append("\($0)", isError: true) }
    FullScreenReadline.install()
    interpreter.fullScreen = self
    defer {
      interpreter.fullScreen = nil
      endDrag()
      leaveScreenFocus()
      ReadlineBridge.removeLine()
      FullScreenReadline.uninstall()
      // The view's size and options come back; the bar's scroll and drawn frame stay as they are.
      (interpreter.output, interpreter.report) = (saved.0, saved.1)
      interpreter.view.renderOptions = saved.2.renderOptions
      interpreter.view.sizeIsFixed = saved.2.sizeIsFixed
      mode.leave()
      FatalSignals.setTerminalRestorer(nil)
    }
    startLine(text: line, point: point)
    // A screen that takes input gets the focus when the mode opens on it, unless the line REPL
    // handed over a line being typed.
    if !line.isEmpty { shownScreen = interpreter.shell.visibleScreen?.id }
    readSize()
    while exit == nil {
      takeReadlineInput()
      if exit != nil { break }
      if dirty || FullScreenReadline.takeChanged() { drawFrame() }
      waitAndHandle()
    }
    return exit ?? .exit(0)
  }

  /// Starts reading a line with readline (the prompt, and `text` put back on it).
  func startLine(text: String = "", point: Int = 0) {
    FullScreenReadline.dropPending()
    ReadlineBridge.startLine(prompt: host.prompt())
    if !text.isEmpty { tabshell_rl_restore_line(text, Int32(clamping: point)) }
    FullScreenReadline.markChanged()
  }

  /// A line readline delivered (Enter), or the end of the input (Ctrl-D on an empty line); and
  /// Ctrl-X Ctrl-A.
  func takeReadlineInput() {
    if ReadlineBridge.takeModeSwitch() {
      let current = FullScreenReadline.line
      exit = .lineMode(line: String(decoding: current.text, as: UTF8.self), point: current.point)
      return
    }
    if let completions = FullScreenReadline.takeCompletions() {
      panel.begin("completions")
      for row in CompletionColumns.rows(completions, width: columns) {
        panel.append(row, isError: false)
      }
      dirty = true
    }
    switch ReadlineBridge.takeInput() {
    case nil: return
    case .endOfInput: exit = .exit(0)
    case .line(let line): runTyped(line)
    }
  }

  /// Waits for input, a signal or background work, and acts on what came.
  private func waitAndHandle() {
    let descriptors = [0, host.signals.readDescriptor] + host.background.descriptors()
    let due = host.background.timeout()
    let own: Int32 = decoder.hasPending ? 25 : decoder.isInPaste ? 1_000 : -1
    let timeout = own < 0 ? due : due < 0 ? own : min(own, due)
    let ready: [SystemIO.Readiness]
    switch SystemIO.waitForInput(descriptors, milliseconds: timeout) {
    case .success(let readiness): ready = readiness
    case .failure(let error):
      if error != .interrupted { exit = .exit(0) }
      return
    }
    handleSignals()
    if exit != nil { return }
    let input = ready[0]
    if input.contains(.readable) {
      readInput()
    } else if !input.isDisjoint(with: [.hungUp, .error, .invalid]) {
      // The terminal went away.
      exit = .terminated(Signal.hangUp)
      return
    } else if ready.allSatisfy(\.isEmpty) {
      handle(decoder.hasPending ? decoder.flushPending() : decoder.finishPaste())
    }
    if ready.dropFirst(2).contains(where: { !$0.isEmpty }) || host.background.timeout() == 0 {
      runBackground()
    }
  }

  /// Reads what the terminal sent and acts on it.
  private func readInput() {
    var chunk = [UInt8](repeating: 0, count: 4_096)
    let result = chunk.withUnsafeMutableBytes { SystemIO.readOnce(0, into: $0) }
    guard case .read(let count) = result else { return }
    if count == 0 {
      exit = .terminated(Signal.hangUp)
      return
    }
    handle(decoder.feed(chunk[..<count]))
  }

  /// The signals that came: SIGTERM and SIGHUP end the mode, SIGWINCH resizes, SIGTSTP stops.
  func handleSignals() {
    let pending = host.signals.takePending()
    if let signal = pending.termination {
      exit = .terminated(signal)
      return
    }
    if pending.resize { readSize() }
    if pending.suspend { suspend() }
  }

  /// Runs the background work (process plugins' requests), its output to the panel.
  private func runBackground() {
    let outcome = host.background.run()
    if !outcome.printed.isEmpty {
      panel.begin("background")
      for text in outcome.printed { panel.append(text.text, isError: text.isError) }
    }
    if let status = outcome.exit { exit = .exit(status) }
    view.invalidate()
    dirty = true
  }
}

/// Work the full-screen loop watches besides the terminal (process plugins): descriptors to poll,
/// whether work waits that no descriptor announces, and what to do when either is the case.
///
/// Empty here; the REPL fills it from its engine's background work.
struct BackgroundWork {
  /// What the work printed, in order, and a status when it asked to leave.
  struct Outcome {
    var printed: [(text: String, isError: Bool)] = []
    var exit: Int32?
  }

  var descriptors: () -> [Int32] = { [] }
  /// The longest wait before the work is due, in milliseconds; -1 for none.
  var timeout: () -> Int32 = { -1 }
  var run: () -> Outcome = { Outcome() }
}
