@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering
import TabShellTerminal
import Testing

@testable import TabShellFullScreen
@testable import TabShellHost
@testable import TabShellLanguage
@testable import TabShellTerminalScreen

#if canImport(Glibc)
  import Glibc
#endif

extension ReadlineTests {
  /// A frame draws again only the rows of a terminal tab that changed (docs/Contract.md, "The
  /// full-screen mode"): the tab's screen draws only its changed rows into the canvas the mode
  /// kept, the mode copies only those into the frame, and the frame writer compares only those;
  /// what the terminal shows is still what a whole redraw shows, through resizes, focus changes,
  /// the panel and scrolling back.
  @Suite struct FullScreenDamageTests {
    typealias RecordingTerminal = FullScreenDriveTests.RecordingTerminal

    typealias Harness = FullScreenDriveTests.Harness

    /// The mode on a recording terminal of `columns` × `rows` with one terminal tab running `cat`.
    static func harness(columns: Int = 40, rows: Int = 12, bar: String = "full") -> Harness {
      harness("set bar \(bar); add-tab terminal --id t -- cat", columns: columns, rows: rows)
    }

    /// The mode on a recording terminal of `columns` × `rows`, after `setup`.
    static func harness(_ setup: String, columns: Int, rows: Int) -> Harness {
      let harness = Harness(setup: setup)
      harness.terminal.columns = columns
      harness.terminal.rows = rows
      return harness
    }

    /// The mode opened on the harness's terminal, its first frame drawn and what the tab's
    /// program wrote meanwhile taken in: the tab has the screen focus. Close it after.
    static func opened(_ harness: Harness) -> FullScreenSession {
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      session.step()
      harness.settle()
      #expect(session.focus == .screen)
      return session
    }
    /// What a terminal shows after the frames written to it: each row's text, from an emulator
    /// of the terminal's size that was given every frame since the last whole one.
    static func shown(_ terminal: RecordingTerminal) throws -> [String] {
      let emulator = try #require(
        TerminalEmulator(rows: terminal.rows, columns: terminal.columns, scrollback: 0))
      let start = terminal.frames.lastIndex { $0.whole } ?? 0
      for frame in terminal.frames[start...] {
        frame.bytes.withUnsafeBytes { emulator.write($0) }
      }
      return (0..<emulator.rows).map { row in
        var line = TerminalResizeFaultTests.text(of: emulator, row: row)
        while line.last == " " { line.removeLast() }
        return line
      }
    }

