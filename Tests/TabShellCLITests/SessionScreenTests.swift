import Foundation
@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRPC
import TabShellSessions
import Testing

@testable import TabShellFullScreen
@testable import TabShellHost
@testable import TabShellLanguage
@testable import TabShellSessionServer

extension ReadlineTests {
  /// Attached clients of a session's server in process (docs/Sessions.md, "Frame mode"): one
  /// full-screen state drawn for every client at the smallest size, input from any client,
  /// `detach`, `quit`, and clients that misbehave.
  @Suite struct SessionScreenTests {
    /// A server with its attached clients' screen on a socket in a private folder, and raw
    /// clients that say `hello` and `attach`.
    final class Harness {
      /// The server's own test harness: the server, its socket and folder, raw connections.
      let base: SessionServerTests.Harness
      var server: SessionServer { base.server }
      let screen: SessionScreen
      var clients: [Int32] { base.clients }
      var buffers: [Int32: LineBuffer] = [:]
      /// Clients whose output is not read (a terminal that stopped reading).
      var unread: Set<Int32> = []
      /// `XDG_STATE_HOME`: the history file is written in it.
      let state = NSTemporaryDirectory() + "tabshell-screen-state-\(UUID().uuidString)"

      init() throws {
        base = try SessionServerTests.Harness()
        screen = try #require(
          SessionScreen.install(
            on: base.server, options: CommandLineOptions(),
            environment: [
              "HOME": "/proc/nonexistent", "XDG_STATE_HOME": state, "TERM": "xterm-256color",
            ]))
      }

      deinit {
        // Gives readline and the interpreter back before the base harness ends the server.
        screen.sessionEnding(reason: .killed, status: nil)
        try? FileManager.default.removeItem(atPath: state)
      }

      /// A client attached at this size, its `hello` and `attach` answered.
      func attach(columns: Int, rows: Int) throws -> Int32 {
        let fd = try base.connect()
        buffers[fd] = LineBuffer.session()
        send(
          fd,
          #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"client":"t"}}"#
            + "\n"
            + #"{"jsonrpc":"2.0","id":2,"method":"attach","params":{"columns":\#(columns),"rows":\#(rows)}}"#
            + "\n")
        for _ in 0..<2 { _ = try #require(line(fd)) }
        return fd
      }

      func send(_ fd: Int32, _ text: String) { send(fd, Array(text.utf8)) }

      func send(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { UnixSocket.send(fd, $0) }
      }

      func send(_ fd: Int32, _ frame: ClientFrame) { send(fd, frame.frame.encoded) }

      /// Runs rounds until `done` or 2 s pass, reading what the clients have.
      func rounds(until done: () -> Bool) {
        let deadline = MonotonicClock.now() + 2_000_000_000
        while !done(), MonotonicClock.now() < deadline {
          server.runRound(timeout: 10)
          for fd in clients
          where !unread.contains(fd)
            && SystemIO.wait([.init(fd: fd)], milliseconds: 0).first?.readable == true
          {
            _ = buffers[fd]?.fill(from: fd)
          }
        }
      }

      /// Two clients attached at 80×24, the first frame of each read.
      func attachTwo() throws -> (Int32, Int32) {
        let first = try attach(columns: 80, rows: 24)
        let second = try attach(columns: 80, rows: 24)
        _ = output(first)
        _ = output(second)
        return (first, second)
      }

      /// The next line-mode line from `fd`.
      func line(_ fd: Int32) -> String? {
        var found: String?
        rounds {
          if case .item(let line) = buffers[fd]?.nextLine() {
            found = String(decoding: line, as: UTF8.self)
          }
          return found != nil
        }
        return found
      }

      /// The frames `fd` got, after rounds that end when `done` says so of them.
      func frames(_ fd: Int32, until done: ([ServerFrame]) -> Bool) -> [ServerFrame] {
        var frames: [ServerFrame] = []
        rounds {
          while case .item(let frame) = buffers[fd]?.nextFrame() {
            if let decoded = ServerFrame(frame) { frames.append(decoded) }
          }
          return done(frames)
        }
        return frames
      }

      /// The output bytes `fd` got in the next round that brought any.
      func output(_ fd: Int32) -> [UInt8] {
        frames(fd) { !$0.isEmpty }.flatMap { frame -> [UInt8] in
          if case .output(let bytes) = frame { return bytes }
          return []
        }
      }

      /// The `end` frame `fd` gets.
      func end(_ fd: Int32) -> ServerFrame? {
        frames(fd) { $0.contains { if case .end = $0 { true } else { false } } }.last
      }
    }

