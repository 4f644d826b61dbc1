import Foundation
@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// A terminal tab scrolls back through the lines it kept (docs/Contract.md, "Terminal tabs"): the
/// wheel scrolls it unless the program turned mouse reporting on (then the wheel is the
/// program's), the kept lines keep their colours, `[LINES/KEPT]` shows while scrolled back, and a
/// key goes back to the program's screen and to the program.
@Suite(.serialized) struct TerminalScrollbackTests {
  typealias Harness = TerminalTabTests.Harness

  static func wheel(_ action: MouseInput.Action) -> ScreenInput {
    .mouse(MouseInput(action, button: 0, column: 5, row: 2))
  }

  @Test func theWheelScrollsBackAndAKeyReturnsToTheScreen() {
    let shell = Harness()
    let program = #"printf "\033[31mred\033[0m\n"; seq 2 40; read x; echo got $$x; sleep 10"#
    #expect(shell.run("add-tab terminal --id t -- sh -c '\(program)'"))
    let bottom = shell.wait(for: "40", in: "t", height: 10)
    #expect(bottom.hasPrefix("32\n33\n"))
    #expect(shell.send(Self.wheel(.wheelUp), to: "t"))
    var canvas = shell.draw("t", height: 10)
    // 31 lines scrolled off (red and 2...31); 3 rows back, the view starts at 29.
    #expect(canvas.lines[0].hasPrefix("29 ") && canvas.lines[0].hasSuffix("[3/31]"))
    #expect(canvas.lines[3] == "32")
    #expect(canvas.cursor == nil)
    for _ in 0..<20 { _ = shell.send(Self.wheel(.wheelUp), to: "t") }
    canvas = shell.draw("t", height: 10)
    #expect(canvas.lines[0].hasSuffix("[31/31]"))
    // The kept line keeps its colour.
    #expect(canvas.rows[0][0].text == "r" && canvas.rows[0][0].style.foreground == .red)
    #expect(shell.send(Self.wheel(.wheelDown), to: "t"))
    #expect(shell.draw("t", height: 10).lines[0].hasSuffix("[28/31]"))
    // A key goes back to the screen, and to the program.
    #expect(shell.send(.text("hi", isPaste: false), to: "t"))
    #expect(shell.send(.key(named: "Enter"), to: "t"))
    let after = shell.wait(for: "got hi", in: "t", height: 10)
    #expect(!after.contains("/31]") && after.contains("got hi"))
  }

  @Test func anEndedProgramsLinesCanStillBeScrolledBack() {
    let shell = Harness()
    #expect(shell.run("add-tab terminal --id t -- sh -c 'seq 1 30; read x'"))
    // At 10 rows before it ends (an ended program's terminal keeps its size).
    shell.wait(for: "30", in: "t", height: 10)
    #expect(shell.send(.key(named: "Enter"), to: "t"))
    let before = shell.wait(for: "[exited 0]", in: "t", height: 10)
    #expect(before.hasSuffix("30\n\n[exited 0]"))
    #expect(shell.send(Self.wheel(.wheelUp), to: "t"))
    let lines = shell.draw("t", height: 10).lines
    // Three rows back: the view's rows 3-9 are the screen's rows 0-6.
    #expect(lines[0].hasSuffix("[3/22]"))
    #expect(
      Array(lines[3...])
        == Array(
          before.split(separator: "\n", omittingEmptySubsequences: false).prefix(7).map(String.init)
        ))
    // Keys are not taken.
    #expect(!shell.send(.key(named: "q"), to: "t"))
  }

  @Test func theWheelIsTheProgramsWhenItAskedForTheMouse() {
    let shell = Harness()
    let program =
      #"seq 1 40; printf "\033[?1000h"; stty raw -echo; head -c 3 | od -An -c; sleep 10"#
    #expect(shell.run("add-tab terminal --id t -- sh -c '\(program)'"))
    shell.wait(for: "40", in: "t", height: 10)
    // Once its terminal is raw (a moment after), the wheel reaches it as ESC [ M.
    #expect(shell.run("sleep 0.5"))
    #expect(shell.send(Self.wheel(.wheelUp), to: "t"))
    let drawn = shell.wait(for: "033   [   M", in: "t", height: 10)
    #expect(drawn.contains("033   [   M"))
    #expect(!drawn.contains("/3"))
  }
}
