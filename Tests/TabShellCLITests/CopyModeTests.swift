import Foundation
@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// Copy mode on a terminal tab (docs/Contract.md, "Copy mode, buffers and the clipboard"), as a
/// script meets it: the vi keys through `send-keys` move a cursor over the screen and the lines
/// kept, drawn as the terminal's cursor with `[N/M]`; selections of characters, lines and
/// rectangles copied into paste buffers; searches highlighted; the view frozen while the program
/// writes on, the selection staying on its text.
@Suite(.serialized) struct CopyModeTests {
  typealias Harness = TerminalTabTests.Harness

  /// A tab whose program wrote 34 lines (24 kept, the screen the last 10) and waits.
  static let program =
    #"printf "alpha beta_gamma  delta\n  indented line\n"; seq 1 30; "#
    + #"printf "last words here\n"; sleep 30"#

  /// The tab `t` running `program`, drawn at 40 × 10.
  static func start(_ program: String = program, wait text: String = "last words") -> Harness {
    let shell = Harness()
    #expect(shell.run("add-tab terminal --id t -- sh -c '\(program)'"))
    shell.wait(for: text, in: "t", width: 40, height: 10)
    return shell
  }

  /// What copy mode shows: the view's first line, the cursor, and the position at the top right.
  struct View: Equatable, CustomStringConvertible {
    var top: String
    var row: Int
    var column: Int
    var position: String
    var description: String { "\(top)|\(row),\(column)|\(position)" }
  }

  static func view(_ shell: Harness) -> View {
    let canvas = shell.draw("t", width: 40, height: 10)
    let first = canvas.lines[0]
    let position = first.split(separator: " ").last.map(String.init) ?? ""
    let top = first.dropLast(position.count).trimmingCharacters(in: .whitespaces)
    return View(
      top: top, row: canvas.cursor?.row ?? -1, column: canvas.cursor?.column ?? -1,
      position: position)
  }

  @Test func theViKeysMoveTheCursorOverTheScreenAndTheLinesKept() {
    let shell = Self.start()
    #expect(shell.run("copy-mode --to t"))
    // On the program's cursor: the last line, 34 lines in all.
    #expect(Self.view(shell) == View(top: "23", row: 9, column: 0, position: "[0/34]"))
    let steps: [(key: String, view: View)] = [
      ("k", View(top: "23", row: 8, column: 0, position: "[1/34]")),
      ("w", View(top: "23", row: 8, column: 5, position: "[1/34]")),
      ("e", View(top: "23", row: 8, column: 9, position: "[1/34]")),
      ("$", View(top: "23", row: 8, column: 14, position: "[1/34]")),
      ("0", View(top: "23", row: 8, column: 0, position: "[1/34]")),
      ("l", View(top: "23", row: 8, column: 1, position: "[1/34]")),
      ("h", View(top: "23", row: 8, column: 0, position: "[1/34]")),
      ("g", View(top: "alpha beta_gamma  delta", row: 0, column: 0, position: "[33/34]")),
      ("w", View(top: "alpha beta_gamma  delta", row: 0, column: 6, position: "[33/34]")),
      ("w", View(top: "alpha beta_gamma  delta", row: 0, column: 18, position: "[33/34]")),
      // A word does not go on into the next line, but `w` does.
      ("w", View(top: "alpha beta_gamma  delta", row: 1, column: 2, position: "[32/34]")),
      ("b", View(top: "alpha beta_gamma  delta", row: 0, column: 18, position: "[33/34]")),
      // Down to a shorter line: its last character.
      ("j", View(top: "alpha beta_gamma  delta", row: 1, column: 14, position: "[32/34]")),
      ("^", View(top: "alpha beta_gamma  delta", row: 1, column: 2, position: "[32/34]")),
      ("Down", View(top: "alpha beta_gamma  delta", row: 2, column: 0, position: "[31/34]")),
      // Back up: the column it came from.
      ("Up", View(top: "alpha beta_gamma  delta", row: 1, column: 2, position: "[32/34]")),
      ("End", View(top: "alpha beta_gamma  delta", row: 1, column: 14, position: "[32/34]")),
      ("Home", View(top: "alpha beta_gamma  delta", row: 1, column: 0, position: "[32/34]")),
      ("L", View(top: "alpha beta_gamma  delta", row: 9, column: 0, position: "[24/34]")),
      ("M", View(top: "alpha beta_gamma  delta", row: 4, column: 0, position: "[29/34]")),
      ("H", View(top: "alpha beta_gamma  delta", row: 0, column: 0, position: "[33/34]")),
      // A page is the view's rows but one; half a page, half of them.
      ("C-f", View(top: "8", row: 0, column: 0, position: "[24/34]")),
      ("C-d", View(top: "13", row: 0, column: 0, position: "[19/34]")),
      ("C-u", View(top: "8", row: 0, column: 0, position: "[24/34]")),
      ("C-b", View(top: "alpha beta_gamma  delta", row: 0, column: 0, position: "[33/34]")),
      // At the top the view cannot go up: the cursor goes alone.
      ("C-b", View(top: "alpha beta_gamma  delta", row: 0, column: 0, position: "[33/34]")),
      ("NPage", View(top: "8", row: 0, column: 0, position: "[24/34]")),
      ("PPage", View(top: "alpha beta_gamma  delta", row: 0, column: 0, position: "[33/34]")),
      ("G", View(top: "23", row: 9, column: 0, position: "[0/34]")),
    ]
    for step in steps {
      #expect(shell.run("send-keys --to t '\(step.key)'"))
      #expect(Self.view(shell) == step.view, "after \(step.key)")
    }
    // q leaves: the program's screen again, its own cursor, no position.
    #expect(shell.run("send-keys --to t q"))
    let canvas = shell.draw("t", width: 40, height: 10)
    #expect(canvas.lines[0] == "23" && canvas.cursor?.row == 9)
  }

