import Foundation
@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellTerminalScreen
import TestSupport
import Testing

@testable import TabShellHost
@testable import TabShellLanguage

/// Terminal tabs run real programs (docs/Contract.md, "Terminal tabs"): output taken in while the
/// shell waits, drawn with colours and the cursor, keys and text sent, exits and signals shown,
/// sizes passed on, and nothing left behind.
@Suite(.serialized) struct TerminalTabTests {
  /// A shell as the command line makes it, writing into strings, driven line by line, waiting as
  /// the REPL's prompt waits.
  final class Harness {
    final class Sink {
      var output = ""
      var errors = ""
    }
    let sink = Sink()
    let interpreter: Interpreter
    /// The terminal tabs' programs.
    let sessions: TerminalSessions?

    /// A shell whose folder is `directory`.
    init(directory: String = "/tmp") {
      let sink = sink
      let process = ProcessContext(
        arguments: [], environment: ["HOME": "/proc/nonexistent"], currentDirectory: directory,
        writeOutput: { sink.output.append($0) }, writeError: { sink.errors.append($0) })
      interpreter = ShellStartup.makeInterpreter(CommandLineOptions(), process)
      sessions =
        (interpreter.shell.screenTypes.first { $0.name == "terminal" } as? TerminalScreenType)?
        .sessions
    }

    deinit { interpreter.endBackgroundSources() }

    /// Runs a line; whether it succeeded.
    @discardableResult
    func run(_ line: String) -> Bool {
      interpreter.runLine(line) == .success
    }

    /// Sends an input to a screen; whether it handled it.
    func send(_ input: ScreenInput, to id: String) -> Bool {
      (try? interpreter.shell.send(.input(input, to: id))) == .input(handled: true)
    }

    /// The screen `id` drawn in a region of `width` × `height`.
    func draw(_ id: String, width: Int = 80, height: Int = 24) -> Canvas {
      var canvas = Canvas(width: width, height: height)
      interpreter.shell.draw(screen: id, in: &canvas)
      return canvas
    }

    /// Waits as the prompt waits, one round: the background descriptors polled (at most 50 ms),
    /// then the background work run; the processor time the work took, in seconds (this thread's,
    /// not the wall clock's, which also counts the time other processes had the processor).
    @discardableResult
    func round() -> Double {
      let timeout = interpreter.backgroundTimeout
      _ = SystemIO.pollReadable(
        interpreter.backgroundDescriptors, milliseconds: timeout < 0 ? 50 : min(timeout, 50))
      let start = Self.threadProcessorTime()
      _ = interpreter.runBackgroundWork()
      return Self.threadProcessorTime() - start
    }

    /// The processor time this thread has used, in seconds.
    static func threadProcessorTime() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits until `done`, or `seconds` pass; whether it came.
    @discardableResult
    func wait(seconds: Double = 10, until done: () -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while !done() {
        guard Date() < deadline else { return false }
        round()
      }
      return true
    }

    /// Waits until the screen `id`, drawn at `width` × `height`, shows `text`; its text then.
    @discardableResult
    func wait(
      for text: String, in id: String, width: Int = 80, height: Int = 24, seconds: Double = 10
    ) -> String {
      var lines = ""
      wait(seconds: seconds) {
        lines = draw(id, width: width, height: height).lines.joined(separator: "\n")
        return lines.contains(text)
      }
      return lines
    }
  }

  @Test func aProgramsOutputIsTakenInWhileTheShellWaits() {
    let shell = Harness()
    #expect(shell.run(#"add-tab terminal --id t -- sh -c "printf 'hello\n'; exit 3""#))
    let drawn = shell.wait(for: "[exited 3]", in: "t")
    #expect(drawn.hasPrefix("hello\n[exited 3]"))
    // `show` draws it too, and writes no escape sequence where the output is not a terminal.
    shell.sink.output = ""
    #expect(shell.run("show"))
    #expect(shell.sink.output.contains("[exited 3]"))
    #expect(!shell.sink.output.contains("\u{1B}"))
  }

  @Test func aProgramKilledByASignalSaysWhich() {
    let shell = Harness()
    // `$$` is the language's `$`.
    #expect(shell.run("add-tab terminal --id t -- sh -c 'kill -TERM $$$$'"))
    #expect(shell.wait(for: "[killed by SIGTERM]", in: "t").contains("[killed by SIGTERM]"))
  }

  @Test func aProgramThatCannotStartIsAnErrorAndAddsNoTab() {
    let shell = Harness()
    #expect(!shell.run("add-tab terminal -- /nonexistent/program"))
    #expect(shell.sink.errors.contains("cannot start '/nonexistent/program'"))
    #expect(shell.interpreter.shell.model.tabs.isEmpty)
    #expect(!shell.run("add-tab terminal -- no-such-program-anywhere"))
    // (A folder nothing can make, even as root.)
    #expect(!shell.run("add-tab terminal --cwd /proc/nonexistent -- sh"))
    #expect(shell.interpreter.shell.model.tabs.isEmpty)
    #expect(shell.sessions?.count == 0)
  }

