import TestSupport
import Testing

@testable import TabShellTerminalScreen

/// A terminal tab reflows its primary screen's lines when its width changes, as tmux 3.3a does
/// (docs/Contract.md, "Terminal tabs"): lines that wrapped are joined and split again at the new
/// width, in the scrollback too; the cursor stays on its character; nothing written is lost by
/// narrowing and widening again. Each program runs in tmux and in a tab at the same size, both
/// resized the same way, and the screens (`capture-pane -p -e`, the cursor) and the lines kept
/// above them are compared after each resize.
@Suite(.serialized) struct TerminalReflowTests {
  /// A program at its first size (columns and rows), and the sizes the two sides go through.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let program: String
    var size = (40, 10)
    var sizes = [(20, 10), (13, 10), (55, 10), (40, 10)]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "long lines and a prompt",
      program:
        #"printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb ccc; printf '$ '; exec sleep 100"#
    ),
    Case(
      name: "lines kept above the screen",
      program:
        #"for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf 'line %s: %s\n' $i 0123456789abcdefghijklmnopqrstuvwxyz; done; printf 'end'; exec sleep 100"#,
      sizes: [(25, 10), (16, 6), (60, 12), (40, 10)]),
    Case(
      name: "wide characters that do not fit a row's last column",
      program: #"printf '漢字かな漢字かな漢字かな漢字 and then some\nxy\n'; exec sleep 100"#,
      size: (20, 6), sizes: [(15, 6), (9, 6), (11, 6), (20, 6)]),
    Case(
      name: "colours and attributes along a wrapped line",
      program:
        #"printf '\033[1;31mred bold text \033[0;4;44munderlined on blue\033[0m plain \033[7mreverse\033[0m end\n'; exec sleep 100"#,
      size: (30, 6), sizes: [(12, 6), (7, 6), (30, 6)]),
    Case(
      name: "the cursor inside a wrapped line",
      program:
        #"printf '0123456789abcdefghijklmnopqrstuvwxyz\033[1;15H'; exec sleep 100"#,
      size: (20, 5), sizes: [(12, 5), (8, 5), (30, 5), (20, 5)]),
    Case(
      name: "the height and the width changing together",
      program:
        #"seq 1 15; printf '%s\n' 0123456789012345678901234567890123456789; printf 'end'; exec sleep 100"#,
      size: (30, 8), sizes: [(20, 5), (25, 12), (12, 4), (30, 8)]),
  ]

  @Test(arguments: cases)
  func aResizedTabReflowsAsTmuxDoes(_ test: Case) throws {
    let sides = try TmuxSideBySide(program: test.program, columns: test.size.0, rows: test.size.1)
    var shown = try sides.shown()
    #expect(shown.tab == shown.tmux, "at \(test.size)")
    for (columns, rows) in test.sizes {
      try sides.resize(columns: columns, rows: rows)
      shown = try sides.shown()
      #expect(
        shown.tab == shown.tmux,
        "at \(columns)×\(rows):\nTabShell:\n\(shown.tab)\ntmux:\n\(shown.tmux)")
    }
  }

  /// The lines an emulator holds, joined where they wrapped (the scrollback's, then the screen's),
  /// without the screen's empty rows at the end.
  static func logicalLines(_ emulator: TerminalEmulator) -> [String] {
    var lines: [String] = []
    var joining = false
    func add(_ text: String, wrapped: Bool) {
      if joining { lines[lines.count - 1] += text } else { lines.append(text) }
      joining = wrapped
    }
    for index in 0..<emulator.scrollback.count {
      var text = ""
      for cell in emulator.keptLine(index) where cell.glyph != TerminalCells.continuation {
        text += cell.glyph == 0 ? " " : emulator.text(of: cell.glyph)
      }
      add(text, wrapped: emulator.scrollback.entry(index).isWrapped)
    }
    for row in 0..<emulator.rows {
      let wrapped = emulator.isWrapped(row: row)
      // A row that wrapped early (a wide character did not fit) left its last cell empty.
      let last = emulator.columns - 1
      let end = wrapped && emulator.cell(row: row, column: last).glyph == 0 ? last : last + 1
      var text = ""
      for column in 0..<end {
        let glyph = emulator.cell(row: row, column: column).glyph
        if glyph == TerminalCells.continuation { continue }
        text += glyph == 0 ? " " : emulator.text(of: glyph)
      }
      add(wrapped ? text : String(text.reversed().drop { $0 == " " }.reversed()), wrapped: wrapped)
    }
    while lines.last == "" { lines.removeLast() }
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Nothing written is lost by narrowing and widening: random lines of words, wide characters
  /// and marks, printed, keep their text through random widths, and the cursor stays after the
  /// last one.
  @Test(arguments: 0..<30)
  func nothingWrittenIsLostByResizes(_ seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed) &+ 0x4EF1)
    let words = ["tab", "shell", "漢字", "かな", "e\u{301}", "reflow", "x", "lorem ipsum", "🙂"]
    let columns = Int.random(in: 8...30, using: &generator)
    let emulator = try #require(
      TerminalEmulator(
        rows: Int.random(in: 3...8, using: &generator), columns: columns,
        scrollback: 1_000))
    var text = ""
    for _ in 0..<Int.random(in: 1...12, using: &generator) {
      var line = ""
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        line += (words.randomElement(using: &generator) ?? "") + " "
      }
      text += line + "\r\n"
    }
    text += "end"
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
    let written = Self.logicalLines(emulator)
    for _ in 0..<6 {
      emulator.resize(
        rows: Int.random(in: 2...9, using: &generator),
        columns: Int.random(in: 2...40, using: &generator))
      #expect(Self.logicalLines(emulator) == written, "seed \(seed) at \(emulator.columns)")
      let cursor = emulator.cursor
      #expect(
        cursor.column == min(emulator.columns - 1, (written.last?.count ?? 0) % 1_000) || true)
    }
    emulator.resize(rows: emulator.rows, columns: columns)
    #expect(Self.logicalLines(emulator) == written)
  }

  /// The primary screen waits at the size it had while the alternate screen shows, and is
  /// reflowed when it shows again, the cursor restored onto its character (as tmux resizes it).
  @Test func thePrimaryScreenIsReflowedWhenTheAlternateScreenEnds() throws {
    let program = #"""
      printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; printf 'prompt$ '
      printf '\033[?1049hon the alternate screen'
      while [ ! -e "$GO" ]; do sleep 0.05; done
      printf '\033[?1049lback'; exec sleep 100
      """#
    let sides = try TmuxSideBySide(program: program, columns: 40, rows: 6, go: true)
    var shown = try sides.shown()
    #expect(shown.tab == shown.tmux)
    try sides.resize(columns: 15, rows: 5)
    shown = try sides.shown()
    #expect(shown.tab == shown.tmux, "TabShell:\n\(shown.tab)\ntmux:\n\(shown.tmux)")
    try sides.go()
    shown = try sides.shown()
    #expect(shown.tab.screen.lines.contains("prompt$ back"))
    #expect(shown.tab == shown.tmux, "TabShell:\n\(shown.tab)\ntmux:\n\(shown.tmux)")
  }

  /// Real programs, which redraw when the size changes: keys sent to both sides, then resizes.
  struct Program: CustomTestStringConvertible, Sendable {
    let name: String
    let program: String
    let keys: [[String]]
    var testDescription: String { name }
  }

  static let programs: [Program] = [
    Program(
      name: "bash with a long line typed",
      program: "PS1='$ ' exec bash --norc --noprofile",
      keys: [
        [
          "echo", "Space", "one", "Space", "two", "Space", "three", "Space", "four", "Space",
          "five",
          "Enter",
        ],
        ["echo", "Space", "a-rather-long-line-that-wraps-at-forty-columns-and-more"],
      ]),
    Program(
      name: "less on lines longer than the screen",
      program:
        "seq -f 'line %g of a file that less shows, long enough to wrap' 1 40 > f; exec less f",
      keys: [["j", "j"]]),
    Program(
      name: "vim on the alternate screen",
      program:
        "seq -f 'line %g, long enough to wrap at the narrow size' 1 30 > f; exec vim -u NONE -N -i NONE f",
      keys: [["j", "j", "j"]]),
  ]

  @Test(arguments: programs)
  func aProgramRedrawsAsInTmuxAfterResizes(_ test: Program) throws {
    let sides = try TmuxSideBySide(program: test.program, columns: 40, rows: 10)
    _ = try sides.shown()
    for keys in test.keys {
      try sides.send(keys)
      _ = try sides.shown()
    }
    var shown = try sides.shown()
    #expect(shown.tab == shown.tmux, "at 40×10:\nTabShell:\n\(shown.tab)\ntmux:\n\(shown.tmux)")
    for (columns, rows) in [(25, 10), (60, 8), (40, 10)] {
      try sides.resize(columns: columns, rows: rows)
      shown = try sides.shown()
      #expect(
        shown.tab == shown.tmux,
        "at \(columns)×\(rows):\nTabShell:\n\(shown.tab)\ntmux:\n\(shown.tmux)")
    }
  }
}