    /// The terminal tab's region as a new drawing shows it (the screen draws every row into a new
    /// canvas, its damage left alone).
    static func freshRegion(_ harness: Harness) throws -> [String] {
      let layout = harness.interpreter.layout
      let page = try #require(
        Renderer.pageParts(
          harness.interpreter.shell, width: layout.columns, height: layout.pageHeight))
      return page.region.lines
    }

    /// A program writing ever new grapheme clusters (each letter with each of 64 marks, 1,664 of
    /// them, scrolling) leaves the tables of clusters of the kept base and of the frames bounded
    /// (a cluster a cell), and the frame holds what a whole redraw draws.
    @Test func everNewClustersKeepTheTablesBounded() throws {
      let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init).joined(separator: " ")
      let marks = (0o200...0o277).map { String($0, radix: 8) }.joined(separator: " ")
      let program =
        #"read x; for c in \#(letters); do for m in \#(marks); do printf "$c\314\\$m "; done; echo;"#
        + " sleep 0.02; done; echo DONE; exec cat"
      let harness = Harness(setup: "add-tab terminal --id t -- sh -c '\(program)'")
      harness.terminal.columns = 40
      harness.terminal.rows = 12
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      harness.settle()
      // Each letter's line comes in a frame of its own, after the mode opened.
      harness.type("\r")
      var largest = 0
      harness.pump {
        largest = max(largest, session.front.clusterCount)
        return (try? Self.freshRegion(harness).contains("DONE")) == true
      }
      harness.settle()
      largest = max(largest, session.front.clusterCount)
      let region = try Self.freshRegion(harness)
      #expect(region.contains("DONE"))
      let shownMarks = region.joined().unicodeScalars.filter { (0x300...0x33F).contains($0.value) }
      #expect(shownMarks.count > 50, "the clusters show: \(region)")
      #expect(largest <= 40 * 12)
      // The frame holds what a whole redraw of the tab draws.
      let top = harness.interpreter.layout.regionTop
      #expect(Array(session.front.lines[top..<top + region.count]) == region)
    }

    /// A key `cat` echoes: the frame that shows it writes that cell and nothing else, and the key
    /// itself drew no frame.
    @Test func aKeyEchoedWritesOnlyItsCell() throws {
      let harness = Self.harness()
      let session = Self.opened(harness)
      defer { session.close() }
      // Two keys first: the frames after the first one drawn whole keep the command line.
      for key in ["a", "b"] {
        let before = harness.terminal.frames.count
        harness.type(key)
        harness.pump { harness.terminal.frames.count > before }
        harness.settle()
      }
      let before = harness.terminal.frames.count
      let quick = session.frame.screenChangesDrawn
      // The key draws no frame of its own (`cat`'s echo may come while it is delivered: then
      // that frame shows the echo).
      harness.type("x")
      harness.pump { harness.terminal.frames.count > before }
      harness.settle()
      let frames = harness.terminal.frames[before...].map {
        String(decoding: $0.bytes, as: UTF8.self)
      }
      #expect(frames == ["x"])
      #expect(try Self.shown(harness.terminal)[1] == "abx")
      // Drawn from the tab's changed rows alone, it is the frame drawn whole.
      #expect(session.frame.screenChangesDrawn == quick + 1)
      try ReadlineTests.expectWholeRedrawChangesNothing(session, "after x")
    }

    /// A program that renames its tab (its title, OSC 2) in reply to a key, and writes: the
    /// frame that shows what it wrote shows the bar with the new name (the shell changed: not a
    /// frame of the tab's rows alone).
    @Test func aTitleSetWhileTypingShowsInTheBar() throws {
      let harness = Self.harness(
        "add-tab terminal --id t -- sh -c "
          + #"'read x; printf "\033]2;renamed\007done\n"; exec cat'"#, columns: 40, rows: 12)
      let session = Self.opened(harness)
      defer { session.close() }
      for key in ["a", "b", "c"] {
        let before = harness.terminal.frames.count
        harness.type(key)
        harness.pump { harness.terminal.frames.count > before }
      }
      harness.settle()
      #expect(session.frame.screenChangesDrawn > 0)
      #expect(!session.front.lines.joined().contains("renamed"))
      harness.type("\r")
      harness.pump { session.front.lines.joined().contains("done") }
      harness.settle()
      let shown = try Self.shown(harness.terminal)
      #expect(shown == session.front.lines)
      #expect(shown.joined().contains("renamed"))
      #expect(shown.joined().contains("done"))
      try ReadlineTests.expectWholeRedrawChangesNothing(session, "after the title")
    }

    /// Random keys for `cat` (letters, Enter, so that the screen scrolls), resizes, the focus
    /// going to the command line and back, commands opening the panel, and the wheel scrolling
    /// back: after each, what the terminal shows (every frame given to an emulator) is the frame
    /// drawn, and the tab's rows in it are what a new drawing of the tab shows.
    @Test(arguments: ["full", "compact"])
    func framesFromDamageShowWhatAWholeRedrawShows(bar: String) throws {
      try Self.checkRandomSteps(Self.harness(columns: 30, rows: 10, bar: bar), panes: false)
    }

    /// The same with the tab split in three panes, two running `cat` (and a text pane, drawn whole
    /// each time), the focus moving between the two: each pane draws only its changed rows into
    /// the canvas kept for it.
    @Test(arguments: ["full", "compact"])
    func framesFromDamageInPanesShowWhatAWholeRedrawShows(bar: String) throws {
      let harness = Self.harness(
        "set bar \(bar); add-tab terminal --id t -- cat; split --to t terminal --id u -- cat; "
          + "split --to u --vertical text --id v --text note; select-pane t", columns: 40, rows: 12)
      try Self.checkRandomSteps(harness, panes: true)
    }

    /// A pane beside the focused one that has nothing new is not drawn again (each key the
    /// focused pane echoes), but one whose program writes while the keys go elsewhere is: its
    /// rows show what it wrote, in frames that are not whole ones. The program beside writes a
    /// line for each word the test puts in a FIFO, so that it writes only when told, between
    /// frames drawn with it unchanged. (Its first output names it after its program, a change to
    /// the shell that draws the page anew: the others go through the panes' kept drawings.)
    @Test func aPaneBesideTheFocusedOneShowsWhatItsProgramWritesMeanwhile() throws {
      let directory = try REPLHistoryFileTests.folder()
      defer { FileSystem.removeTree(directory) }
      let fifo = directory + "/words"
      #expect(mkfifo(fifo, 0o600) == 0)
      let harness = Self.harness(
        "add-tab terminal --id t --title main -- cat; split --to t terminal --id u --title "
          + "beside -- sh -c 'while :; do read word < \(fifo) && echo beside-$word; done'; "
          + "select-pane t", columns: 60, rows: 14)
      let session = Self.opened(harness)
      defer { session.close() }
      func tellBeside(_ word: String) {
        // Opened without blocking (a reader gone would hang the test): until the loop beside
        // opens its end, at most 10 s.
        var writer: Int32 = -1
        let deadline = MonotonicClock.now() + 10_000_000_000
        while writer < 0, MonotonicClock.now() < deadline {
          writer = open(fifo, O_WRONLY | O_NONBLOCK)
          if writer < 0 { usleep(10_000) }
        }
        guard writer >= 0 else {
          Issue.record("the program beside never opened the FIFO")
          return
        }
        _ = (word + "\n").withCString { write(writer, $0, word.utf8.count + 1) }
        close(writer)
        harness.pump { session.front.lines.joined().contains("beside-" + word) }
      }
      // Keys to the focused pane, the pane beside writing between them.
      let before = harness.terminal.frames.count
      for (key, word) in [("a", "one"), ("b", "two"), ("c", "three")] {
        let frames = harness.terminal.frames.count
        harness.type(key)
        harness.pump { harness.terminal.frames.count > frames }
        tellBeside(word)
      }
      harness.type("d")
      harness.settle()
      let shown = try Self.shown(harness.terminal)
      #expect(shown == session.front.lines)
      for text in ["abcd", "beside-one", "beside-two", "beside-three"] {
        #expect(shown.joined().contains(text), "\(text)")
      }
      // Each frame wrote only what changed.
      let whole = harness.terminal.frames[before...].filter(\.whole).count
      #expect(whole == 0)
      let region = try Self.freshRegion(harness)
      let top = harness.interpreter.layout.regionTop
      #expect(Array(shown[top..<top + region.count]) == region)
      // The keys' echoes and what the pane beside wrote were frames of the panes' rows alone.
      #expect(session.frame.screenChangesDrawn > 0)
      try ReadlineTests.expectWholeRedrawChangesNothing(session, "after the panes")
    }

    /// Some frames are drawn from the changed rows alone (``FullScreenSession/drawScreenChanges()``),
    /// with both bars, panes or not.
    static func checkRandomSteps(_ harness: Harness, panes: Bool) throws {
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      harness.settle()
      var random = SplitMix(seed: 30)
      var partial = 0
      for step in 0..<80 {
        let action: String
        switch random.next() % 10 {
        case 0...3:
          action = String(
            (0..<(1 + random.next() % 12)).map { _ in
              Character(Unicode.Scalar(UInt8(97 + random.next() % 26)))
            })
          harness.type(action)
        case 4, 5:
          action = "Enter"
          harness.type("\r")
        case 6:
          harness.terminal.columns = 20 + Int(random.next() % 30)
          harness.terminal.rows = 6 + Int(random.next() % 10)
          action = "resize \(harness.terminal.columns)x\(harness.terminal.rows)"
          session.resized()
          session.step()
        case 7:
          // The command line, a command printing into the panel, then the screen again.
          action = "tabs"
          harness.type("\u{02}:")
          harness.type("tabs\r")
          harness.type("set-focus screen\r")
        case 8:
          action = "wheel"
          harness.type("\u{1B}[<64;5;4M")
        default:
          if panes, random.next() % 2 == 0 {
            let pane = random.next() % 2 == 0 ? "t" : "u"
            action = "select-pane \(pane)"
            harness.type("\u{02}:")
            harness.type("select-pane \(pane)\r")
            harness.type("set-focus screen\r")
          } else {
            action = "prefix twice"
            harness.type("\u{02}\u{02}")
          }
        }
        harness.settle()
        let shown = try Self.shown(harness.terminal)
        #expect(shown == session.front.lines, "step \(step): \(action)")
        guard !session.panel.isOpen else { continue }
        let region = try Self.freshRegion(harness)
        // Under the page's header, or from the first row with the compact bar.
        let top = harness.interpreter.layout.regionTop
        #expect(
          Array(shown[top..<top + region.count]) == region.map { $0 }, "step \(step): \(action)")
        if harness.terminal.frames.last?.whole == false { partial += 1 }
        // Every fifth step, the frame drawn from what changed (only the tab's rows, mostly) is
        // the frame drawn whole, cursor and all. (Not each step: a whole frame starts the
        // command line's count again, which the frames drawing only the tab's rows follow.)
        if step % 5 == 4 {
          try ReadlineTests.expectWholeRedrawChangesNothing(session, "step \(step)")
        }
      }
      #expect(session.frame.screenChangesDrawn > 0)
      // Most frames were not whole ones (fewer with panes, where moving the focus changes the
      // model and so draws the whole page).
      #expect(partial > (panes ? 25 : 40))
    }
  }

  /// Draws the frame whole again (as `redraw` does) and expects it to be the frame on the
  /// terminal: every cell and the cursor.
  static func expectWholeRedrawChangesNothing(
    _ session: FullScreenSession, _ comment: String
  ) throws {
    let (front, cursor) = (session.front, session.frame.shownCursor)
    session.redraw()
    session.step()
    let sameCells = session.front.hasSameCells(as: front)
    #expect(sameCells, "\(comment)")
    #expect(session.front.lines == front.lines, "\(comment)")
    #expect(session.frame.shownCursor == cursor, "\(comment)")
  }

  /// A small seeded generator (SplitMix64), so that a failure can be run again.
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}

extension ReadlineTests.FullScreenDriveTests.Harness {
  /// As the mode's loop: the program's output taken in and a frame drawn each time some
  /// came, until `done` holds or 10 s pass (the check after it fails then).
  func pump(until done: () -> Bool) {
    let deadline = MonotonicClock.now() + 10_000_000_000
    while !done(), MonotonicClock.now() < deadline {
      var descriptors = engine.backgroundDescriptors.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      guard poll(&descriptors, nfds_t(descriptors.count), 10) > 0 else { continue }
      let outcome = engine.runBackground()
      session.showBackground(outcome.printed.map { ($0.text, $0.toStandardError) })
      session.step()
    }
  }

  /// The program's output taken in and drawn until none came for 100 ms.
  func settle() {
    var quiet = 0
    var frames = terminal.frames.count
    pump {
      quiet = terminal.frames.count == frames ? quiet + 1 : 0
      frames = terminal.frames.count
      return quiet >= 10
    }
  }
}