  @Test func theProgramGetsTheTerminalsEnvironmentAndFolder() {
    let shell = Harness()
    #expect(
      shell.run(
        #"add-tab terminal --id env --cwd /usr -- sh -c 'echo "$$TERM $$TABSHELL_SCREEN"; pwd'"#))
    let drawn = shell.wait(for: "[exited 0]", in: "env")
    #expect(drawn.hasPrefix("xterm-256color env\n/usr\n"))
  }

  @Test func theProgramStartsInTheShellsFolder() {
    let shell = Harness()
    #expect(shell.run("add-tab terminal --id d -- pwd"))
    #expect(shell.wait(for: "[exited 0]", in: "d").hasPrefix("/tmp\n"))
  }

  @Test func popDismissAndALayoutEndTheirPrograms() throws {
    let shell = Harness()
    let sessions = try #require(shell.sessions)
    #expect(shell.run("add-tab text --id a; push terminal --id p -- sleep 100"))
    #expect(shell.run("present terminal --id m -- sleep 100"))
    #expect(shell.run("add-tab terminal --id z -- sleep 100"))
    let pids = sessions.pids
    #expect(pids.count == 3)
    #expect(shell.run("dismiss"))
    #expect(shell.wait(seconds: 10) { sessions.count == 2 })
    #expect(shell.run("pop"))
    #expect(shell.wait(seconds: 10) { sessions.count == 1 })
    #expect(shell.run("layout demo"))
    #expect(shell.wait(seconds: 10) { sessions.count == 0 })
    for pid in pids { #expect(!CurrentProcess.exists(pid)) }
  }

  @Test func catEchoesTypedTextAndKeys() {
    let shell = Harness()
    #expect(shell.run("add-tab terminal --id t -- cat"))
    #expect(shell.send(.text("abc", isPaste: false), to: "t"))
    #expect(shell.send(.key(named: "Enter"), to: "t"))
    // The terminal echoes the line, then cat writes it again.
    #expect(shell.wait(for: "abc\nabc", in: "t").hasPrefix("abc\nabc"))
    #expect(shell.send(.key(named: "C-d"), to: "t"))
    #expect(shell.wait(for: "[exited 0]", in: "t").contains("[exited 0]"))
    // An ended program takes no more input.
    #expect(!shell.send(.text("x", isPaste: false), to: "t"))
  }

  @Test func cellsKeepColoursAttributesWideCharactersAndTheCursor() {
    let shell = Harness()
    let bytes = #"\033[1;31mR\033[0m\033[48;5;200mB\033[0m\033[38;2;1;2;3mX\033[0m 世界\033[4mU"#
    #expect(shell.run("add-tab terminal --id t -- sh -c 'printf \"\(bytes)\"; sleep 10'"))
    #expect(shell.wait(for: "RBX 世界U", in: "t").hasPrefix("RBX 世界U"))
    let canvas = shell.draw("t", width: 20, height: 3)
    let row = canvas.rows[0]
    #expect(row[0].text == "R" && row[0].style == .init(foreground: .red, attributes: .bold))
    #expect(row[1].text == "B" && row[1].style == .init(background: .indexed(200)))
    #expect(row[2].style.foreground == .rgb(red: 1, green: 2, blue: 3))
    #expect(row[4].text == "世" && row[5].text == "" && row[6].text == "界" && row[7].text == "")
    #expect(row[8].text == "U" && row[8].style == .init(attributes: .underline))
    #expect(canvas.cursor == Canvas.Cursor(row: 0, column: 9))
  }

  @Test func theProgramsTerminalIsTheRegionAndAResizeSendsSIGWINCH() {
    let shell = Harness()
    #expect(
      shell.run(
        #"add-tab terminal --id t -- sh -c 'trap "stty size" WINCH; stty size; while :; do sleep 0.05; done'"#
      ))
    // Drawn at 80 × 24, it is 80 × 24 (it started at its tab's region at `size`, 80 × 20, before
    // that first drawing).
    #expect(shell.wait(for: "24 80", in: "t").contains("24 80"))
    #expect(shell.wait(for: "12 50", in: "t", width: 50, height: 12).contains("12 50"))
    #expect(shell.send(.resize(width: 60, height: 20), to: "t"))
    #expect(shell.wait(for: "20 60", in: "t", width: 60, height: 20).contains("20 60"))
  }

  @Test func aHostileProgramLeavesTheShellResponsive() throws {
    let shell = Harness()
    // Random bytes for 3 s, then 10 MB of escape sequences: clear, titles, the clipboard, mouse
    // modes, queries (answered by the emulator into the program's input), an unended DCS string.
    let folder = NSTemporaryDirectory() + "tabshell-hostile-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sequences =
      "\u{1B}[2J\u{1B}]0;evil\u{7}\u{1B}]52;c;aGk=\u{7}\u{1B}[?1000h\u{1B}[?1049h\u{1B}[6n"
      + "\u{1B}[c\u{1B}[31;1;5m\u{1B}P"
    try String(repeating: sequences, count: 1_000_000 / sequences.utf8.count)
      .write(toFile: folder + "/flood", atomically: true, encoding: .utf8)
    try """
    timeout 3 cat /dev/urandom
    for i in 1 2 3 4 5 6 7 8 9 10; do cat flood; done
    printf '\\033\\\\\\033c'
    echo done
    """.write(toFile: folder + "/hostile.sh", atomically: true, encoding: .utf8)
    #expect(shell.run("add-tab terminal --id t --cwd \(folder) -- sh hostile.sh"))
    var longest = 0.0
    let finished = shell.wait(seconds: 60) {
      longest = max(longest, shell.round())
      // (The emulator's answers, echoed by the terminal, may follow `done`.)
      return shell.draw("t").lines.contains("[exited 0]")
    }
    #expect(finished, "\(shell.draw("t").lines.joined(separator: "\n"))")
    // Each round takes in a bounded amount: the shell is never held (however busy the machine:
    // the processor time of the round, not the time it waited for a processor).
    #expect(longest < 1, "a round took \(longest) s of processor time")
    shell.sink.output = ""
    #expect(shell.run("show"))
    #expect(!shell.sink.output.contains("\u{1B}"))
  }

  @Test func closingHangsUpThenKillsAndLeavesNothingBehind() throws {
    let shell = Harness()
    let sessions = try #require(shell.sessions)
    #expect(shell.run(#"add-tab terminal --id t -- sh -c 'trap "" HUP; echo ready; sleep 100'"#))
    shell.wait(for: "ready", in: "t")
    let pids = sessions.pids
    #expect(pids.count == 1)
    let start = Date()
    #expect(shell.run("close-tab t"))
    #expect(shell.wait(seconds: 10) { sessions.count == 0 })
    let elapsed = Date().timeIntervalSince(start)
    // Killed after the grace (the wait above bounds how late; an upper bound here would be a
    // verdict on the machine's speed).
    #expect(elapsed > 1.5, "ended after \(elapsed) s")
    for pid in pids { #expect(!CurrentProcess.exists(pid)) }
  }

  @Test func aHundredTerminalTabsOpenedAndClosedLeaveNoDescriptorOrProcess() throws {
    let shell = Harness()
    let sessions = try #require(shell.sessions)
    for index in 0..<100 {
      #expect(shell.run("add-tab terminal --id t\(index) -- sleep 100"))
    }
    let pids = sessions.pids
    #expect(pids.count == 100)
    // The sessions' own descriptors, each known by what it is open on (a pseudo-terminal's
    // number, a pidfd's process): other tests of this process open pseudo-terminals and pidfds of
    // their own, which may take the numbers these leave.
    let opened = Self.terminalDescriptors(among: sessions.descriptors)
    #expect(opened.count >= 100)
    for index in 0..<100 { #expect(shell.run("close-tab t\(index)")) }
    #expect(shell.wait(seconds: 10) { sessions.count == 0 })
    // A descriptor left open stays so; one that another test opened meanwhile may have taken
    // both a number and a pseudo-terminal index these left (the kernel gives out the lowest), and
    // goes with that test's terminal: it is waited out.
    var left: [(descriptor: Int32, identity: String)] = []
    let deadline = Date().addingTimeInterval(5)
    repeat {
      left = Self.terminalDescriptors(among: opened.map(\.descriptor)).filter { found in
        opened.contains { $0.descriptor == found.descriptor && $0.identity == found.identity }
      }
      if left.isEmpty { break }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    #expect(left.isEmpty, "left open: \(left)")
    for pid in pids { #expect(!CurrentProcess.exists(pid)) }
  }

  /// Those of `descriptors` open as pseudo-terminals' other ends or pidfds, each with what it is
  /// open on (`tty-index` or `Pid` in /proc/self/fdinfo).
  static func terminalDescriptors(among descriptors: [Int32]) -> [(
    descriptor: Int32, identity: String
  )] {
    descriptors.compactMap { descriptor -> (descriptor: Int32, identity: String)? in
      let target =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
      guard target == "/dev/ptmx" || target == "anon_inode:[pidfd]",
        let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: {
          $0.hasPrefix("tty-index:") || $0.hasPrefix("Pid:")
        })
      else { return nil }
      return (descriptor, String(line))
    }
  }
}