  @Test func selectionsOfCharactersLinesAndRectanglesAreCopiedIntoNewBuffers() {
    let shell = Self.start()
    // The word "beta_gamma" on the first line, copied with y.
    #expect(shell.run("copy-mode --to t; send-keys --to t g w v e"))
    let canvas = shell.draw("t", width: 40, height: 10)
    // The selection is highlighted as tmux's mode-style, black on yellow.
    #expect(
      (0..<24).map { canvas.rows[0][$0].style.background == .yellow }
        == (0..<24).map { (6...15).contains($0) })
    #expect(shell.run("send-keys --to t y"))
    #expect(!shell.run("copy-mode --to t cancel"))
    // Two lines whole with V, the second's end reached by j; Enter copies.
    #expect(shell.run("copy-mode --to t; send-keys --to t g V j Enter"))
    // A rectangle: columns 2 to 9 of the first two lines.
    #expect(shell.run("copy-mode --to t; send-keys --to t g l l C-v j e y"))
    // Space starts one too; from the last character of one line to the start of the next: the
    // line's end is a newline.
    #expect(shell.run("copy-mode --to t; send-keys --to t g j '$' Space j 0 y"))
    shell.sink.output = ""
    #expect(shell.run("show-buffer -b buffer0; show-buffer -b buffer1"))
    #expect(shell.sink.output == "beta_gamma\nalpha beta_gamma  delta\n  indented line\n")
    shell.sink.output = ""
    #expect(shell.run("show-buffer -b buffer2; show-buffer -b buffer3; buffers"))
    #expect(
      shell.sink.output == """
        pha beta
        indented
        e
        1
        buffer3: 3 bytes: "e\\n1"
        buffer2: 17 bytes: "pha beta\\nindented"
        buffer1: 40 bytes: "alpha beta_gamma  delta\\n  indented line\\n"
        buffer0: 10 bytes: "beta_gamma"

        """)
  }

  @Test func searchesMoveTheCursorHighlightEveryMatchInViewAndGoRound() {
    let shell = Self.start()
    // From the last line forward: round to the first line that has a 2.
    #expect(shell.run("search --to t 2"))
    // The view moves as little as it takes to show it.
    #expect(Self.view(shell) == View(top: "2", row: 0, column: 0, position: "[30/34]"))
    #expect(shell.run("send-keys --to t n"))
    #expect(Self.view(shell) == View(top: "3", row: 9, column: 1, position: "[20/34]"))
    // Another search: every match in view in cyan, the one at the cursor in magenta ("13").
    #expect(shell.run("search --to t 1"))
    #expect(Self.view(shell) == View(top: "4", row: 9, column: 0, position: "[19/34]"))
    let canvas = shell.draw("t", width: 40, height: 10)
    let marked = (0..<10).map { row in
      String(
        (0..<3).map { column -> Character in
          switch canvas.rows[row][column].style.background {
          case .cyan: "c"
          case .magenta: "m"
          default: "."
          }
        })
    }
    #expect(marked == ["...", "...", "...", "...", "...", "...", "c..", "cc.", "c..", "m.."])
    // N goes the other way: to the "1" of "12".
    #expect(shell.run("send-keys --to t N"))
    #expect(Self.view(shell) == View(top: "4", row: 8, column: 0, position: "[20/34]"))
    // Backward from there, with an expression: the line before that has "a" then a blank.
    #expect(shell.run("search --to t --backward --regex 'a +d'"))
    #expect(
      Self.view(shell)
        == View(top: "alpha beta_gamma  delta", row: 0, column: 15, position: "[33/34]"))
    // None: an error, and the cursor stays.
    #expect(!shell.run("search --to t nowhere"))
    #expect(shell.sink.errors.hasSuffix("error: no match for 'nowhere'\n"))
    #expect(!shell.run("search --to t --regex 'no+where'"))
    #expect(shell.sink.errors.hasSuffix("error: no match for the expression 'no+where'\n"))
    #expect(!shell.run("search --to t --regex '('"))
    #expect(
      Self.view(shell)
        == View(top: "alpha beta_gamma  delta", row: 0, column: 15, position: "[33/34]"))
  }

  @Test func theViewStaysWhileTheProgramWritesOnAndTheSelectionKeepsItsText() throws {
    let go = NSTemporaryDirectory() + "tabshell-copy-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: go) }
    let program =
      "seq 1 20; while [ ! -e \(go) ]; do sleep 0.05; done; seq 100 140; echo done; sleep 30"
    let shell = Self.start(program, wait: "20")
    #expect(shell.run("copy-mode --to t; send-keys --to t k k V"))
    let before = shell.draw("t", width: 40, height: 10)
    #expect(before.lines[0].hasPrefix("12 ") && before.lines[0].hasSuffix(" [2/21]"))
    #expect(Array(before.lines.dropFirst()) == (13...20).map { "\($0)" } + [""])
    // Typed text goes to copy mode too (z is bound to nothing there), not to the program.
    #expect(shell.run("type --to t zzz"))
    #expect(FileManager.default.createFile(atPath: go, contents: nil))
    // The program writes 42 lines more, which scroll "19" and "20" up and away; the view stays.
    #expect(
      shell.wait { shell.sessions?.history(ofScreen: "t", last: 60)?.contains("132") == true })
    let after = shell.draw("t", width: 40, height: 10)
    #expect(after.lines == before.lines)
    #expect(after.cursor == before.cursor)
    #expect(shell.run("send-keys --to t j y; show-buffer"))
    #expect(shell.sink.output == "19\n20\n")
    // Out of copy mode the view is the program's screen as it is now.
    #expect(shell.draw("t", width: 40, height: 10).lines.suffix(2) == ["done", ""])
  }

  @Test func copyModeNeedsATerminalAndItsKeysAreATableOfTheirOwn() {
    let shell = Self.start()
    #expect(shell.run("add-tab post --id l; tab l"))
    #expect(!shell.run("copy-mode"))
    #expect(!shell.run("copy-mode --to t cursor-up"))
    #expect(!shell.run("search --to t"))
    #expect(
      shell.sink.errors == """
        error: screen 'l' is not a terminal
        error: screen 't' is not in copy mode ('copy-mode' enters it)
        error: 'search' needs TEXT (the full-screen mode asks for it: / and ? in copy mode)

        """)
    // A key bound in the table `copy` runs in copy mode, and only there.
    #expect(shell.run("bind --focus copy x 'copy-mode history-top'"))
    #expect(shell.run("copy-mode --to t; send-keys --to t x"))
    #expect(Self.view(shell).position == "[33/34]")
    shell.sink.output = ""
    #expect(shell.run("keys --focus copy"))
    #expect(shell.sink.output.contains("x       copy-mode history-top\n"))
    #expect(shell.sink.output.hasPrefix("h       copy-mode cursor-left\n"))
  }
}
