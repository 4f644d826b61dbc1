@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@Suite struct BarLayoutTests {
  func shell(tabs: Int, selected: Int, action: Bool = false) throws -> Shell {
    try makeShell(tabs: tabs, selected: selected, action: action)
  }

  @Test func windowHasMarkersOnBothSidesAroundTheSelection() throws {
    let shell = try shell(tabs: 1000, selected: 500)
    let line = Renderer.barLine(shell, options: RenderOptions(width: 60))
    let words = line.split(separator: " ")
    let left = try #require(words.first.flatMap { Int($0.dropFirst()) })
    let right = try #require(words.last.flatMap { Int($0.dropFirst()) })
    #expect(words.first?.first == "+" && words.last?.first == "+")
    let shown = words.filter { $0.hasPrefix("T") }.count
    #expect(left + right + shown == 1000)
    #expect(line.contains("[500 ■ T500]"))
    #expect(displayWidth(of: line) <= 60)
  }

  @Test func noLeftMarkerAtTheStartNoRightMarkerAtTheEnd() throws {
    let first = Renderer.barLine(
      try shell(tabs: 50, selected: 1), options: RenderOptions(width: 40))
    #expect(first.trimmingPrefixSpaces.hasPrefix("[1 ■ T1]"))
    #expect(first.hasSuffix(" +\(50 - first.split(separator: "T").count + 1)"))
    let last = Renderer.barLine(
      try shell(tabs: 50, selected: 50), options: RenderOptions(width: 40))
    #expect(last.hasPrefix("+"))
    #expect(last.trimmingTrailingSpaces.hasSuffix("[50 ■ T50]"))
  }

  @Test func markersShrinkToAPlusWhenNumbersDoNotFit() throws {
    let line = Renderer.barLine(
      try shell(tabs: 1000, selected: 500), options: RenderOptions(width: 10))
    #expect(line == "+[500 T…]+")
  }

  @Test func actionButtonSitsInTheMiddle() throws {
    let line = Renderer.barLine(
      try shell(tabs: 4, selected: 1, action: true), options: RenderOptions(width: 80))
    let order = ["[1 ■ T1]", "2 □ T2", "<+ Post>", "3 □ T3", "4 □ T4"].map {
      line.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }

  /// A tab that rang the bell or had activity is marked after its title, before its badge, until
  /// it is selected; the mark goes with the badge when the slot is narrow.
  @Test func aBellOrActivityIsMarkedApartFromTheBadge() throws {
    let shell = try shell(tabs: 3, selected: 1)
    try shell.setBadge("t2", to: "3")
    try shell.send(.request(.bell, from: "t2"))
    try shell.send(.request(.activity, from: "t3"))
    let line = Renderer.barLine(shell, options: RenderOptions(width: 40))
    #expect(line.contains("2 □ T2!(3)") && line.contains("3 □ T3#"))
    let table = Renderer.tabsTable(shell, options: RenderOptions(width: 80)).joined(
      separator: "\n")
    #expect(table.contains("\n!  2  t2") && table.contains("\n#  3  t3"))
    try shell.select("t2")
    let selected = Renderer.barLine(shell, options: RenderOptions(width: 40))
    #expect(selected.contains("[2 ■ T2(3)]") && selected.contains("3 □ T3#"))
  }

  @Test func fillSharesTheWidthAndCenteredUsesTheItemWidth() throws {
    let shell = try shell(tabs: 3, selected: 2)
    let fill = Renderer.barLine(shell, options: RenderOptions(width: 30))
    #expect(fill == "  1 □ T1   [2 ■ T2]   3 □ T3")
    var appearance = BarAppearance()
    appearance.positioning = .centered
    appearance.itemWidth = 9
    appearance.itemSpacing = 0
    shell.setAppearance(appearance)
    let centered = Renderer.barLine(shell, options: RenderOptions(width: 30))
    #expect(centered == "  1 □ T1  [2 ■ T2]  3 □ T3")
  }

  @Test func badgesAndDisabledItems() throws {
    let shell = try shell(tabs: 3, selected: 1)
    try shell.setBadge("t2", to: "1000")
    try shell.setEnabled("t3", false)
    let line = Renderer.barLine(shell, options: RenderOptions(width: 60))
    #expect(line.contains("2 □ T2(99+)"))
    #expect(line.contains("3 □ ~T3~"))
  }

  @Test func longTitlesEndInAnEllipsis() throws {
    let shell = try makeShell()
    try shell.addTab(type: "text", title: "A title far too long for any small bar")
    let line = Renderer.barLine(shell, options: RenderOptions(width: 20))
    #expect(line == "[1 ■ A title far t…]")
  }

  /// At 40 columns the demo's bar line has room for an icon and a badge, not for "Inbox" too: the
  /// title gives way, never the badge; the frame keeps the badge on its icons row.
  @Test func aBadgeOutlastsTheTitle() throws {
    let shell = try makeShell(layout: "demo")
    let line = Renderer.barLine(shell, options: RenderOptions(width: 40))
    #expect(line == "[1 Home] 2 Feed <⊕ Post> 3 ✉(3)  4 ☺ P…")
    let frame = Renderer.frame(shell, options: RenderOptions(width: 40, height: 12))
    #expect(frame[10] == "   ⌂       ▤              ✉(3)     ☺")
  }

  /// The number before each title is the position `tab N` and the key N select: the action button
  /// in the middle has none, so what the user reads is what they type.
  @Test func theNumbersAreThePositionsTabTakes() throws {
    let shell = try makeShell(layout: "demo")
    let line = Renderer.barLine(shell, options: RenderOptions(width: 80))
    let items = ["[1 ⌂ Home]", "2 ▤ Feed", "<⊕ Post>", "3 ✉ Inbox(3)", "4 ☺ Profile"]
    let places = items.map { line.range(of: $0)?.lowerBound }
    #expect(places.allSatisfy { $0 != nil }, "\(line)")
    #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted())
    #expect(shell.tab(at: 3)?.id == "inbox")
  }

  /// A pinned window (the full-screen mode keeps the one it drew) stays while the selection moves
  /// inside it, and follows the selection once it leaves; a marker's page holds until the
  /// selection changes.
  @Test func aPinnedWindowStaysWhileTheSelectionIsInIt() throws {
    let shell = try shell(tabs: 100, selected: 50)
    let options = RenderOptions(width: 60, height: 4)
    let layout = TerminalLayout(shell, options: options)
    let pinned = layout.pinned(BarScroll())
    let before = try #require(Renderer.frame(shell, options: options, scroll: pinned).last)
    try shell.select("t51")
    let after = try #require(Renderer.frame(shell, options: options, scroll: pinned).last)
    #expect(after.hasPrefix(before.prefix(4)), "\(before) / \(after)")
    #expect(after.contains("[51 T51]"))
    try shell.select("t80")
    let away = try #require(Renderer.frame(shell, options: options, scroll: pinned).last)
    #expect(away.contains("[80 T80]"))
    let paged = TerminalLayout(shell, options: options, scroll: pinned).scrolled(
      .moreRight, from: pinned)
    #expect(TerminalLayout(shell, options: options, scroll: paged).pinned(paged) == paged)
    try shell.select("t50")
    #expect(TerminalLayout(shell, options: options, scroll: paged).pinned(paged) != paged)
  }

  @Test func tabsTableIsAlignedByDisplayWidth() throws {
    let shell = try makeShell(layout: "xianyu")
    try shell.setBadge("pond", to: "5")
    let table = Renderer.tabsTable(shell, options: RenderOptions(width: 80))
    #expect(table[0].hasPrefix("   #  ID"))
    #expect(table[1].hasPrefix("*  1  home"))
    #expect(table.count == 5)
    let typeColumn = table.map {
      displayWidth(of: $0[..<($0.range(of: "text")?.lowerBound ?? $0.endIndex)])
    }
    #expect(Set(typeColumn.dropFirst()).count == 1)
  }
  /// The REPL's bar line drops no icon that the frame's rows show: a centred bar's items are as
  /// wide as their one-line form needs when the line has the room (`layout swipeable`: ♪).
  @Test(arguments: [60, 80, 100])
  func theBarLineKeepsTheIconsOfACentredBar(width: Int) throws {
    let shell = try makeShell(layout: "swipeable")
    let line = Renderer.barLine(shell, options: RenderOptions(width: width))
    #expect(
      line.contains("1 ♪ Music") && line.contains("[2 ▶ Play]") && line.contains("3 ☆ Star"),
      "\(line)")
    let frame = Renderer.frame(shell, options: RenderOptions(width: width, height: 12))
    #expect(frame.contains { $0.contains("♪") })
  }
}

extension String {
  var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
