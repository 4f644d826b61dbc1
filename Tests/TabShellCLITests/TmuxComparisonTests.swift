import Foundation
import TabShellKit
import TabShellPlatform
import Testing

@testable import TabShellTerminalScreen

/// A terminal tab draws what tmux 3.3a draws for the same program at the same size (docs/
/// Contract.md, "Terminal tabs"): each program here writes a sequence libvterm 0.1.4 got wrong
/// (or an attribute it lacks), some in pieces that reach the terminal in separate reads, and the
/// tab's cells and cursor are compared with tmux's `capture-pane -p -e` and cursor.
@Suite(.serialized) struct TmuxComparisonTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let program: String
    var columns = 20
    var rows = 4
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a UTF-8 character split across two reads",
      program: #"printf 'A \345'; sleep .3; printf '\255\227B\n'; printf C"#),
    Case(
      name: "a run of ASCII, then a UTF-8 character split across two reads",
      program: #"printf 'abcdefghijkl\345'; sleep .3; printf '\255\227B\n'; printf C"#),
    Case(
      name: "a UTF-8 character split across reads, in text that began in an earlier read",
      program:
        #"printf 'abc'; sleep .2; printf 'def\345'; sleep .2; printf '\255\227B\n'; printf C"#),
    Case(
      name: "a four-byte character split across three reads",
      program: #"printf 'x\360\240'; sleep .2; printf '\200'; sleep .2; printf '\200y\n'; printf z"#
    ),
    Case(
      name: "APC, PM and SOS strings",
      program: #"printf 'A\033_Gi=31,a=q;AAAA\033\\B\033^pm\aX\033\\C\033Xsos\033\\D\n'"#),
    Case(
      name: "an APC string split across reads, with controls in it",
      program: #"printf 'E\033_ab\nc'; sleep .2; printf 'def\r\033\\F\033_g\030G'"#),
    Case(
      name: "OSC 52 strings, split across reads, with controls in them, cancelled, never ended",
      program: #"""
        printf 'A\033]52;c;aGk=\aB\033]52;;YQ\033\\C\033]5'; sleep .2; printf '2;c;Y\nQ='; \
        sleep .2; printf '=\aD\033]52;c;x\030E\033]52;c;y\033[1mF\033]52;c;never'
        """#),
    Case(
      name: "CSI s and CSI u save and restore the cursor",
      program: #"printf 'ab\033[sxy\033[3;4Hz\033[uQ'"#),
    Case(
      name: "CSI s and CSI u save and restore the pen with the cursor",
      program: #"printf '\033[1;31mab\033[s\033[0;42mxy\033[3;4Hz\033[uQ\033[38;5;200mR'"#),
    Case(
      name: "CUD and CUU stop at the scroll region's edges",
      program: #"printf '\033[2;3r\033[2;1H\033[99BZ\033[99AY\033[r'"#),
    Case(
      name: "CUD and CUU from outside the scroll region",
      program: #"printf '\033[2;3r\033[4;5H\033[99AV\033[1;1H\033[99BW\033[4;1H\033[9BX'"#),
    Case(
      name: "CNL and CPL stop at the scroll region's edges",
      program: #"printf 'abc\033[2;3r\033[2;3H\033[9Ex\033[9Fy'"#),
    Case(
      name: "DECALN homes the cursor and resets the scroll region",
      program: #"printf '\033[2;3r\033[3;3Hc\033#8Z\033[4;1H\nW'"#),
    Case(
      name: "an invalid DECSTBM is ignored",
      program: #"printf 'ab\033[3;2rc\033[2;2rd\033[4;9re\033[5rf\033[1;0rg'"#),
    // Every attribute, the colon forms, colours out of range, the pen saved with the cursor.
    Case(
      name: "dim, blink, conceal, overline",
      program:
        #"printf '\033[2mdim\033[0m \033[5mblink\033[0m \033[8mhid\033[0m \033[53mover\033[55m\n\033[1;2mb\033[22md'"#
    ),
    Case(
      name: "the underline's shapes",
      program:
        #"printf '\033[4ms\033[21md\033[4:3mc\033[4:4mo\033[4:5ma\033[4:0mn\033[4mx\033[24my'"#),
    Case(
      name: "the underline's colour",
      program: #"printf '\033[4;58:2::255:0:0mred\033[58;5;33mblue\033[59mnone\033[24mz'"#),
    Case(
      name: "colours written with colons",
      program: #"printf '\033[38:2::10:200:30mA\033[38:2:10:20:30mB\033[48:5:100mC\033[0mD'"#),
    Case(
      name: "colours out of range",
      program: #"printf '\033[31mA\033[38;5;300mB\033[31;38;2;300;1;2mC\033[0mD'"#),
    Case(
      name: "attributes saved with the cursor",
      program: #"printf '\033[2;53;4:3;58;5;1mx\0337\033[0my\0338\033[2Cz'"#),
    // Characters of several scalars, in the cell and at the width libvterm and tmux both give
    // them (one sequence joined by ZWJ is wider to libvterm: TerminalGraphemeTests).
    Case(name: "a heart with its emoji selector", program: #"printf 'A\342\235\244\357\270\217B'"#),
    Case(
      name: "emoji with selectors, then blanks",
      program:
        #"printf '\342\235\244\357\270\217 \342\230\272\357\270\217 \342\234\224\357\270\217   x'"#),
    Case(
      name: "a skin tone after a hand", program: #"printf '\360\237\221\215\360\237\217\275X'"#),
    Case(name: "a flag", program: #"printf '\360\237\207\253\360\237\207\267X'"#),
    Case(name: "combining marks", program: #"printf 'e\314\201a\314\210\314\243Z'"#),
    Case(
      name: "backspace from the pending wrap",
      program: #"printf 'abcdefghijklmnopqrst\bX\n'; printf 'abcdefghijklmnopqrst\b\bY'"#),
    // SM and RM of several modes set each (libvterm 0.1.4 took the first only).
    Case(
      name: "insert and origin mode set with others in one sequence",
      program:
        #"printf 'XYZ\r\033[20;4h12\033[4;20l\033[2;3r\033[?1;6h\033[1;1HQ\033[?6;1l\033[4;1HR'"#),
    Case(
      name: "the alternate screen and the cursor in one sequence",
      program: #"printf 'abc\033[?25;1049hdef'; sleep .2; printf '\033[?1049;25lg'"#),
    // A string's end: cut from its ESC by a read, a control between, ESC and another byte.
    Case(
      name: "a string's end cut between two reads",
      program: #"printf 'a\033]2;t\001u\033'; sleep .2; printf '\\Z'"#),
    Case(
      name: "a control between a string's ESC and backslash",
      program: #"printf 'a\033]2;t\033\n\\Z'"#),
    Case(
      name: "ESC and another byte end a string",
      program: #"printf 'a\033]2;t\0337b\0338c'"#),
    Case(name: "a newline inside a title", program: #"printf 'A\033]2;x\ny\007B'"#),
  ]

  @Test(arguments: cases)
  func aTerminalTabDrawsWhatTmuxDraws(_ test: Case) throws {
    let tmux = try TmuxPane.screen(of: test.program, columns: test.columns, rows: test.rows)
    let tab = try Self.screen(of: test.program, columns: test.columns, rows: test.rows)
    #expect(tab == tmux, "TabShell:\n\(tab)\ntmux:\n\(tmux)")
  }

  /// Runs `program` (which touches `$DONE` when it is done) in a terminal tab's session of
  /// `columns` × `rows`; its cells, drawn as a terminal tab draws them, and cursor once that file
  /// exists and no more output comes.
  static func screen(of program: String, columns: Int, rows: Int) throws -> StyledScreen {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-tab-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let done = folder.appendingPathComponent("done").path
    let session = try TerminalSession(
      program: "/bin/sh", arguments: ["-c", program + "\ntouch \"$DONE\"\nexec sleep 100"],
      environment: [
        "TERM=xterm-256color", "PATH=/usr/local/bin:/usr/bin:/bin", "DONE=\(done)",
      ],
      directory: nil, rows: rows, columns: columns, scrollback: 100,
      scrollbackBytes: TerminalEmulator.defaultScrollbackBytes)
    defer {
      session.hangUp()
      session.kill()
      session.reap()
    }
    let deadline = Date().addingTimeInterval(20)
    var quiet = 0
    while quiet < 3, Date() < deadline {
      _ = SystemIO.pollReadable(session.descriptors, milliseconds: 50)
      let came = session.takeIn(limit: 1 << 20)
      quiet = !came && FileManager.default.fileExists(atPath: done) ? quiet + 1 : 0
    }
    return draw(session.emulator)
  }

  /// The emulator's screen drawn as a terminal tab draws it, and its cursor.
  static func draw(_ emulator: TerminalEmulator) -> StyledScreen {
    var canvas = Canvas(width: emulator.columns, height: emulator.rows)
    var run = TerminalRun()
    var styles = TerminalCanvasStyles()
    styles.prepare(for: emulator)
    for row in 0..<emulator.rows {
      TerminalScreen.draw(
        row: row, cells: emulator.screenRows[row], count: emulator.columns, run: &run,
        in: &canvas, styles: &styles, emulator: emulator, reverse: emulator.isReverse)
    }
    return StyledScreen(canvas: canvas, cursor: emulator.cursor)
  }
}
