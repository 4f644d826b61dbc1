@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import Testing

/// The cursor's shape in frames (DECSCUSR, `ESC [ Ps SP q`): written when the cursor shows with
/// another shape than the last frame left, and only then, to a terminal that takes it.
@Suite struct FrameWriterCursorShapeTests {
  static func writer(takesShape: Bool = true) -> FrameWriter {
    var writer = FrameWriter(colorMode: .trueColor)
    writer.styleFeatures = takesShape ? [.cursorShape] : []
    return writer
  }

  static func frame(
    _ old: CellGrid?, _ new: CellGrid, cursor: FrameWriter.Cursor, shown: FrameWriter.Cursor?,
    writer: FrameWriter = writer()
  ) -> String {
    var bytes: [UInt8] = []
    writer.write(from: old, to: new, cursor: cursor, into: &bytes, shown: shown)
    return text(bytes)
  }

  /// The cursor keeps its shape as DECSCUSR's number (not the core's resilient type, which made
  /// the frame encoder holding it copy itself through value witnesses): both ways agree.
  @Test func theShapeIsKeptAsItsNumber() {
    var cursor = FrameWriter.Cursor(column: 1, row: 2, shape: .bar)
    #expect(cursor.shape == .bar && cursor.shapeCode == 6)
    cursor.shape = .blinkingUnderline
    #expect(cursor.shapeCode == 3 && cursor.shape == .blinkingUnderline)
  }

  @Test func aNewShapeIsWrittenOnceAfterTheCursor() {
    let (old, new) = FrameWriterShownTests.prompt()
    let block = FrameWriter.Cursor(column: 2, row: 1)
    let bar = FrameWriter.Cursor(column: 2, row: 1, shape: .bar)
    // Only the shape changed: the cursor stays, the shape comes alone.
    #expect(Self.frame(old, old, cursor: bar, shown: block) == "\u{1B}[6 q")
    // The same shape again: nothing.
    #expect(Self.frame(old, old, cursor: bar, shown: bar).isEmpty)
    // An echo keeps its bytes while the shape stays; with a new shape, the shape after them.
    var echoed = bar
    echoed.column = 4
    #expect(Self.frame(old, new, cursor: echoed, shown: bar) == "ab")
    #expect(Self.frame(old, new, cursor: echoed, shown: block) == "ab\u{1B}[6 q")
    // Back to the default: DECSCUSR 0.
    #expect(Self.frame(old, old, cursor: block, shown: bar) == "\u{1B}[0 q")
    // Every shape by its number.
    for code in 1...6 {
      let shaped = FrameWriter.Cursor(
        column: 2, row: 1, shape: Canvas.CursorShape(code: code) ?? .default)
      #expect(Self.frame(old, old, cursor: shaped, shown: block) == "\u{1B}[\(code) q")
    }
  }

  @Test func aHiddenCursorLeavesTheShape() {
    let (old, new) = FrameWriterShownTests.prompt()
    let bar = FrameWriter.Cursor(column: 2, row: 1, shape: .bar)
    let hidden = FrameWriter.Cursor(column: 2, row: 1, isVisible: false)
    #expect(
      Self.frame(old, new, cursor: hidden, shown: bar)
        == "\u{1B}[?2026h\u{1B}[?25lab\u{8}\u{8}\u{1B}[?2026l")
  }

  @Test func aWholeFrameWritesAShapeOtherThanTheDefault() {
    let (_, new) = FrameWriterShownTests.prompt()
    let bar = FrameWriter.Cursor(column: 4, row: 1, shape: .bar)
    let whole = Self.frame(nil, new, cursor: bar, shown: bar)
    #expect(whole.hasSuffix("\u{1B}[2;5H\u{1B}[6 q\u{1B}[?25h\u{1B}[?2026l"), "\(whole)")
    let plain = Self.frame(nil, new, cursor: .init(column: 4, row: 1), shown: nil)
    #expect(!plain.contains(" q"), "\(plain)")
    // After a bar, the default is written even in a whole frame (a resize keeps the shape).
    let back = Self.frame(nil, new, cursor: .init(column: 4, row: 1), shown: bar)
    #expect(back.hasSuffix("\u{1B}[2;5H\u{1B}[0 q\u{1B}[?25h\u{1B}[?2026l"), "\(back)")
  }

  @Test func aTerminalWithoutItGetsNoShape() {
    let (old, _) = FrameWriterShownTests.prompt()
    let bar = FrameWriter.Cursor(column: 2, row: 1, shape: .bar)
    let writer = Self.writer(takesShape: false)
    #expect(
      Self.frame(old, old, cursor: bar, shown: .init(column: 2, row: 1), writer: writer) == "")
  }

  @Test func shapesByNumber() {
    #expect((0...6).map { Canvas.CursorShape(code: $0)?.code } == Array(0...6))
    #expect(Canvas.CursorShape(code: 7) == nil)
    #expect(Canvas.CursorShape(code: -1) == nil)
    #expect(
      [
        Canvas.CursorShape.default, .blinkingBlock, .block, .blinkingUnderline, .underline,
        .blinkingBar, .bar,
      ].map(\.description)
        == [
          "default", "blinking-block", "block", "blinking-underline", "underline", "blinking-bar",
          "bar",
        ])
  }
}
