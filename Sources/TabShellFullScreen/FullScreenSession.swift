import CReadline
import TabShellHost
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
/// The mode is a state (the focus, the line being typed, the output panel, the frame on the
/// terminal) driven step by step, with no descriptor of its own: whoever drives it hands it the
/// terminal's bytes (``receive(_:)``), which it decodes (``TabShellTerminal/InputDecoder``) and
/// acts on (a key to readline, a key or a click as the gesture command it stands for, a drag as
/// an interactive swipe); ``step()`` then draws one frame for everything that came, written to
/// its ``FullScreenTerminal`` with one `write` (only the cells that changed,
/// ``TabShellTerminal/FrameWriter``). Everything the commands and gestures print goes to the
/// output panel. ``run(host:signals:line:point:)`` drives it on the process's own terminal
/// (``LocalTerminal``): it polls standard input, the REPL's signal pipe and the background work's
/// descriptors.
///
/// The terminal is given back on every way out: `quit`, `exit`, Ctrl-D on an empty line, `q`,
/// SIGTERM and SIGHUP (through the signal pipe, so that the history is saved), Ctrl-X Ctrl-A (back
/// to the line REPL), Ctrl-Z (until `fg`), and a crash (``TabShellTerminal/TerminalMode``'s
/// emergency restore).
///
/// Isolation: runs on one thread (the REPL's, which ``run(host:signals:line:point:)`` blocks until the mode
/// ends).
package final class FullScreenSession {
  /// How the mode ended.
  package enum Exit: Equatable {
    /// Ctrl-X Ctrl-A: back to the line REPL, with the line being typed.
    case lineMode(line: String, point: Int)
    /// `quit`, `exit N`, Ctrl-D on an empty line, `q`: end with this status.
    case exit(Int32)
    /// SIGTERM or SIGHUP (the number).
    case terminated(Int32)
  }

  /// What the mode needs from the REPL it runs in.
  package struct Host {
    /// The interpreter: the shell, the gestures, the output.
    var interpreter: Interpreter
    /// Runs a line typed at the prompt (the REPL engine's), its output to the sink given.
    package var execute: (String, any OutputSink) -> REPLAction
    /// The prompt.
    package var prompt: () -> String
    /// Adds a line to the history (and saves it).
    var record: (String) -> Void
    /// Work besides the terminal to watch (process plugins), for ``run(host:signals:line:point:)``.
    var background = BackgroundWork()

    /// Makes one.
    package init(
      interpreter: Interpreter, execute: @escaping (String, any OutputSink) -> REPLAction,
      prompt: @escaping () -> String, record: @escaping (String) -> Void,
      background: BackgroundWork = BackgroundWork()
    ) {
      self.interpreter = interpreter
      self.execute = execute
      self.prompt = prompt
      self.record = record
      self.background = background
    }
  }

  package let host: Host
  var interpreter: Interpreter { host.interpreter }
  /// Where the frames go, and where the size comes from.
  let terminal: any FullScreenTerminal
  /// The terminal's input: its decoder, the drag under way, the mouse over a screen.
  var input = InputState()
  /// The array ``receive(_:)`` decodes into, kept between reads.
  private var keptEvents: [InputEvent] = []
  /// The frame on the terminal, the one being drawn, and what writes them.
  package var frame: FrameOutput
  /// The pages and the bar, kept between frames until something runs.
  var view = FullScreenView()
  package var panel = OutputPanel()
  /// Where the keys go: the key table they are looked up in (``KeyFocus``), and what the focus
  /// does with a key it does not bind (``KeyMode``).
  package var focus = KeyFocus.command
  /// What the screens were told: which one is shown and has the focus, and its region's size.
  var screens = ScreenFocusState() {
    didSet { screensChanges &+= 1 }
  }
  /// How many times ``screens`` was changed.
  var screensChanges = 0
  /// What ``syncScreenFocus()`` last left in agreement: while it is the same, nothing is to do
  /// (it runs before each input and each frame).
  var focusSynced: FocusSync?
  /// What changed since the last frame, and what that frame showed.
  var damage = FrameDamage()
  /// What the last frame drawn whole was drawn from (``drawScreenChanges()``).
  var drawnFrom: FrameInputs?
  /// The bar's scroll the last frame pinned, and the layout it was pinned in (the layout the
  /// last frame drawn whole used).
  var pinnedScroll: (layout: TerminalLayout, scroll: BarScroll)?
  /// The descriptors the local loop waits on, kept from one wait to the next.
  var polled = SystemIO.PollSet()
  /// The terminal tabs, whose looks the local loop's rounds put off (``runBackground(ready:)``),
  /// as the shell's services have them (set up with the interpreter): kept, so that a round does
  /// not copy them out of the services.
  let terminalTabs: (any TerminalTabs)?
  /// The terminal tabs as they draw straight into the frame's grid, if they do: cast once (a
  /// cast each frame asked the runtime for the conformance).
  let gridScreens: (any GridDrawingScreens)?
  /// What a frame asks the shell of its visible screen, as asked at a count of the shell's
  /// changes (``shownFacts()``).
  var shownFactsMade: ShownFacts?
  /// Where the local loop reads what the terminal sent.
  let inputBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 16)
  /// When the local loop's input has waited long enough for the rest of what it holds (a lone
  /// ESC, a cut sequence, an answer begun, an open paste): ``inputTimeout`` after the read that
  /// left it so (a ``MonotonicClock/now()``); `nil` when it holds nothing. A wait that ends
  /// sooner, for the background work's time, leaves it waiting.
  var inputDeadline: UInt64?
  /// Set when the mode must end (after the events of this read).
  package var exit: Exit?
  /// The question a command left, asked on the command line.
  var asked: AskedQuestion?
  /// What ``open(line:point:)`` took from the interpreter's view, to give back.
  private var saved: ViewState?
  /// Where what runs in the mode prints: the output panel.
  package private(set) lazy var panelOutput = PanelOutput(mode: self)

  /// The terminal's size.
  package var columns: Int { frame.columns }
  package var rows: Int { frame.rows }
  /// The frame on the terminal.
  package var front: CellGrid { frame.front }

  package init(host: Host, terminal: any FullScreenTerminal) {
    self.host = host
    self.terminal = terminal
    terminalTabs = host.interpreter.services.terminals
    gridScreens = terminalTabs as? any GridDrawingScreens
    var writer = FrameWriter(colorMode: host.interpreter.view.renderOptions.color)
    writer.styleFeatures = host.interpreter.view.renderOptions.styleFeatures
    frame = FrameOutput(writer: writer)
  }

  deinit { inputBuffer.deallocate() }

  /// Takes the terminal and the interpreter (its output to the panel, readline, the mode's
  /// commands), with `line` on the command line; the error when the terminal cannot be taken
  /// (nothing changed then). Drive the mode with ``receive(_:)``, ``inputWaitEnded()``,
  /// ``resized()`` and ``step()`` until ``exit`` is set, then ``close()``.
  package func open(line: String, point: Int) -> TerminalModeError? {
    do {
      try terminal.enter()
    } catch {
      return error
    }
    // An xterm-like terminal (one that takes the cursor's shape) is asked its default colours,
    // never waited for: its answers come as input (``InputEvent/Kind/colorReport(_:)``).
    if frame.writer.styleFeatures.contains(.cursorShape) { terminal.ask(ColorReport.queries) }
    saved = interpreter.view
    // The panel shows text, not escape sequences: `tabs` and `show` print plain there (the
    // frame keeps its colours: the writer took the colour mode above).
    interpreter.view.renderOptions.color = .none
    FullScreenReadline.install()
    startLine(text: line, point: point)
    // A screen that takes input gets the focus when the mode opens on it, unless the line REPL
    // handed over a line being typed.
    if !line.isEmpty { screens.shown = interpreter.shell.visibleScreenID }
    // With the compact bar the status row shows the tabs until a line is typed.
    if line.isEmpty, interpreter.view.renderOptions.bar == .compact { focus = .bar }
    readSize()
    return nil
  }

  /// Gives the interpreter and the terminal back (after ``open(line:point:)`` succeeded).
  package func close() {
    endDrag()
    leaveScreenFocus()
    ReadlineBridge.removeLine()
    FullScreenReadline.uninstall()
    // The view's size and options come back; the bar's scroll and drawn frame stay as they are.
    if let saved {
      // `set bar` stays as the mode left it.
      let bar = interpreter.view.renderOptions.bar
      interpreter.view.renderOptions = saved.renderOptions
      interpreter.view.renderOptions.bar = bar
      interpreter.view.sizeIsFixed = saved.sizeIsFixed
    }
    saved = nil
    terminal.leave()
  }

  /// One step of the mode: takes what readline delivered (a line, which runs), then draws a
  /// frame if anything changed and writes it to the terminal.
  package func step() {
    takeReadlineInput()
    if exit != nil { return }
    settleQuestion()
    // The line's change is taken either way: the frame drawn shows it.
    let lineChanged = FullScreenReadline.takeChanged()
    if lineChanged || damage.needsFrame(showing: chrome) { drawFrame() }
  }

  /// Decodes bytes the terminal sent and acts on them.
  package func receive(_ bytes: some Sequence<UInt8>) {
    handle(input.decoder.feed(bytes))
  }

  /// The same for bytes the local loop read: the events go through an array kept from read to
  /// read (taken out while in use, so that input received meanwhile makes its own).
  func receive(_ bytes: UnsafeRawBufferPointer) {
    var events = keptEvents
    keptEvents = []
    input.decoder.feed(bytes, into: &events)
    handle(events)
    events.removeAll(keepingCapacity: true)
    keptEvents = events
  }

  /// How long the input may wait before ``inputWaitEnded()`` must be called, in milliseconds as
  /// `poll` takes them (-1: no limit): a lone ESC or a sequence cut by a read waits about 25 ms
  /// for its next bytes, an answer from the terminal begun its end and an open paste its end for
  /// a second (``InputDecoder/patience``).
  var inputTimeout: Int32 { Int32(input.decoder.patience ?? -1) }

  /// No input came within ``inputTimeout``: a lone ESC is Esc, a cut sequence is dropped, an open
  /// paste ends.
  package func inputWaitEnded() {
    handle(input.decoder.hasPending ? input.decoder.flushPending() : input.decoder.finishPaste())
  }

  /// Starts reading a line with readline (the prompt, the shell's unless given, and `text` put
  /// back on it).
  package func startLine(text: String = "", point: Int = 0, prompt: String? = nil) {
    FullScreenReadline.dropPending()
    ReadlineBridge.startLine(prompt: prompt ?? host.prompt())
    if !text.isEmpty { tabshell_rl_restore_line(text, Int32(clamping: point)) }
    FullScreenReadline.markChanged()
  }

  /// A line readline delivered (Enter), or the end of the input (Ctrl-D on an empty line); and
  /// Ctrl-X Ctrl-A.
  package func takeReadlineInput() {
    if ReadlineBridge.takeModeSwitch() {
      if let reason = terminal.lineModeRefusal { refuse("C-x C-a", reason) } else { leaveForLine() }
      if exit != nil { return }
    }
    if let completions = FullScreenReadline.takeCompletions() {
      panel.begin("completions")
      for row in CompletionColumns.rows(completions, width: columns) {
        panel.append(row, isError: false)
      }
    }
    switch ReadlineBridge.takeInput() {
    case nil: return
    case .endOfInput where asked != nil: answerLine(nil)
    case .line(let line) where asked != nil: answerLine(line)
    case .endOfInput:
      // Ctrl-D on a question's empty line drops the question, not the shell.
      if let asked = question {
        dropQuestion()
        focus = asked.focus
      } else {
        // Ctrl-D on an empty line leaves as `leave` does: in a session it detaches this
        // terminal; elsewhere it asks first while terminal tabs' programs run.
        run(title: "C-d") { $0.runAsCommand { try $0.leave() } }
        // Readline delivered the end of the input: a line starts again, whatever is asked.
        if exit == nil, !ReadlineBridge.isReading { startLine() }
      }
    case .line(let line): runTyped(line)
    }
  }

  /// Background work ran (process plugins' requests, screens' timers, terminal programs): what
  /// it printed goes to a panel of its own, and the pages are drawn again.
  package func showBackground(_ printed: [(text: String, isError: Bool)]) {
    if !printed.isEmpty {
      panel.begin("background")
      for text in printed { panel.append(text.text, isError: text.isError) }
    }
    damage.pages = true
  }

  /// The signals that came: SIGTERM and SIGHUP end the mode, SIGWINCH resizes, SIGTSTP stops.
  func handleSignals(drainsPipe: Bool = false) {
    let pending = terminal.takeSignals(drainsPipe: drainsPipe)
    if let signal = pending.termination {
      exit = .terminated(signal)
      return
    }
    if pending.resize { readSize() }
    if pending.suspend, let reason = suspendTerminal() { refuse("C-z", reason) }
  }

}

