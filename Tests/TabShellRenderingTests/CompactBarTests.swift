@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

/// The compact bar (`set bar compact`): one status row at the bottom, as tmux's, the screen's
/// region on every other row; what is drawn there is what a click hits.
@Suite struct CompactBarTests {
  func options(width: Int, height: Int = 12, reserved: Int = 0) -> RenderOptions {
    var options = RenderOptions(width: width, height: height, reservedRows: reserved)
    options.bar = .compact
    return options
  }

  func shell(tabs: Int, selected: Int, action: Bool = false) throws -> Shell {
    try makeShell(tabs: tabs, selected: selected, action: action)
  }

  func statusRow(_ shell: Shell, width: Int) -> String {
    Renderer.frame(shell, options: options(width: width)).last ?? ""
  }

  /// The demo at three widths: the whole row, the selected tab kept, the others left out with
  /// `<` and `>`; the screen's region starts on the first row (no header).
  @Test(arguments: [
    (80, "1:Home*  2:Feed  [+]  3:Inbox(3)  4:Profile"),
    (40, "1:Home*  2:Feed  [+]  3:Inbox(3) >"),
    (10, "1:Home* >"),
  ])
  func theDemoAtAWidth(width: Int, row: String) throws {
    let shell = try makeShell(layout: "demo")
    let frame = Renderer.frame(shell, options: options(width: width))
    #expect(frame.count == 12)
    #expect(frame[11] == row)
    #expect(!frame[0].contains("Home"))  // no header: the region's first row
    #expect(frame.allSatisfy { displayWidth(of: $0) <= width })
  }

  @Test(arguments: [
    (40, 1, "1:T1*  2:T2  3:T3  4:T4  5:T5  6:T6 >"),
    (40, 15, "< 14:T14  15:T15*  16:T16  17:T17 >"),
    (40, 30, "< 27:T27  28:T28  29:T29  30:T30*"),
    (30, 1, "1:T1*  2:T2  3:T3  4:T4 >"),
    (30, 15, "< 14:T14  15:T15*  16:T16 >"),
    (30, 30, "< 28:T28  29:T29  30:T30*"),
  ])
  func theSelectedTabStaysInViewWithMarkersForTheOthers(width: Int, selected: Int, row: String)
    throws
  {
    #expect(statusRow(try shell(tabs: 30, selected: selected), width: width) == row)
  }

  @Test func marksBadgesAndDisabledTabs() throws {
    let shell = try shell(tabs: 4, selected: 1)
    try shell.setBadge("t2", to: "3")
    try shell.send(.request(.bell, from: "t2"))
    try shell.send(.request(.activity, from: "t3"))
    try shell.setEnabled("t4", false)
    #expect(statusRow(shell, width: 80) == "1:T1*  2:T2(3)!  3:T3#  4:~T4~")
  }

  @Test func theSelectedTabIsReversedAndADisabledOneDim() throws {
    let shell = try shell(tabs: 2, selected: 1)
    try shell.setEnabled("t2", false)
    var colored = options(width: 40)
    colored.color = .monochrome
    let row = Renderer.frame(shell, options: colored).last ?? ""
    #expect(row == "\u{1B}[1;7m1:T1*\u{1B}[0m  \u{1B}[2m2:~T2~\u{1B}[0m")
  }

  /// A selected title wider than the row is cut, the markers giving way to it, and nothing is
  /// ever past the width, down to one column.
  @Test(arguments: [
    (1, "1"), (2, "1:"), (5, "1:A…*"), (9, "1:A tit…*"), (30, "1:A title far too lon…*  2:B"),
  ])
  func aLongTitleIsCut(width: Int, row: String) throws {
    let shell = try makeShell()
    try shell.addTab(type: "text", id: "a", title: "A title far too long for any small bar")
    try shell.addTab(type: "text", id: "b", title: "B")
    let frame = Renderer.frame(shell, options: options(width: width, height: 3))
    #expect(frame.count == 3)
    #expect(frame[2] == row)
  }

  @Test(arguments: 1...24)
  func nothingPastTheWidth(width: Int) throws {
    let shell = try self.shell(tabs: 9, selected: 5, action: true)
    try shell.setBadge("t4", to: "1000")
    let frame = Renderer.frame(shell, options: options(width: width, height: 3))
    #expect(frame.count == 3)
    #expect(frame.allSatisfy { displayWidth(of: $0) <= width })
    // The selected tab is always there, its position at least.
    #expect(frame[2].hasPrefix(String("5:".prefix(width))) || frame[2].contains("5:T5*"))
  }

  /// Every piece drawn in the status row hits its target, at every width, with the cells in
  /// between hitting nothing.
  @Test(arguments: [1, 5, 10, 17, 40, 80])
  func whatIsDrawnIsWhatAClickHits(width: Int) throws {
    let shell = try shell(tabs: 12, selected: 7, action: true)
    let layout = TerminalLayout(shell, options: options(width: width))
    let pieces = layout.drawnPieces
    #expect(pieces.allSatisfy { $0.row == 11 })
    var expected = [HitTarget?](repeating: HitTarget.none, count: width)
    for piece in pieces {
      for column in piece.column..<min(width, piece.column + piece.line.width) {
        expected[column] = piece.target
      }
    }
    let hits = (0..<width).map { layout.hit(column: $0, row: 11) }
    #expect(hits == expected)
    #expect(layout.isBar(column: 0, row: 11) && !layout.isBar(column: 0, row: 10))
    #expect(layout.hit(column: 0, row: 0) == .screen(id: "t7"))
  }

  /// The region has every row but one, in `show`, for a pane's area and for a new tab's program;
  /// with the command line's row reserved (the full-screen mode) that row is the status row.
  @Test func theRegionHasEveryRowButOne() throws {
    let shell = try shell(tabs: 3, selected: 2)
    for reserved in [0, 1] {
      let layout = TerminalLayout(
        shell, options: options(width: 80, height: 24, reserved: reserved))
      #expect(layout.statusRow == 23)
      #expect(layout.region(ofScreen: "t2")! == (0, 0, 80, 23))
      #expect(
        TerminalLayout.paneArea(shell, options: options(width: 80, height: 24, reserved: reserved))
          == ShellModel.PaneArea(width: 80, height: 23))
      #expect(
        TerminalLayout.regionOfNewTab(
          shell, options: options(width: 80, height: 24, reserved: reserved))
          == (23, 80))
    }
    // The bar hidden: every row, and no status row in `show`.
    try shell.setBarHidden(true)
    let hidden = TerminalLayout(shell, options: options(width: 80, height: 24))
    #expect(hidden.statusRow == nil && hidden.region(ofScreen: "t2")! == (0, 0, 80, 24))
  }
}
