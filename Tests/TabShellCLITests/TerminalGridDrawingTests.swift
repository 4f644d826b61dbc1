import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import Testing

@testable import TabShellFullScreen
@testable import TabShellHost
@testable import TabShellLanguage
@testable import TabShellTerminalScreen

extension ReadlineTests {
  /// A terminal tab draws its region straight into the full-screen mode's grid
  /// (``TabShellTerminal/GridDrawingScreen``) instead of through a canvas: cell for cell, text,
  /// width and style, what it draws is what its canvas drawn into the grid shows, for every kind
  /// of cell (styles of every sort, blanks with a background, wide characters, clusters, reverse
  /// video), whole and from damage.
  @Suite struct TerminalGridDrawingTests {
    typealias Harness = FullScreenDriveTests.Harness

    /// Lines with a cell of each kind; the last of each step asks for the next (`read`).
    static let program = [
      #"printf '\033[1;31mbold red\033[0m \033[2mdim\033[0m \033[3;4mital\033[0m \033[7mrev\033[0m\n'"#,
      #"printf '\033[38;5;208m256\033[0m \033[38;2;10;200;30mrgb\033[0m \033[48;5;4m   \033[0m|\033[41m\033[K\033[0m\n'"#,
      #"printf '\033[4:3;58;5;2mcurly\033[0m \033[53mover\033[0m \033[9mstrike\033[0m \033[5mblink\033[0m \033[8mhid\033[0m\n'"#,
      #"printf 'wide \345\255\227\345\255\227 e\314\201 \342\235\244\357\270\217 \360\237\221\215\360\237\217\275 flag \360\237\207\253\360\237\207\267\n'"#,
      #"printf '\033[44m\tTab\033[0m end\n'; printf '%038d\345\255\227\345\255\227\n' 0"#,
      "read x",
      #"printf '\033[?5hreverse video \033[7mtwice\033[0m\n'; read x"#,
      #"printf '\033[?5l\033[2;1H\033[1;32mover the second row\033[0m\033[6;1H'; exec cat"#,
    ].joined(separator: "; ")

    /// The tab's region in the frame against a grid that its canvas (a new drawing) was drawn
    /// into: every cell the same.
    static func checkRegion(_ harness: Harness, _ step: String) throws {
      let layout = harness.interpreter.layout
      let page = try #require(
        Renderer.pageParts(
          harness.interpreter.shell, width: layout.columns, height: layout.pageHeight))
      let front = harness.session.front
      var expected = CellGrid(columns: front.columns, rows: front.rows)
      expected.draw(canvas: page.region, row: layout.regionTop)
      var differing: [String] = []
      for row in layout.regionTop..<(layout.regionTop + page.region.height) {
        for column in 0..<front.columns
        where front[column, row] != expected[column, row] {
          differing.append(
            "(\(column), \(row)): \(front[column, row]) != \(expected[column, row])")
        }
      }
      #expect(differing.isEmpty, "\(step): \(differing.prefix(5))")
    }