    /// Two clients: the frame is the smaller's size, both get it whole on each attach, the larger
    /// with its cells outside cleared first; a key from either goes to the one state, and both get
    /// the same change.
    @Test func twoClientsShareOneFrameAtTheSmallerSize() throws {
      let harness = try Harness()
      let small = try harness.attach(columns: 80, rows: 24)
      let first = harness.output(small)
      #expect(first.count > 500)
      // Each client's terminal is asked its default colours first, as it attaches.
      let questions = Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8)
      #expect(first.starts(with: questions))
      let large = try harness.attach(columns: 100, rows: 30)
      let smallWhole = harness.output(small)
      let largeWhole = harness.output(large)
      #expect(harness.screen.mode.front.columns == 80 && harness.screen.mode.front.rows == 24)
      #expect(!smallWhole.starts(with: questions))
      let clear = Array("\u{1B}[m\u{1B}[1;81H\u{1B}[K".utf8)
      #expect(Array(largeWhole.prefix(questions.count + clear.count)) == questions + clear)
      #expect(largeWhole.suffix(smallWhole.count) == smallWhole[...])
      harness.send(large, .input(Array("tab 2\r".utf8)))
      let a = harness.output(small)
      let b = harness.output(large)
      #expect(!a.isEmpty && a == b)
      #expect(harness.server.interpreter.shell.model.selectedIndex == 1)
      // The line typed is in the user's history.
      let history = try String(
        contentsOfFile: harness.state + "/tabshell/history", encoding: .utf8)
      #expect(history.hasSuffix("tab 2\n"))
      // The smaller one grows past the larger: the frame is 100 × 24 now.
      harness.send(small, .resize(columns: 120, rows: 24))
      _ = harness.output(small)
      #expect(harness.screen.mode.front.columns == 100 && harness.screen.mode.front.rows == 24)
    }

    /// `detach` typed on one client detaches it alone; the session goes on for the other, whose
    /// size is the session's now. From `tabshell send` it detaches every client.
    @Test func detachTypedLeavesTheOtherClientAndSentDetachesAll() throws {
      let harness = try Harness()
      let a = try harness.attach(columns: 60, rows: 20)
      let b = try harness.attach(columns: 90, rows: 30)
      harness.send(a, .input(Array("detach\r".utf8)))
      guard case .end(let reason, let message, _) = harness.end(a) else {
        Issue.record("no end frame")
        return
      }
      #expect(reason == .detached && message == "[detached from session work]")
      _ = harness.output(b)
      #expect(harness.screen.terminal.clients.count == 1)
      #expect(harness.screen.mode.front.columns == 90)
      let c = try harness.attach(columns: 90, rows: 30)
      #expect(harness.server.runCommands("detach").status == 0)
      harness.server.runRound(timeout: 0)
      for fd in [b, c] {
        guard case .end(.detached, _, _) = harness.end(fd) else {
          Issue.record("client \(fd) not detached")
          continue
        }
      }
      #expect(harness.screen.terminal.clients.isEmpty)
      #expect(harness.server.ending == nil)
    }

    /// A command sent from outside (`run`) keeps the line being typed; the frame shows what it
    /// did, and the prompt names the screen it made visible.
    @Test func aSentCommandKeepsTheLineBeingTyped() throws {
      let harness = try Harness()
      let a = try harness.attach(columns: 80, rows: 24)
      _ = harness.output(a)
      harness.send(a, .input(Array("badge".utf8)))
      _ = harness.output(a)
      #expect(harness.server.runCommands("tab 2").status == 0)
      _ = harness.output(a)
      let screen = try #require(harness.server.interpreter.shell.visibleScreen?.id)
      #expect(harness.server.interpreter.shell.model.selectedIndex == 1)
      #expect(String(decoding: FullScreenReadline.line.text, as: UTF8.self) == "badge")
      #expect(harness.screen.mode.front.lines.last?.hasPrefix("tabshell:\(screen)> badge") == true)
    }

    /// Prefix `d` detaches in a session: a default binding, it runs `detach` from the screen focus.
    @Test func prefixDIsBoundInASession() throws {
      let harness = try Harness()
      let table = harness.server.interpreter.keys.table
      let binding = try #require(table.binding(for: Key("d"), in: .prefix))
      #expect(binding.line == "detach")
    }

    /// `exit 3` typed ends the session with status 3.
    @Test func exitTypedEndsTheSession() throws {
      let harness = try Harness()
      let a = try harness.attach(columns: 80, rows: 24)
      harness.send(a, .input(Array("exit 3\r".utf8)))
      harness.rounds { harness.server.ending != nil }
      #expect(harness.server.ending?.status == 3 && harness.server.ending?.reason == .exited)
    }

    /// A client that sends garbage is cut off (`protocol`); the other goes on getting frames.
    @Test func garbageCutsOffOneClientOnly() throws {
      let harness = try Harness()
      let (a, b) = try harness.attachTwo()
      harness.send(a, [9, 0, 0, 0, 0])
      guard case .end(.protocol, _, _) = harness.end(a) else {
        Issue.record("no end frame")
        return
      }
      harness.send(b, .input(Array("x".utf8)))
      #expect(!harness.output(b).isEmpty)
      #expect(harness.screen.terminal.clients.count == 1)
    }