/// The output panel as the sink of what runs in the mode: a command's lines, its errors, and what
/// process plugins write on their standard error meanwhile.
package final class PanelOutput: OutputSink {
  /// Weak: a sink handed on may be printed to after the mode ended (what prints then is lost,
  /// where an unowned reference aborted the process).
  private weak var mode: FullScreenSession?

  init(mode: FullScreenSession) {
    self.mode = mode
  }

  package func printLine(_ line: String) { mode?.panel.append(line, isError: false) }

  package func report(_ diagnostic: Diagnostic) {
    mode?.panel.append("\(diagnostic)", isError: true)
  }

  package func relay(_ text: String) {
    var line = text
    if line.hasSuffix("\n") { line.removeLast() }
    mode?.panel.append(line, isError: true)
  }
}

/// Work the full-screen loop watches besides the terminal (process plugins): descriptors to poll,
/// whether work waits that no descriptor announces, and what to do when either is the case.
///
/// Empty here; the REPL fills it from its engine's background work.
package struct BackgroundWork {
  /// What the work printed, in order, and a status when it asked to leave.
  package struct Outcome {
    var printed: [(text: String, isError: Bool)] = []
    package var exit: Int32?

    /// Makes one.
    package init(printed: [(text: String, isError: Bool)] = [], exit: Int32? = nil) {
      self.printed = printed
      self.exit = exit
    }
  }

  /// Adds the descriptors to watch to a poll set, and returns the longest wait before the work
  /// is due, in milliseconds; -1 for none.
  var watch: (inout SystemIO.PollSet) -> Int32 = { _ in -1 }
  /// Runs it, given the descriptors the wait found ready (when known).
  var run: ([Int32]?) -> Outcome = { _ in Outcome() }

  /// No work.
  package init() {}

  /// Work on the descriptors `watch` adds to a poll set, due after the timeout it returns, done
  /// by `run`.
  package init(
    watch: @escaping (inout SystemIO.PollSet) -> Int32, run: @escaping ([Int32]?) -> Outcome
  ) {
    self.watch = watch
    self.run = run
  }
}
