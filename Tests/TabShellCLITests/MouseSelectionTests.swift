import Foundation
@_spi(Host) import TabShellKit
import Testing

/// Selecting with the mouse in a terminal tab (docs/Contract.md, "Copy mode, buffers and the
/// clipboard"): a drag selects and its release copies into a new buffer; a double click a word,
/// a triple click a line; a click alone nothing; a program that asked for the mouse gets it, but
/// with Shift held.
@Suite(.serialized) struct MouseSelectionTests {
  typealias Harness = TerminalTabTests.Harness

  static func mouse(
    _ action: MouseInput.Action, _ row: Int, _ column: Int, shift: Bool = false
  ) -> ScreenInput {
    .mouse(MouseInput(action, button: 1, column: column, row: row, modifiers: shift ? .shift : []))
  }

  /// The buffers' list.
  static func buffers(_ shell: Harness) -> String {
    shell.sink.output = ""
    shell.sink.errors = ""
    _ = shell.run("buffers")
    return shell.sink.output + shell.sink.errors
  }

  @Test func aDragSelectsAndItsReleaseCopies() {
    let shell = CopyModeTests.start()
    // The screen's rows: 23 to 30, "last words here", the prompt's empty row.
    #expect(shell.send(Self.mouse(.press, 8, 5), to: "t"))
    // A press alone changes nothing.
    #expect(!shell.draw("t", width: 40, height: 10).lines[0].hasSuffix("]"))
    #expect(shell.send(Self.mouse(.drag, 8, 7), to: "t"))
    #expect(shell.send(Self.mouse(.drag, 8, 9), to: "t"))
    // Copy mode while it drags: the view frozen, the selection in black on yellow.
    let canvas = shell.draw("t", width: 40, height: 10)
    #expect(canvas.lines[0].hasSuffix("[1/34]"))
    #expect(
      (0..<15).map { canvas.rows[8][$0].style.background == .yellow }
        == (0..<15).map { (5...9).contains($0) })
    #expect(shell.send(Self.mouse(.release, 8, 9), to: "t"))
    #expect(!shell.draw("t", width: 40, height: 10).lines[0].hasSuffix("]"))
    // Up two rows and back one: from the press to where it was released, its blank left out.
    #expect(shell.send(Self.mouse(.press, 8, 4), to: "t"))
    #expect(shell.send(Self.mouse(.drag, 6, 0), to: "t"))
    #expect(shell.send(Self.mouse(.release, 7, 1), to: "t"))
    #expect(
      Self.buffers(shell) == """
        buffer1: 6 bytes: "0\\nlast"
        buffer0: 5 bytes: "words"

        """)
  }

  @Test func aDoubleClickCopiesAWordATripleClickALineAndAClickNothing() {
    let shell = CopyModeTests.start()
    #expect(shell.send(Self.mouse(.press, 8, 12), to: "t"))
    #expect(shell.send(Self.mouse(.release, 8, 12), to: "t"))
    #expect(Self.buffers(shell) == "")
    #expect(shell.send(Self.mouse(.press, 8, 12), to: "t"))
    #expect(shell.send(Self.mouse(.release, 8, 12), to: "t"))
    #expect(shell.send(Self.mouse(.press, 8, 12), to: "t"))
    #expect(shell.send(Self.mouse(.release, 8, 12), to: "t"))
    #expect(
      Self.buffers(shell) == """
        buffer1: 16 bytes: "last words here\\n"
        buffer0: 4 bytes: "here"

        """)
  }

  @Test func aProgramThatAskedForTheMouseGetsItButWithShiftHeld() {
    let program =
      #"printf "\033[?1000hpick me\n"; stty raw -echo; head -c 6 | od -An -c; sleep 30"#
    let shell = CopyModeTests.start(program, wait: "pick me")
    // Once its terminal is raw (a moment after).
    #expect(shell.run("sleep 0.5"))
    #expect(shell.send(Self.mouse(.press, 0, 5, shift: true), to: "t"))
    #expect(shell.send(Self.mouse(.drag, 0, 6, shift: true), to: "t"))
    #expect(shell.send(Self.mouse(.release, 0, 6, shift: true), to: "t"))
    #expect(Self.buffers(shell) == "buffer0: 2 bytes: \"me\"\n")
    #expect(shell.send(Self.mouse(.press, 0, 0), to: "t"))
    #expect(shell.send(Self.mouse(.release, 0, 0), to: "t"))
    // The press and the release reached the program, as ESC [ M and three bytes each.
    let drawn = shell.wait(for: "033   [   M", in: "t", width: 40, height: 10)
    #expect(drawn.contains("033   [   M"))
    #expect(Self.buffers(shell) == "buffer0: 2 bytes: \"me\"\n")
  }
}
