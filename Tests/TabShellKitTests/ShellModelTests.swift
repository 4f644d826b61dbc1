@_spi(Host) import TabShellKit
import Testing

/// The model alone: no screens, no plugins, no driver. Each step states the transition it returns
/// and the whole model after it.
@Suite("The model, as a value: operations return what follows")
struct ShellModelTests {
  /// A record of a text screen; its handle is its index in `ids`.
  static func record(_ id: String, hidesBar: Bool = false, phase: LifecyclePhase = .created)
    -> ScreenRecord
  {
    ScreenRecord(
      id: id, type: "text", title: id.uppercased(), hidesBar: hidesBar, phase: phase,
      handle: ids.firstIndex(of: id) ?? -1)
  }

  /// The phases of the screens of each stack, tab by tab.
  static func phases(_ model: ShellModel) -> [[LifecyclePhase]] {
    model.tabs.map { $0.stack.map(\.phase) }
  }

  static let ids = ["a", "b", "c", "d", "e", "m"]

  static func item(_ id: String) -> BarItem {
    BarItem(title: id.uppercased(), icon: "□", selectedIcon: "■")
  }

  /// A model with tabs a, b, c; a is selected.
  static func model() -> ShellModel {
    var model = ShellModel()
    for id in ["a", "b", "c"] { _ = model.addTab(root: record(id), item: item(id), at: nil) }
    return model
  }

