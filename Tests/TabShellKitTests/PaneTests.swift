@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// A screen type whose screens take input and keep the sizes they were told, by screen id.
final class SizedType: ScreenType {
  let name = "sized"
  var takesInput: Bool { true }
  var sizes: [String: [String]] = [:]
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    SizedScreen(id: configuration.context.screenID, type: self)
  }
}

private final class SizedScreen: Screen {
  let id: String
  let type: SizedType
  init(id: String, type: SizedType) {
    self.id = id
    self.type = type
  }
  func handle(_ input: ScreenInput) -> Bool {
    if case .resize(let width, let height) = input {
      type.sizes[id, default: []].append("\(width)x\(height)")
    }
    return true
  }
}

final class SizedPlugin: TabShellPlugin {
  let name = "sized"
  let type = SizedType()
  var screenTypes: [any ScreenType] { [type] }
}

/// docs/Contract.md, "Split screens": each change of a tab's panes is a transition with exact
/// events, lifecycle calls for the screens that start or stop showing, and a `resize` for each
/// pane shown at a new size, once.
@Suite("Split screens: a tab's panes")
struct PaneTests {
  /// Tab `a` (a text screen) selected in a region of 40 × 10, and the `sized` type.
  private func shell() throws -> (Shell, EventLog, SizedType) {
    let plugin = SizedPlugin()
    let (shell, log) = try makeShell(tabs: ["a"]) { shell in
      try shell.register(plugin, source: "test")
      try shell.setArea(.init(width: 40, height: 10))
    }
    return (shell, log, plugin.type)
  }

  private func split(_ shell: Shell, _ id: String, _ axis: PaneLayout.Axis, from: String? = nil)
    -> ShellAction
  {
    .split(pane: from, axis: axis, size: nil, screen: NewScreen(type: "sized", id: id))
  }

  @Test func aSplitKeepsThePaneSplitShownAndTellsItsNewSize() throws {
    let (shell, log, type) = try shell()
    try step(
      shell, log, split(shell, "b", .horizontal),
      events: [
        "init b", "pane-split a -> b", "viewDidLoad b", "viewWillAppear b", "viewDidAppear b",
        "pane-focused b",
      ],
      state: """
        selected 1, bar shown, modal none, visible b
        1 a "A" sized loaded [b] panes a 20x10 | b 19x10 focus b
        """)
    try step(
      shell, log, split(shell, "c", .vertical),
      events: [
        "init c", "pane-split b -> c", "viewDidLoad c", "viewWillAppear c", "viewDidAppear c",
        "pane-focused c",
      ],
      state: """
        selected 1, bar shown, modal none, visible c
        1 a "A" sized loaded [c] panes a 20x10 | [b 19x5 / c 19x4] focus c
        """)
    // b was told once, of its half; c started at its size and was told nothing.
    #expect(type.sizes == ["b": ["19x5"]])
  }