    /// Alone in its tab, and as the focused pane of two side by side (the other a terminal too,
    /// drawing its own rows straight into the grid at its place).
    /// Takes in the program's output and draws it until a row the terminal shows satisfies
    /// `found`; that it ever did is expected (else the comparison after would be of nothing).
    static func waitUntilShown(_ harness: Harness, _ what: String, _ found: (String) -> Bool) {
      func shows() -> Bool {
        (try? FullScreenDamageTests.shown(harness.terminal))?.contains(where: found) == true
      }
      harness.pump(until: shows)
      harness.settle()
      // The rows it showed are read again only for the message, when it failed.
      #expect(
        shows(),
        "\(what) never showed: \((try? FullScreenDamageTests.shown(harness.terminal)) ?? [])")
    }

    /// Runs `body` on the full-screen mode opened at `columns` × `rows` over a terminal tab whose
    /// program is `program` (written to a file of its own, named with `suffix`; the start-up is
    /// `before`, the file's path, `after`), the first frame drawn and the program's first output
    /// taken in; the mode is closed and the file removed after.
    static func withTab(
      program: String, suffix: String, columns: Int, rows: Int, before: String,
      after: String = "", _ body: (Harness) throws -> Void
    ) throws {
      let script = FileManager.default.temporaryDirectory
        .appendingPathComponent("tabshell-grid-\(UUID().uuidString)\(suffix)").path
      try program.write(toFile: script, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: script) }
      let harness = Harness(setup: before + script + after)
      harness.terminal.columns = columns
      harness.terminal.rows = rows
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      session.step()
      harness.settle()
      try body(harness)
    }

    @Test(arguments: [("full", false), ("compact", false), ("full", true), ("compact", true)])
    func theGridShowsWhatTheCanvasShows(bar: String, panes: Bool) throws {
      let split =
        panes
        ? #"; split --to t --vertical terminal --id u -- sh -c 'printf "\033[1;33mpane u\033[0m \345\255\227\n"; exec cat'; select-pane t"#
        : ""
      try Self.withTab(
        program: Self.program, suffix: ".sh", columns: 40, rows: 14,
        before: "set bar \(bar); add-tab terminal --id t -- sh ", after: split
      ) { harness in
        let session = harness.session
        #expect(harness.interpreter.shell.tabCount == 1)
        #expect((harness.interpreter.shell.visiblePanes != nil) == panes)
        Self.waitUntilShown(harness, "the first screen") { $0.contains("end") }
        try Self.checkRegion(harness, "the first screen")
        // Reverse video (DECSCNM): every row drawn again, each cell's colours swapped.
        harness.type("\r")
        Self.waitUntilShown(harness, "reverse video") { $0.contains("twice") }
        try Self.checkRegion(harness, "reverse video")
        // Back to normal, one row written over, then keys `cat` echoes: only changed rows drawn.
        harness.type("\r")
        Self.waitUntilShown(harness, "the row written over") { $0.hasPrefix("over") }
        try Self.checkRegion(harness, "a row written over")
        let frames = harness.terminal.frames.count
        harness.type("keys")
        Self.waitUntilShown(harness, "the keys echoed") { $0.hasPrefix("keys") }
        #expect(harness.terminal.frames[frames...].allSatisfy { !$0.whole })
        try Self.checkRegion(harness, "keys echoed")
        // A resize draws every row again at the new size.
        harness.terminal.columns = 33
        harness.terminal.rows = 11
        session.resized()
        session.step()
        harness.settle()
        try Self.checkRegion(harness, "resized")
      }
    }

    /// Steps that each change a few cells of a row (the grid takes only the row's changed
    /// columns then, and the cells beside them), each against the canvas: over either half of a
    /// wide character, an erase of one half, characters deleted and inserted, a background, runs
    /// of plain text, echoed keys.
    /// A program that writes, at each line it reads, a random run of what changes a few cells
    /// (text, wide characters, marks, colours, moves, erases, insertions and deletions of
    /// characters and lines), then `step N;` on the last row: the same runs for a seed. No emoji
    /// with a variation selector: with `❤️` among the pieces, seed 3's 48th step shows a frame
    /// whose cells after the emoji land a column off when the frames are read back by libvterm
    /// (``FullScreenDamageTests/shown(_:)``), which gives such an emoji one column where the grid
    /// gives it two (with whole rows drawn too, and with the encoder before 2026-12-05's changes:
    /// not the grid's drawing; an outer terminal that reads the emoji as libvterm does would show
    /// the same).
    static let randomProgram = #"""
      import random, sys
      r = random.Random(int(sys.argv[1]))
      pieces = ["abc", "word ", "\u5b57", "e\u0301", "\t", "\b", "\r", "\n",
                "\x1b[31m", "\x1b[44m", "\x1b[7m", "\x1b[0m", "\x1b[1;4m"]
      step = 0
      while sys.stdin.readline():
          out = []
          for _ in range(r.randint(3, 25)):
              kind = r.randrange(20)
              if kind < 6:
                  out.append(r.choice(pieces))
              elif kind < 12:
                  # Most often over a wide character's either half.
                  out.append("\x1b[%d;%dH%s" % (r.randint(1, 8), r.randint(1, 40),
                                               r.choice("ab\u5b57")))
              elif kind < 14:
                  out.append("\x1b[%dK" % r.randint(0, 2))
              elif kind < 17:
                  out.append("\x1b[%d%s" % (r.randint(1, 5), r.choice("XP@")))
              elif kind == 17:
                  out.append("\x1b[%d%s" % (r.randint(1, 2), r.choice("LM")))
              else:
                  out.append("".join(r.choice("xyz \u5b57\u5b57") for _ in range(r.randint(1, 12))))
          out.append("\x1b[0m\x1b[999;1Hstep %d;\x1b[K" % step)
          sys.stdout.write("".join(out))
          sys.stdout.flush()
          step += 1
      """#

    @Test(arguments: [1, 2, 3])
    func randomChangesAreDrawnAsTheCanvasShowsThem(seed: Int) throws {
      try Self.withTab(
        program: Self.randomProgram, suffix: ".py", columns: 40, rows: 14,
        before: "add-tab terminal --id t -- sh -c 'stty -echo; exec python3 ", after: " \(seed)'"
      ) { harness in
        for step in 0..<60 {
          harness.type("\r")
          Self.waitUntilShown(harness, "step \(step)") { $0.hasPrefix("step \(step);") }
          try Self.checkRegion(harness, "seed \(seed), step \(step)")
        }
      }
    }

    static let partialProgram = [
      #"printf 'wide \345\255\227\345\255\227\345\255\227 end\n'"#,
      #"mark() { printf '\033[6;1Hstep %s\033[%s' "$1" "$2"; read x; }"#,
      "read x",
      #"printf '\033[1;8Hx'; mark 1 '1;1H'"#,
      #"printf '\033[1;11Hy'; mark 2 '1;1H'"#,
      #"printf '\033[1;6H\033[1X'; mark 3 '1;1H'"#,
      #"printf '\033[1;3H\033[2P'; mark 4 '1;1H'"#,
      #"printf '\033[1;2H\033[3@\345\255\227'; mark 5 '1;1H'"#,
      #"printf '\033[2;1H\033[44m   \033[0m\033[2;2H\033[1;31mz\033[0m'; mark 6 '1;1H'"#,
      // Runs of plain text the emulator writes itself, the second over the first.
      #"printf '\033[4;1Habcdefghijklmnopqrstuvw'; mark 7 '1;1H'"#,
      #"printf '\033[4;4HPLAIN TEXT RUN'; mark 8 '3;1H'"#,
      "exec cat",
    ].joined(separator: "; ")

    @Test func aRowsChangedColumnsAloneAreDrawnAsTheCanvasShowsThem() throws {
      try Self.withTab(
        program: Self.partialProgram, suffix: ".sh", columns: 30, rows: 12,
        before: "add-tab terminal --id t -- sh "
      ) { harness in
        Self.waitUntilShown(harness, "the first screen") { $0.contains("end") }
        try Self.checkRegion(harness, "the first screen")
        for step in 1...8 {
          harness.type("\r")
          Self.waitUntilShown(harness, "step \(step)") { $0.hasPrefix("step \(step)") }
          try Self.checkRegion(harness, "step \(step)")
        }
        harness.type("\r")
        let frames = harness.terminal.frames.count
        harness.type("ab\u{5B57}cd")
        Self.waitUntilShown(harness, "the keys echoed") { $0.hasPrefix("ab") && $0.contains("cd") }
        #expect(harness.terminal.frames[frames...].allSatisfy { !$0.whole })
        try Self.checkRegion(harness, "keys echoed")
      }
    }
  }
}
