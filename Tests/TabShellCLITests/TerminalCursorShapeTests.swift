import TabShellKit
import Testing

@testable import TabShellTerminalScreen

/// The cursor's shape a program sets (DECSCUSR, `ESC [ Ps SP q`), as the emulator keeps it for
/// the frame (docs/Contract.md, "Terminal tabs").
@Suite struct TerminalCursorShapeTests {
  /// The shape after the program wrote `written`, in one piece.
  static func shape(after written: String) throws -> Canvas.CursorShape {
    let emulator = try #require(TerminalEmulator(rows: 5, columns: 20, scrollback: 10))
    emulator.write(written)
    return emulator.cursorShape
  }

  @Test(arguments: [
    ("", Canvas.CursorShape.default),
    ("\u{1B}[6 q", .bar), ("\u{1B}[5 q", .blinkingBar), ("\u{1B}[4 q", .underline),
    ("\u{1B}[3 q", .blinkingUnderline), ("\u{1B}[2 q", .block),
    // libvterm does not tell 0 and 1 apart (a blinking block, its reset state): the default.
    ("\u{1B}[6 q\u{1B}[1 q", .default), ("\u{1B}[6 q\u{1B}[0 q", .default),
    ("\u{1B}[6 q\u{1B}[ q", .default),
    // A reset brings the default back; a number past 6 changes nothing.
    ("\u{1B}[6 q\u{1B}c", .default), ("\u{1B}[4 q\u{1B}[7 q", .underline),
    // Mode 12 (the cursor blinking, as `cnorm` sends it) alone leaves the shape.
    ("\u{1B}[?12l", .default), ("\u{1B}[6 q\u{1B}[?12h", .bar),
    // Split across writes.
    ("\u{1B}[", .default),
  ])
  func theProgramsShapeIsKept(_ written: String, _ expected: Canvas.CursorShape) throws {
    #expect(try Self.shape(after: written) == expected)
  }

  @Test func aShapeSplitAcrossWritesIsOneSequence() throws {
    let emulator = try #require(TerminalEmulator(rows: 5, columns: 20, scrollback: 10))
    for piece in ["\u{1B}", "[", "5", " ", "q"] { emulator.write(piece) }
    #expect(emulator.cursorShape == .blinkingBar)
  }
}
