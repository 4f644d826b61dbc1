import TabShellKit
import TabShellTerminal
import Testing

@Suite struct InputDecoderMouseTests {
  static let reports: [(String, MouseEvent)] = [
    ("\u{1B}[<0;1;1M", MouseEvent(.press, button: .left, column: 1, row: 1)),
    ("\u{1B}[<0;12;5m", MouseEvent(.release, button: .left, column: 12, row: 5)),
    ("\u{1B}[<1;3;4M", MouseEvent(.press, button: .middle, column: 3, row: 4)),
    ("\u{1B}[<2;200;60M", MouseEvent(.press, button: .right, column: 200, row: 60)),
    ("\u{1B}[<2;200;60m", MouseEvent(.release, button: .right, column: 200, row: 60)),
    ("\u{1B}[<32;7;8M", MouseEvent(.drag, button: .left, column: 7, row: 8)),
    ("\u{1B}[<34;7;8M", MouseEvent(.drag, button: .right, column: 7, row: 8)),
    ("\u{1B}[<35;7;8M", MouseEvent(.move, column: 7, row: 8)),
    ("\u{1B}[<64;10;2M", MouseEvent(.wheelUp, column: 10, row: 2)),
    ("\u{1B}[<65;10;2M", MouseEvent(.wheelDown, column: 10, row: 2)),
    ("\u{1B}[<66;10;2M", MouseEvent(.wheelLeft, column: 10, row: 2)),
    ("\u{1B}[<67;10;2M", MouseEvent(.wheelRight, column: 10, row: 2)),
    ("\u{1B}[<4;1;1M", MouseEvent(.press, button: .left, column: 1, row: 1, modifiers: .shift)),
    ("\u{1B}[<8;1;1M", MouseEvent(.press, button: .left, column: 1, row: 1, modifiers: .meta)),
    ("\u{1B}[<16;1;1M", MouseEvent(.press, button: .left, column: 1, row: 1, modifiers: .control)),
    (
      "\u{1B}[<60;9;9M",
      MouseEvent(.drag, button: .left, column: 9, row: 9, modifiers: [.shift, .meta, .control])
    ),
    ("\u{1B}[<81;3;3M", MouseEvent(.wheelDown, column: 3, row: 3, modifiers: .control)),
    ("\u{1B}[<128;1;1M", MouseEvent(.press, button: .extra(8), column: 1, row: 1)),
    ("\u{1B}[<129;1;1m", MouseEvent(.release, button: .extra(9), column: 1, row: 1)),
    ("\u{1B}[<3;5;5M", MouseEvent(.release, column: 5, row: 5)),
    // X10 reports: each value plus 32.
    ("\u{1B}[M !!", MouseEvent(.press, button: .left, column: 1, row: 1)),
    ("\u{1B}[M#*+", MouseEvent(.release, column: 10, row: 11)),
    ("\u{1B}[M@$%", MouseEvent(.drag, button: .left, column: 4, row: 5)),
    ("\u{1B}[Ma!!", MouseEvent(.wheelDown, column: 1, row: 1)),
  ]

  @Test(arguments: reports)
  func decodesAReport(input: String, expected: MouseEvent) {
    #expect(decode(input) == [InputEvent(.mouse(expected), bytes: Array(input.utf8))])
  }

  static let malformed: [String] = [
    "\u{1B}[<0;0;1M", "\u{1B}[<0;1;0M", "\u{1B}[<0;1M", "\u{1B}[<0;1;1;1M", "\u{1B}[<0;1;1X",
    "\u{1B}[<;1;1M", "\u{1B}[<64;1;1m", "\u{1B}[<0;1:2;1M", "\u{1B}[M\u{1F}!!", "\u{1B}[M  !",
  ]

  @Test(arguments: malformed)
  func reportsAMalformedReportAsUnknown(input: String) {
    #expect(decode(input) == [InputEvent(.unknown, bytes: Array(input.utf8))])
  }

  @Test func hugeCoordinatesSaturate() {
    let input = "\u{1B}[<0;99999999999999999999;3M"
    #expect(
      decode(input).map(\.kind) == [
        .mouse(MouseEvent(.press, button: .left, column: 1_000_000, row: 3))
      ])
  }

  @Test func aDragIsPressMotionsRelease() {
    let input = "\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<32;14;5M\u{1B}[<0;14;5m"
    #expect(
      decode(input).map(\.kind) == [
        .mouse(MouseEvent(.press, button: .left, column: 10, row: 5)),
        .mouse(MouseEvent(.drag, button: .left, column: 11, row: 5)),
        .mouse(MouseEvent(.drag, button: .left, column: 14, row: 5)),
        .mouse(MouseEvent(.release, button: .left, column: 14, row: 5)),
      ])
  }
}
