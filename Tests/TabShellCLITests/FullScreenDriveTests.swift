@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellTerminal
import Testing

@testable import TabShellFullScreen
@testable import TabShellHost
@testable import TabShellLanguage

/// The suites that use readline, one at a time: readline is global.
@Suite(.serialized) enum ReadlineTests {}

extension ReadlineTests {
  /// The full-screen mode driven step by step, as a session's server drives it, on a terminal that
  /// is only data: bytes in through `receive`, frames out through the terminal's `write`, the size
  /// from the terminal.
  ///
  /// Alone in using readline (with the other ``ReadlineTests``): readline is global.
  @Suite struct FullScreenDriveTests {
    /// A terminal that keeps the frames written to it and answers with the size it is given.
    final class RecordingTerminal: FullScreenTerminal {
      var columns = 80
      var rows = 24
      var frames: [(bytes: [UInt8], whole: Bool)] = []
      var entered = 0
      var left = 0
      var writes = true
      var refusal: String?
      var running: [Bool] = []

      func enter() throws(TerminalModeError) { entered += 1 }
      func leave() { left += 1 }
      func size() -> (columns: Int, rows: Int)? { (columns, rows) }
      func write(_ frame: [UInt8], whole: Bool) -> Bool {
        frames.append((frame, whole))
        return writes
      }
      func commandRunning(_ running: Bool) { self.running.append(running) }
      func takeSignals(drainsPipe: Bool) -> SignalWatcher.Pending { SignalWatcher.Pending() }
      func suspend() -> TerminalSuspension { refusal.map { .refused($0) } ?? .resumed }
      var lineModeRefusal: String? { refusal }
      var showsFramesWhileWaiting: Bool { true }
    }

    /// A mode opened on the demo layout (or what `setup` makes), on a recording terminal;
    /// readline claimed for it.
    final class Harness {
      let terminal = RecordingTerminal()
      let interpreter: Interpreter
      let engine: LanguageREPLEngine
      let session: FullScreenSession

      init(setup: String = "layout demo") {
        let process = ProcessContext(
          arguments: [], environment: ["HOME": "/proc/nonexistent", "PATH": "/usr/bin:/bin"],
          currentDirectory: "/tmp", writeOutput: { _ in }, writeError: { _ in })
        interpreter = ShellStartup.makeInterpreter(CommandLineOptions(), process)
        _ = interpreter.runLine(setup)
        engine = LanguageREPLEngine(interpreter: interpreter, flush: {})
        _ = ReadlineBridge.begin(engine: engine)
        ReadlineBridge.bindModeSwitch()
        let engine = engine
        let host = FullScreenSession.Host(
          interpreter: interpreter, execute: { engine.execute($0, to: $1) },
          prompt: { engine.prompt },
          record: { _ in })
        session = FullScreenSession(host: host, terminal: terminal)
        // As the mode on the local terminal is while it runs.
        interpreter.host = session
      }

      deinit { ReadlineBridge.end() }

      func type(_ text: String) {
        session.receive(Array(text.utf8))
        session.step()
      }

      /// The rows of the frame on the terminal.
      var screen: [String] { session.front.lines }
    }

    /// Opening takes the terminal and draws a whole frame; a line typed runs and the next frame
    /// shows what it did, with only the cells that changed; closing gives the terminal back.
    @Test func aLineTypedRunsAndOnlyTheChangeIsWritten() throws {
      let harness = Harness()
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      #expect(harness.terminal.entered == 1)
      session.step()
      #expect(harness.terminal.frames.count == 1)
      #expect(harness.terminal.frames.first?.whole == true)
      #expect(session.front.columns == 80 && session.front.rows == 24)
      let before = harness.screen
      harness.type("tab 2\r")
      #expect(harness.interpreter.shell.model.selectedIndex == 1)
      #expect(harness.terminal.frames.last?.whole == false)
      #expect(harness.screen != before)
      // A key typed costs its own cell and the cursor.
      harness.type("x")
      let last = try #require(harness.terminal.frames.last)
      #expect(!last.whole)
      #expect(last.bytes.count < 100)
      #expect(harness.screen.last?.hasPrefix("tabshell:") == true)
      #expect(harness.screen.last?.hasSuffix("> x") == true)
      // The command ran with Ctrl-C able to interrupt it.
      #expect(harness.terminal.running == [true, false])
      session.close()
      #expect(harness.terminal.left == 1)
    }

