import Foundation
import TabShellKit
import Testing

@testable import TabShellTerminalScreen

/// `capture` prints what tmux 3.3a's `capture-pane -p [-e] [-S -]` prints for the same program at
/// the same size (docs/Contract.md, "Copy mode, buffers and the clipboard"): programs run on both
/// sides (TmuxSideBySide), each way of capturing compared line for line, before and after a
/// resize; then the command as a script meets it.
@Suite(.serialized) struct CaptureTests {
  struct Case: CustomStringConvertible, Sendable {
    let name: String
    let program: String
    var description: String { name }
  }

  static let cases = [
    Case(
      name: "colours and attributes",
      program: #"""
        printf 'plain \033[31mred\033[0m \033[1;4mbu\033[0m \033[38;5;200mp\033[48;2;1;2;3mrgb\033[0m end\n'
        printf '\033[2mdim\033[22m \033[3mit\033[23m \033[5mbl\033[25m \033[8mhid\033[28m \033[9mst\033[29m\n'
        printf '\033[4:2mdouble\033[4:3mcurly\033[24m \033[53mover\033[55m \033[91mbright\033[101mbg\033[0m\n'
        printf '\033[44mblue\033[0m \033[46m  \033[0m\n\033[32;1mgreen bold\n\033[0mplain 中文 wide 😀 x\n'
        printf '\033[7mreverse at the end'; sleep 30
        """#),
    Case(name: "lines kept and long lines", program: "seq 1 60; printf '%075d\\n' 7; sleep 30"),
    Case(
      name: "less on the alternate screen",
      program: "seq 1 30; seq 100 200 | LESSHISTFILE=- less"),
  ]

  /// What tmux prints, one string a line.
  static func tmux(_ sides: TmuxSideBySide, _ arguments: [String]) throws -> [String] {
    var text: String?
    for _ in 0..<4 where text == nil {
      text = try? TmuxPane.tmux(sides.socket, ["capture-pane", "-p"] + arguments)
      if text == nil { Thread.sleep(forTimeInterval: 0.2) }
    }
    let lines = try #require(text).split(separator: "\n", omittingEmptySubsequences: false)
    return lines.dropLast().map(String.init)
  }

  @Test(arguments: cases)
  func captureIsTmuxsCapturePane(_ test: Case) throws {
    let sides = try TmuxSideBySide(program: test.program, columns: 40, rows: 10)
    for size in [(40, 10), (25, 8), (60, 12)] {
      try sides.resize(columns: size.0, rows: size.1)
      _ = try sides.shown()
      let emulator = sides.session.emulator
      for (scrollback, escapes) in [(false, false), (false, true), (true, false), (true, true)] {
        let tmux = try Self.tmux(sides, (scrollback ? ["-S", "-"] : []) + (escapes ? ["-e"] : []))
        let ours = emulator.capture(scrollback: scrollback, escapes: escapes)
        let what = "\(test.name) at \(size), scrollback \(scrollback), escapes \(escapes)"
        #expect(
          ours == tmux,
          "\(what):\nTabShell:\n\(ours.joined(separator: "\n"))\ntmux:\n\(tmux.joined(separator: "\n"))"
        )
      }
    }
  }

  @Test func theCommandPrintsTheVisibleTabsOrOneNamedAndRefusesAScreenThatIsNotATerminal() {
    let shell = TerminalTabTests.Harness()
    #expect(
      shell.run("add-tab terminal --id t -- sh -c 'seq 1 12; printf \"\\033[31mred\"; sleep 30'"))
    shell.wait(for: "red", in: "t", width: 40, height: 10)
    shell.sink.output = ""
    #expect(shell.run("capture --to t"))
    #expect(shell.sink.output == (4...12).map { "\($0)\n" }.joined() + "red\n")
    shell.sink.output = ""
    #expect(shell.run("capture --to t --scrollback --escapes"))
    #expect(shell.sink.output == (1...12).map { "\($0)\n" }.joined() + "\u{1B}[31mred\n")
    // Copy mode and a view scrolled back change nothing in it.
    #expect(shell.run("copy-mode --to t; send-keys --to t g"))
    shell.sink.output = ""
    #expect(shell.run("capture --to t"))
    #expect(shell.sink.output == (4...12).map { "\($0)\n" }.joined() + "red\n")
    #expect(shell.run("add-tab post --id p; tab p"))
    #expect(!shell.run("capture"))
    #expect(shell.sink.errors == "error: screen 'p' is not a terminal\n")
  }
}
