@_spi(Host) import TabShellKit
import Testing

@testable import TabShellRendering

/// What a recording sends a player (docs/Contract.md, "Pictures, recordings, locators"): the
/// first picture whole, then the rows that changed, a scroll for output that moved up, the cursor.
@Suite("Recordings' encoder")
struct CastEncoderTests {
  /// A picture of `rows` (plain text), 6 columns wide, the cursor where given.
  static func picture(_ rows: [String], cursor: Canvas.Cursor? = nil) -> Picture {
    Picture(lines: rows.map { StyledLine($0) }, columns: 6, cursor: cursor)
  }

  @Test func theFirstPictureIsDrawnWholeThenOnlyWhatChanges() {
    var encoder = CastEncoder()
    let first = encoder.change(
      to: Self.picture(["ab", "", "cd"], cursor: Canvas.Cursor(row: 2, column: 2)))
    #expect(
      first
        == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1H\u{1B}[0m\u{1B}[2Kab\u{1B}[3;1H\u{1B}[0m\u{1B}[2Kcd"
        + "\u{1B}[3;3H\u{1B}[?25h")
    let same = encoder.change(
      to: Self.picture(["ab", "", "cd"], cursor: Canvas.Cursor(row: 2, column: 2)))
    #expect(same == "")
    let changed = encoder.change(to: Self.picture(["ab", "x", "cd"]))
    #expect(changed == "\u{1B}[2;1H\u{1B}[0m\u{1B}[2Kx\u{1B}[?25l")
    let moved = encoder.change(
      to: Self.picture(["ab", "x", "cd"], cursor: .init(row: 0, column: 0)))
    #expect(moved == "\u{1B}[1;1H\u{1B}[?25h")
  }

  /// Output that scrolls up: a line feed on the last row moves the player's screen, and only the
  /// new last row is written.
  @Test func outputThatScrollsIsALineFeed() {
    var encoder = CastEncoder()
    _ = encoder.change(to: Self.picture(["1", "2", "3", "4"]))
    #expect(
      encoder.change(to: Self.picture(["2", "3", "4", "5"]))
        == "\u{1B}[0m\u{1B}[4;1H\n\u{1B}[4;1H\u{1B}[0m\u{1B}[2K5")
    #expect(
      encoder.change(to: Self.picture(["4", "5", "6", "7"]))
        == "\u{1B}[0m\u{1B}[4;1H\n\n\u{1B}[3;1H\u{1B}[0m\u{1B}[2K6\u{1B}[4;1H\u{1B}[0m\u{1B}[2K7")
  }

  @Test func aPictureOfAnotherSizeIsDrawnWhole() {
    var encoder = CastEncoder()
    _ = encoder.change(to: Self.picture(["a", "b"]))
    #expect(
      encoder.change(to: Self.picture(["a", "b", "c"]))
        == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1H\u{1B}[0m\u{1B}[2Ka\u{1B}[2;1H\u{1B}[0m\u{1B}[2Kb"
        + "\u{1B}[3;1H\u{1B}[0m\u{1B}[2Kc")
  }

  @Test func stylesAreSentIn24BitSGR() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("ok", row: 0, style: Canvas.Style(foreground: .rgb(red: 1, green: 2, blue: 3)))
    var encoder = CastEncoder()
    let picture = Picture(lines: Renderer.lines(of: canvas), columns: 4, cursor: nil)
    #expect(
      encoder.change(to: picture).hasSuffix("\u{1B}[2K\u{1B}[38;2;1;2;3mok\u{1B}[0m\u{1B}[?25l"))
  }
}
