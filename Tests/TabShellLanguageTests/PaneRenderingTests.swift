@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// docs/Contract.md, "Split screens": `show` draws a tab's panes in their frames with the borders
/// between them, the focused pane's ring heavy, at every width; `hit`, a click and a drag know the
/// panes and their borders.
@Suite struct PaneRenderingTests {
  /// Three panes, `a` left, `b` above `c` on the right; `c` focused.
  static let threePanes = """
    add-tab text --id a --text left
    split text --id b --text 首页
    split --vertical text --id c --text bottom
    """

  @Test func threePanesAtSeveralWidths() {
    let session = Session()
    session.run(Self.threePanes)
    #expect(
      session.output(of: "size 31 9; show") == [
        "             Text             c",
        "               │     Text",
        "     Text      │     首页",
        "     left      ┢━━━━━━━━━━━━━━━",
        "               ┃     Text",
        "               ┃    bottom",
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
        "               ■",
        "           [1 Text]",
      ])
    // An even width: the new pane the smaller half, as tmux's.
    #expect(
      session.output(of: "size 16 9; show") == [
        "      Text",
        "       │  Text",
        " Text  │  首页",
        " left  ┢━━━━━━━━",
        "       ┃  Text",
        "       ┃ bottom",
        "━━━━━━━━━━━━━━━━",
        "       ■",
        "    [1 Text]",
      ])
    // Too narrow for the panes at their minimum: cut at the edge, as tmux cuts them.
    #expect(
      session.output(of: "size 4 9; show") == [
        " T…", "  │T", "Te│", "le┢━", "ft┃T", "  ┃b", "━━━━", " ■", "[1]",
      ])
    // Back to the first width: the same panes as before.
    #expect(
      session.output(of: "size 31 9; show")[1...3] == [
        "               │     Text",
        "     Text      │     首页",
        "     left      ┢━━━━━━━━━━━━━━━",
      ])
    #expect(session.sink.errors.isEmpty)
  }

  @Test func theFocusedPanesRingIsHeavy() {
    let session = Session()
    session.run(Self.threePanes + "\nsize 31 9\nselect-pane a")
    #expect(
      session.output(of: "show")[1...5] == [
        "               ┃     Text",
        "     Text      ┃     首页",
        "     left      ┠───────────────",
        "               ┃     Text",
        "               ┃    bottom",
      ])
  }

  @Test func tenPanesTiled() {
    let session = Session()
    var script = "size 40 12\nadd-tab text --id p0 --text 0\n"
    for index in 1...3 { script += "split text --id p\(index) --text \(index)\n" }
    for index in 4...5 { script += "split --vertical text --id p\(index) --text \(index)\n" }
    for index in 6...9 { script += "split --to p\(index - 6) --vertical text --id p\(index)\n" }
    session.run(script + "layout-panes tiled\nselect-pane p4")
    #expect(
      session.output(of: "show") == [
        "                  Text                p4",
        "    Text    │    Text    │     Text",
        "────────────┼────────────┼──────────────",
        "    Text    │    Text    │     Text",
        "────────────┼────────────╆━━━━━━━━━━━━━━",
        "    Text    │    Text    ┃     Text",
        "────────────┴────────────┺━━━━━━━━━━━━━━",
        "                  Text",
        "                   5",
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
        "                   ■",
        "                [1 Text]",
      ])
    #expect(session.sink.errors.isEmpty)
  }

  @Test func hitClickAndDragKnowThePanesAndTheirBorders() {
    let session = Session()
    session.run(Self.threePanes + "\nsize 31 9")
    #expect(
      session.output(of: "hit 3 3; hit 16 3; hit 22 4; hit 22 5") == [
        "screen a", "border a right", "border b bottom", "screen c",
      ])
    // A click on a pane not focused focuses it.
    session.run("click 3 3")
    #expect(session.interpreter.shell.visibleScreen?.id == "a")
    // A drag on the border between a and the right column moves it with the pointer.
    session.run("drag 16 3 20 3")
    let tab = session.interpreter.shell.state.tabs[0]
    #expect(tab.panes?.cells?.map(\.width) == [19, 11])
    #expect(session.sink.errors.isEmpty)
  }

  @Test func hooksAndTraceSeeThePanesEvents() {
    let session = Session()
    let output = session.output(
      of: """
        on pane-split echo split $id $tab; on pane-focused echo focus $id
        on layout-changed echo layout $tab $id
        add-tab text --id a; split text --id b; select-pane a; resize-pane --right 3
        trace on; zoom; close-pane --to b
        """)
    #expect(
      output == [
        "split b 1", "focus b", "focus a", "layout 1 a", "pane-zoomed a", "viewWillDisappear b",
        "viewDidDisappear b", "pane-unzoomed a", "pane-closed b", "deinit b",
      ])
    #expect(session.sink.errors.isEmpty)
  }

  @Test func paneCommandsRefuseWithTheSizesAndThePlace() {
    let session = Session()
    session.run(
      "size 12 9\nadd-tab text --id a\nsplit text --id b\nsplit text --id c\nsplit text\n"
        + "split --to a text --size 5\nresize-pane --to a --left 1\nselect-pane --right")
    session.interpreter.settings.keepGoing = true
    #expect(
      session.sink.errors == [
        "t.tabsh:5:1: error: pane 'c' is 2 columns wide; a split side by side needs at least 5 "
          + "(two panes of 2 columns and a border)"
      ])
  }
}