  @Test func theFocusMovesToThePaneBesideAndAmongSeveralToTheOneFocusedLast() throws {
    let (shell, log, _) = try shell()
    try shell.send(split(shell, "b", .horizontal))
    try shell.send(split(shell, "c", .vertical))
    log.skip("the splits are checked above")
    try step(
      shell, log, .selectPane(nil, toward: .up), events: ["pane-focused b"],
      state: """
        selected 1, bar shown, modal none, visible b
        1 a "A" sized loaded [b] panes a 20x10 | [b 19x5 / c 19x4] focus b
        """)
    try step(
      shell, log, .selectPane(nil, toward: .left), events: ["pane-focused a"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a] panes a 20x10 | [b 19x5 / c 19x4] focus a
        """)
    // Two panes on the right: b, focused last, not c, the first below.
    #expect(try shell.send(.selectPane(nil, toward: .right)) == .pane(found: true))
    #expect(shell.visibleScreen?.id == "b")
    // Past the edge: nothing changes.
    #expect(try shell.send(.selectPane(nil, toward: .up)) == .pane(found: false))
    #expect(try shell.send(.selectPane("c", toward: nil)) == .pane(found: true))
    #expect(log.take() == ["pane-focused b", "pane-focused c"])
  }

  @Test func aZoomedPaneFillsTheTabAloneUntilAnyChangeUnzoomsIt() throws {
    let (shell, log, type) = try shell()
    try shell.send(split(shell, "b", .horizontal))
    try shell.send(split(shell, "c", .vertical))
    log.skip("the splits are checked above")
    try step(
      shell, log, .zoom("b"),
      events: [
        "pane-zoomed b", "viewWillDisappear a", "viewDidDisappear a", "viewWillDisappear c",
        "viewDidDisappear c", "pane-focused b",
      ],
      state: """
        selected 1, bar shown, modal none, visible b
        1 a "A" sized loaded [b] panes a 20x10 | [b 19x5 / c 19x4] focus b zoomed
        """)
    #expect(type.sizes["b"] == ["19x5", "40x10"])
    try step(
      shell, log, .resizePane(nil, side: .left, cells: 2),
      events: [
        "pane-unzoomed b", "layout-changed 1 a", "viewWillAppear a", "viewWillAppear c",
        "viewDidAppear a", "viewDidAppear c",
      ],
      state: """
        selected 1, bar shown, modal none, visible b
        1 a "A" sized loaded [b] panes a 18x10 | [b 21x5 / c 21x4] focus b
        """)
    #expect(type.sizes == ["b": ["19x5", "40x10", "21x5"], "c": ["21x4"]])
    // Zoom twice: back as it was, with no resize of c (its size did not change).
    try shell.send(.zoom(nil))
    try shell.send(.zoom(nil))
    #expect(
      log.take() == [
        "pane-zoomed b", "viewWillDisappear a", "viewDidDisappear a", "viewWillDisappear c",
        "viewDidDisappear c", "pane-unzoomed b", "viewWillAppear a", "viewWillAppear c",
        "viewDidAppear a", "viewDidAppear c",
      ])
    #expect(type.sizes == ["b": ["19x5", "40x10", "21x5", "40x10", "21x5"], "c": ["21x4"]])
  }

  @Test func aClosedPaneGivesItsRoomAndTheFocusBackAndTheLastClosesTheTab() throws {
    let (shell, log, type) = try shell()
    try shell.send(split(shell, "b", .horizontal))
    try shell.send(split(shell, "c", .vertical))
    try shell.send(.selectPane("a", toward: nil))
    try shell.send(.selectPane("c", toward: nil))
    log.skip("the splits and the focus are checked above")
    try step(
      shell, log, .closePane(nil),
      events: [
        "pane-closed c", "viewWillDisappear c", "viewDidDisappear c", "deinit c",
        "pane-focused a",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a] panes a 20x10 | b 19x10 focus a
        """)
    #expect(type.sizes["b"] == ["19x5", "19x10"])
    // The tab keeps its id when its first pane closes.
    try step(
      shell, log, .closePane("a"),
      events: [
        "pane-closed a", "viewWillDisappear a", "viewDidDisappear a", "deinit a",
        "pane-focused b",
      ],
      state: """
        selected 1, bar shown, modal none, visible b
        1 a "A" sized loaded [b]
        """)
    #expect(type.sizes["b"] == ["19x5", "19x10", "40x10"])
    try step(
      shell, log, .closePane(nil),
      events: ["tab-closed 1 a", "viewWillDisappear b", "viewDidDisappear b", "deinit b"],
      state: "selected none, bar shown, modal none, visible none")
  }