    /// A lone ESC waits for more bytes (25 ms); when none come it is Esc: the bar focus.
    @Test func aLoneEscapeWaitsThenIsTheEscapeKey() {
      let harness = Harness()
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      #expect(session.inputTimeout == -1)
      harness.type("\u{1B}")
      #expect(session.inputTimeout == 25)
      #expect(session.focus == .command)
      session.inputWaitEnded()
      #expect(session.inputTimeout == -1)
      #expect(session.focus == .bar)
    }

    /// A new size is drawn whole at that size at the next step.
    @Test func aResizeDrawsAWholeFrameAtTheNewSize() {
      let harness = Harness()
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      harness.terminal.columns = 50
      harness.terminal.rows = 12
      session.resized()
      session.step()
      #expect(harness.terminal.frames.count == 2)
      #expect(harness.terminal.frames.last?.whole == true)
      #expect(session.front.columns == 50 && session.front.rows == 12)
    }

    /// Ctrl-Z and Ctrl-X Ctrl-A on a terminal that refuses them: the panel says why, the mode goes
    /// on with the line being typed; on one that takes them, Ctrl-X Ctrl-A leaves with the line.
    @Test func ctrlZAndTheLineModeAreRefusedWhereTheTerminalSaysSo() throws {
      let harness = Harness()
      let session = harness.session
      harness.terminal.refusal = "not here"
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      harness.type("tab")
      harness.type("\u{1A}")
      #expect(session.exit == nil)
      #expect(session.panel.lines.map(\.text) == ["error: not here"])
      harness.type("\u{18}\u{01}")
      #expect(session.exit == nil)
      #expect(session.panel.lines.map(\.text) == ["error: not here"])
      #expect(String(decoding: FullScreenReadline.line.text, as: UTF8.self) == "tab")
      harness.terminal.refusal = nil
      harness.type("\u{18}\u{01}")
      #expect(session.exit == .lineMode(line: "tab", point: 3))
    }

    /// What a process plugin writes on its standard error while the mode runs, outside any
    /// command (a screen's plugin drawing, a wait), goes to the panel, never onto the frame
    /// (issue 34, item 3: a traceback scrolled the frame away until Ctrl-L).
    @Test func aPluginsStandardErrorGoesToThePanelNotOntoTheFrame() throws {
      let harness = Harness()
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      let written = harness.terminal.frames.count
      harness.interpreter.plugins.writeError("kit: Traceback (most recent call last)\n")
      session.step()
      #expect(session.panel.isOpen)
      #expect(session.panel.lines.map(\.text) == ["kit: Traceback (most recent call last)"])
      // The next frame draws the panel; nothing but frames reached the terminal.
      #expect(harness.terminal.frames.count == written + 1)
      #expect(harness.screen.contains { $0.contains("kit: Traceback") })
    }

    /// Outside a session, `detach` says so.
    @Test func detachOutsideASessionSaysSo() {
      let harness = Harness()
      let printed = CollectedOutput()
      #expect(harness.interpreter.runLine("detach", to: printed) != .success)
      let errors = printed.printed.map(\.text)
      #expect(errors.count == 1)
      #expect(errors.first?.contains("not in a session: 'detach' works in a session") == true)
    }

    /// A terminal that takes no more frames ends the mode as a hang-up does.
    @Test func aTerminalThatTakesNoFrameEndsTheMode() {
      let harness = Harness()
      let session = harness.session
      harness.terminal.writes = false
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      #expect(session.exit == .terminated(Signal.hangUp))
    }
  }
}