  @Test func theFirstTabAppearsAndIsSelected() {
    var model = ShellModel()
    let transition = model.addTab(root: Self.record("a"), item: Self.item("a"), at: nil)
    #expect(
      transition
        == Transition(
          events: [.`init`(screen: "a"), .tabAdded(tab: 1, id: "a")],
          lifecycle: .change(from: nil, to: 0, loads: true), selection: .selected(0)))
    #expect(model.selectedIndex == 0)
    #expect(model.visible == Self.record("a", phase: .appeared))
    #expect(model.invariantViolations() == [])
  }

  @Test func aTapSwitchesTheVisibleScreenAndRemembersThePreviousTab() throws {
    var model = Self.model()
    let index = try model.selectableIndex(of: "c")
    #expect(
      model.userSelect(index: index)
        == Transition(
          lifecycle: .change(from: 0, to: 2, loads: true), selection: .selected(2)))
    #expect(model.selectedIndex == 2)
    #expect(Self.phases(model) == [[.disappeared], [.created], [.appeared]])
    #expect(model.previousTabID == "a")
    #expect(try model.lastTabIndex() == 0)
  }

  @Test func aReselectPopsToTheRootTopFirst() throws {
    var model = Self.model()
    #expect(
      try model.push(Self.record("d", hidesBar: true))
        == Transition(
          events: [.`init`(screen: "d")], lifecycle: .change(from: 0, to: 3, loads: true),
          barHidden: true))
    _ = try model.push(Self.record("e"))
    #expect(model.isBarHidden)
    #expect(
      Self.phases(model) == [[.disappeared, .disappeared, .appeared], [.created], [.created]])
    let before = model
    #expect(model.tabs[0].stack.map(\.id) == ["a", "d", "e"])
    #expect(
      model.userSelect(index: 0)
        == Transition(
          lifecycle: .change(from: 4, to: 0, loads: false), gone: [4, 3],
          selection: .reselected(0), barHidden: false))
    #expect(model.tabs[0].stack.map(\.id) == ["a"])
    #expect(Self.phases(model) == [[.appeared], [.created], [.created]])
    #expect(model.invariantViolations() == [])
    #expect(model != before)
  }

  @Test func refusalsChangeNothing() throws {
    var model = Self.model()
    _ = try model.setEnabled("b", false)
    let before = model
    #expect(throws: ShellError.tabDisabled(id: "b")) { try model.selectableIndex(of: "b") }
    #expect(throws: ShellError.noSuchTab("zz", suggestion: nil)) { try model.closeTab("zz") }
    #expect(throws: ShellError.positionOutOfRange(9, count: 3)) { try model.moveTab("a", to: 9) }
    #expect(throws: ShellError.atRoot(tab: "a")) { try model.pop() }
    #expect(throws: ShellError.noModal) { try model.dismiss() }
    #expect(model == before)
  }

  @Test func swipesPassOverDisabledTabsAndBounceAtTheEnds() throws {
    var model = Self.model()
    _ = try model.setEnabled("b", false)
    #expect(try model.swipeTarget(.right) == nil)
    #expect(try model.swipeTarget(.left) == 2)
    _ = model.select(index: 2)
    #expect(try model.swipeTarget(.left) == nil)
    #expect(try model.swipeTarget(.right) == 0)
  }

  @Test func anInteractiveSwipeSplitsTheLifecycleAndBlocksOtherChanges() throws {
    var model = Self.model()
    #expect(
      model.beginSwipe(toward: 1, direction: .left)
        == Transition(lifecycle: .swipeBegan(from: 0, toward: 1, loads: true)))
    #expect(model.swipe == ShellModel.Swipe(from: 0, toward: 1, target: 1, direction: .left))
    #expect(model.selectedIndex == 0)
    #expect(Self.phases(model) == [[.disappearing], [.appearing], [.created]])
    #expect(model.invariantViolations() == [])
    #expect(throws: ShellError.swipeInProgress) { try model.closeTab("a") }
    #expect(throws: ShellError.swipeInProgress) { try model.selectableIndex(of: "b") }
    #expect(
      model.endSwipe(commit: false)
        == Transition(lifecycle: .swipeCancelled(from: 0, toward: 1)))
    // Back where it was, but b has loaded.
    #expect(model.selectedIndex == 0)
    #expect(model.swipe == nil)
    #expect(model.previousTabID == nil)
    #expect(Self.phases(model) == [[.appeared], [.disappeared], [.created]])
    #expect(model.invariantViolations() == [])

    #expect(
      model.beginSwipe(toward: 1, direction: .left)
        == Transition(lifecycle: .swipeBegan(from: 0, toward: 1, loads: false)))
    #expect(
      model.endSwipe(commit: true)
        == Transition(lifecycle: .swipeCommitted(from: 0, to: 1), selection: .selected(1)))
    #expect(model.selectedIndex == 1)
    #expect(model.swipe == nil)
    #expect(Self.phases(model) == [[.disappeared], [.appeared], [.created]])
    #expect(model.invariantViolations() == [])
  }

  @Test func closingTheSelectedTabSelectsANeighbourAndRetiresItsStack() throws {
    var model = Self.model()
    _ = try model.push(Self.record("d"))
    #expect(
      try model.closeTab("a")
        == Transition(
          events: [.tabClosed(tab: 1, id: "a")],
          lifecycle: .change(from: 3, to: 1, loads: true), gone: [3, 0], selection: .selected(0)))
    #expect(model.tabs.map(\.id) == ["b", "c"])
    #expect(model.index(ofID: "c") == 1)
    #expect(model.invariantViolations() == [])
  }

  @Test func movingKeepsTheSelectionWithItsTab() throws {
    var model = Self.model()
    #expect(
      try model.moveTab("a", to: 3) == Transition(events: [.tabMoved(from: 1, to: 3, id: "a")]))
    #expect(model.tabs.map(\.id) == ["b", "c", "a"])
    #expect(model.selectedIndex == 2)
    #expect(try model.moveTab("a", to: 3) == .none)
    #expect(model.invariantViolations() == [])
  }

  @Test func presentingCoversTheTabsUntilDismissed() throws {
    var model = Self.model()
    #expect(
      try model.present(Self.record("m"))
        == Transition(
          events: [.`init`(screen: "m")], lifecycle: .change(from: 0, to: 5, loads: true)))
    #expect(model.modal?.phase == .appeared)
    #expect(throws: ShellError.modalPresented(id: "m")) { try model.stackIndex() }
    #expect(throws: ShellError.modalPresented(id: "m")) { try model.swipeTarget(.left) }
    #expect(
      try model.dismiss()
        == Transition(lifecycle: .change(from: 5, to: 0, loads: false), gone: [5]))
    #expect(Self.phases(model) == [[.appeared], [.created], [.created]])
  }

  @Test func theBarIsHiddenByItsFlagOrByAScreenOnTheSelectedStack() throws {
    var model = Self.model()
    #expect(model.setBarHidden(true) == Transition(barHidden: true))
    #expect(model.setBarHidden(true) == .none)
    #expect(model.setBarHidden(false) == Transition(barHidden: false))
    #expect(model.setHidesBar(screen: "a", true) == Transition(barHidden: true))
    #expect(
      model.select(index: 1)
        == Transition(
          lifecycle: .change(from: 0, to: 1, loads: true), selection: .selected(1),
          barHidden: false))
    #expect(model.invariantViolations() == [])
  }

  @Test func resetClosesEverythingRightToLeft() throws {
    var model = Self.model()
    _ = try model.present(Self.record("m"))
    #expect(
      model.reset()
        == Transition(
          events: [
            .tabClosed(tab: 3, id: "c"), .tabClosed(tab: 2, id: "b"), .tabClosed(tab: 1, id: "a"),
          ],
          lifecycle: .change(from: 5, to: nil, loads: false), gone: [5, 2, 1, 0]))
    #expect(model == ShellModel())
  }

  /// Events that change nothing still come out of the model, as transitions of events alone.
  @Test func bouncesQuestionsAndTheActionButtonAreTransitions() throws {
    var model = Self.model()
    #expect(model.bounce(.right) == Transition(events: [.didBounce(direction: .right)]))
    #expect(model.shouldSelect(index: 1) == Transition(events: [.shouldSelect(tab: 2, id: "b")]))
    #expect(throws: ShellError.noActionButton) { try model.tapActionButton() }
    let button = ActionButton(screenType: "post", title: "Post", icon: "+")
    #expect(model.setActionButton(button) == .none)
    #expect(model.bar.actionButton == button)
    let (tapped, transition) = try model.tapActionButton()
    #expect(tapped == button)
    #expect(transition == Transition(events: [.actionTapped]))
    var appearance = BarAppearance()
    appearance.tint = .red
    #expect(model.setAppearance(appearance) == .none)
    #expect(model.bar.appearance.tint == .red)
    _ = try model.present(Self.record("m"))
    #expect(throws: ShellError.modalPresented(id: "m")) { try model.tapActionButton() }
    #expect(model.removeActionButton() == .none)
    #expect(model.bar.actionButton == nil)
  }

  /// A failure is part of the screen's record: a callback's throw is an event each time but the
  /// first failure stays; a host's mark is refused when one is there; clearing takes it back.
  @Test func failuresLiveInTheRecords() throws {
    var model = Self.model()
    #expect(
      model.callbackFailed(screen: "a", message: "one")
        == Transition(events: [.screenFailed(screen: "a", message: "one")]))
    #expect(
      model.callbackFailed(screen: "a", message: "two")
        == Transition(events: [.screenFailed(screen: "a", message: "two")]))
    #expect(model.visible?.failure == "one")
    #expect(model.markFailed(screen: "a", message: "three") == nil)
    #expect(
      model.markFailed(screen: "b", message: "stopped")
        == Transition(events: [.screenFailed(screen: "b", message: "stopped")]))
    #expect(model.markFailed(screen: "zz", message: "x") == nil)
    // A screen that has just left still says that its callback failed.
    #expect(
      model.callbackFailed(screen: "gone", message: "late")
        == Transition(events: [.screenFailed(screen: "gone", message: "late")]))
    #expect(model.allScreens.map(\.failure) == ["one", "stopped", nil])
    let cleared = model.clearFailure(screen: "a")
    #expect(cleared)
    let again = model.clearFailure(screen: "a")
    #expect(again == false)
    #expect(model.allScreens.map(\.failure) == [nil, "stopped", nil])
  }

  @Test func aLongWordIsQuotedShortInAnError() {
    let word = String(repeating: "x", count: 10_000)
    let cut = "'" + String(repeating: "x", count: quotedWordLimit) + "…'"
    #expect(ShellError.noSuchTab(word).description == "no tab \(cut)")
    #expect(ShellError.invalidID(word).description.hasPrefix("invalid id \(cut): use"))
    #expect(ShellError.idInUse("home").description == "id 'home' is in use")
  }
}