    /// A client that stops reading is cut off (`too-slow`) once 4 MiB wait for it, the frames it
    /// had not begun to read thrown away: its `end` frame comes after less than a megabyte, not
    /// after 4 MiB it has a second to read. The other goes on getting frames.
    @Test func aClientThatStopsReadingIsCutOffAndTheOtherGoesOn() throws {
      let harness = try Harness()
      #expect(harness.server.runCommands("tab 2").status == 0)
      let slow = try harness.attach(columns: 400, rows: 120)
      let fast = try harness.attach(columns: 400, rows: 120)
      harness.unread.insert(slow)
      // Each new size of the slow one's sends both a whole frame (about 150 KB).
      for step in 0..<200 where harness.screen.terminal.clients.count == 2 {
        harness.send(slow, .resize(columns: 400 - step % 2, rows: 120))
        _ = harness.output(fast)
      }
      #expect(harness.screen.terminal.clients.count == 1)
      harness.unread.remove(slow)
      let frames = harness.frames(slow) {
        $0.contains { if case .end = $0 { true } else { false } }
      }
      let before = frames.reduce(0) { count, frame in
        if case .output(let bytes) = frame { count + bytes.count } else { count }
      }
      #expect(before < 1 << 20, "\(before) bytes before the end frame")
      guard case .end(.tooSlow, let message, _) = frames.last else {
        Issue.record("no end frame")
        return
      }
      #expect(message == "[detached from session work: the terminal did not keep up]")
      harness.send(fast, .input(Array("x".utf8)))
      #expect(!harness.output(fast).isEmpty)
    }

    /// A flood of keys is taken in a slice a round: the first round that reads 8 KiB typed takes
    /// in 1 KiB of it, a command sent meanwhile runs at once, and the rest follows round by round.
    @Test func aFloodOfKeysIsTakenInASliceARound() throws {
      let harness = try Harness()
      let a = try harness.attach(columns: 80, rows: 24)
      _ = harness.output(a)
      harness.send(a, .input([UInt8](repeating: UInt8(ascii: "x"), count: 8192)))
      let deadline = MonotonicClock.now() + 2_000_000_000
      while FullScreenReadline.line.text.isEmpty, MonotonicClock.now() < deadline {
        harness.server.runRound(timeout: 10)
      }
      #expect(FullScreenReadline.line.text.count == SessionProtocol.inputSlice)
      #expect(harness.server.runCommands("tab 2").status == 0)
      harness.rounds { FullScreenReadline.line.text.count == 8192 }
      #expect(FullScreenReadline.line.text.count == 8192)
    }

    /// A client whose input waits past 1 MiB is cut off (`flood`); the other goes on.
    @Test func aClientFloodingInputIsCutOff() throws {
      let harness = try Harness()
      let (flood, other) = try harness.attachTwo()
      let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 60_000)
      for _ in 0..<40 where harness.screen.terminal.clients.count == 2 {
        harness.send(flood, .input(chunk))
        harness.server.runRound(timeout: 10)
      }
      #expect(harness.screen.terminal.clients.count == 1)
      guard case .end(.flood, let message, _) = harness.end(flood) else {
        Issue.record("no end frame")
        return
      }
      #expect(message.contains("faster than it is taken in"))
      harness.send(other, .input(Array("y".utf8)))
      #expect(!harness.output(other).isEmpty)
    }

    /// A click on a larger terminal outside the frame is nobody's: no error in the panel.
    @Test func aClickOutsideTheFrameIsDropped() throws {
      let harness = try Harness()
      let small = try harness.attach(columns: 60, rows: 20)
      let large = try harness.attach(columns: 100, rows: 30)
      _ = harness.output(small)
      _ = harness.output(large)
      harness.send(large, .input(Array("\u{1B}[<0;90;25M\u{1B}[<0;90;25m".utf8)))
      harness.send(large, .input(Array("x".utf8)))
      _ = harness.output(large)
      #expect(!harness.screen.mode.panel.isOpen)
      #expect(String(decoding: FullScreenReadline.line.text, as: UTF8.self) == "x")
    }

    /// What a process plugin writes on its standard error while a typed line runs reaches the
    /// panel (it was thrown away in a session).
    @Test func aPluginsErrorsWhileALineRunsReachThePanel() throws {
      let harness = try Harness()
      let a = try harness.attach(columns: 80, rows: 24)
      _ = harness.output(a)
      harness.server.interpreter.plugins.writeError("plug: boom\n")
      harness.send(a, .input(Array("x".utf8)))
      _ = harness.output(a)
      #expect(harness.screen.mode.panel.lines.contains { $0.text.contains("plug: boom") })
    }

    /// Ctrl-Z and Ctrl-X Ctrl-A do not apply in a session: the panel says what does.
    @Test func ctrlZIsRefusedInASession() throws {
      let harness = try Harness()
      let a = try harness.attach(columns: 80, rows: 24)
      _ = harness.output(a)
      harness.send(a, .input([0x1A]))
      _ = harness.output(a)
      #expect(harness.screen.mode.panel.lines.first?.text.contains("prefix d") == true)
      #expect(harness.screen.mode.exit == nil)
    }
  }
}