  @Test func everyPaneAppearsAndDisappearsWithItsTabInOrder() throws {
    let (shell, log, _) = try shell()
    try shell.send(split(shell, "b", .vertical))
    try shell.addTab(type: "text", id: "t")
    log.skip("the split is checked above")
    try step(
      shell, log, .tap(.name("t")),
      events: [
        "should-select 2 t", "viewDidLoad t", "viewWillAppear t", "viewWillDisappear a",
        "viewDidDisappear a", "viewWillDisappear b", "viewDidDisappear b", "viewDidAppear t",
        "did-select 2 t",
      ],
      state: """
        selected 2, bar shown, modal none, visible t
        1 a "A" sized loaded [b] panes a 40x5 / b 40x4 focus b
        2 t "Text" text loaded [t]
        """)
    // A split in a tab not shown: the new pane takes that tab's focus and nothing appears.
    try step(
      shell, log, split(shell, "c", .horizontal, from: "a"),
      events: ["init c", "pane-split a -> c", "pane-focused c"],
      state: """
        selected 2, bar shown, modal none, visible t
        1 a "A" sized unloaded [c] panes [a 20x5 | c 19x5] / b 40x4 focus c
        2 t "Text" text loaded [t]
        """)
    try step(
      shell, log, .tap(.name("a")),
      events: [
        "should-select 1 a", "viewWillAppear a", "viewDidLoad c", "viewWillAppear c",
        "viewWillAppear b", "viewWillDisappear t", "viewDidDisappear t", "viewDidAppear a",
        "viewDidAppear c", "viewDidAppear b", "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible c
        1 a "A" sized loaded [c] panes [a 20x5 | c 19x5] / b 40x4 focus c
        2 t "Text" text loaded [t]
        """)
  }

  @Test func aNewAreaResizesEachPaneShownAtANewSizeOnce() throws {
    let (shell, log, type) = try shell()
    try shell.send(split(shell, "b", .horizontal))
    try shell.send(split(shell, "c", .vertical))
    log.skip("the splits are checked above")
    try step(
      shell, log, .setArea(.init(width: 60, height: 10)), events: [],
      state: """
        selected 1, bar shown, modal none, visible c
        1 a "A" sized loaded [c] panes a 30x10 | [b 29x5 / c 29x4] focus c
        """)
    try shell.send(.setArea(.init(width: 60, height: 10)))
    #expect(type.sizes == ["b": ["19x5", "29x5"], "c": ["29x4"]])
    // Too small for the panes: they keep their minimum; the tree is larger than the region.
    try shell.send(.setArea(.init(width: 3, height: 2)))
    #expect(shell.model.tabs[0].layout.width == 5)
    #expect(shell.invariantViolations().isEmpty)
  }

  @Test func refusedChangesSayWhyAndChangeNothing() throws {
    let (shell, log, _) = try shell()
    try shell.setArea(.init(width: 4, height: 2))
    #expect(throws: ShellError.pane(.tooSmall(screen: "a", size: 4, needed: 5, axis: .horizontal)))
    {
      try shell.send(split(shell, "b", .horizontal))
    }
    try shell.setArea(.init(width: 40, height: 10))
    #expect(
      throws: ShellError.pane(
        .badSize(screen: "a", size: 39, left: 0, minimum: 2, axis: .horizontal))
    ) {
      try shell.send(
        .split(
          pane: nil, axis: .horizontal, size: .cells(39), screen: NewScreen(type: "sized")))
    }
    #expect(throws: ShellError.pane(.noBorder(screen: "a", side: .left))) {
      try shell.send(.resizePane(nil, side: .left, cells: 1))
    }
    try shell.send(.push(NewScreen(type: "text", id: "p")))
    #expect(throws: ShellError.pane(.covered(tab: "a", by: "p"))) {
      try shell.send(split(shell, "b", .horizontal))
    }
    #expect(throws: ShellError.pane(.notAPane(screen: "p"))) { try shell.send(.zoom("p")) }
    #expect(throws: ShellError.noSuchScreen("zz")) { try shell.send(.closePane("zz")) }
    #expect(
      log.take() == [
        "init p", "viewDidLoad p", "viewWillAppear p", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear p",
      ])
    #expect(
      ShellError.pane(.tooSmall(screen: "a", size: 4, needed: 5, axis: .horizontal)).description
        == "pane 'a' is 4 columns wide; a split side by side needs at least 5 (two panes of 2 "
        + "columns and a border)")
  }

  /// tmux 3.3a's `select-layout tiled` of five panes in 40 × 10: three rows of two columns, the
  /// last row one pane as wide as the window; `even-vertical`: the spare row to the first.
  @Test func arrangementsShareTheRoomAsTmuxDoes() throws {
    let (shell, _, _) = try shell()
    for id in ["b", "c", "d", "e"] { try shell.send(split(shell, id, .horizontal, from: "a")) }
    try shell.send(.arrangePanes(nil, .tiled))
    #expect(
      snapshot(shell).split(separator: "\n").last
        == "1 a \"A\" sized loaded [e] panes [a 19x2 | e 20x2] / [d 19x2 | c 20x2] / b 40x4 focus e"
    )
    try shell.send(.arrangePanes(nil, .evenVertical))
    #expect(
      snapshot(shell).split(separator: "\n").last
        == "1 a \"A\" sized loaded [e] panes a 40x2 / e 40x1 / d 40x1 / c 40x1 / b 40x1 focus e")
  }
}
