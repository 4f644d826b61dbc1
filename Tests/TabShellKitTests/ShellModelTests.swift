@_spi(Host) import TabShellKit
import Testing

/// The model alone: no screens, no plugins, no driver. Each step states the transition it returns
/// and the whole model after it.
@Suite("The model, as a value: operations return what follows")
struct ShellModelTests {
  /// A record of a text screen; its handle is its index in `ids`.
  static func record(_ id: String, hidesBar: Bool = false) -> ScreenRecord {
    ScreenRecord(
      id: id, type: "text", title: id.uppercased(), hidesBar: hidesBar,
      handle: ids.firstIndex(of: id) ?? -1)
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
          events: [.tabAdded(tab: 1, id: "a")], lifecycle: .change(from: nil, to: 0),
          selection: .selected(0)))
    #expect(model.selectedIndex == 0)
    #expect(model.visible == Self.record("a"))
    #expect(model.invariantViolations() == [])
  }

  @Test func aTapSwitchesTheVisibleScreenAndRemembersThePreviousTab() throws {
    var model = Self.model()
    let index = try model.selectableIndex(of: "c")
    #expect(
      model.userSelect(index: index)
        == Transition(
          lifecycle: .change(from: 0, to: 2), selection: .selected(2)))
    #expect(model.selectedIndex == 2)
    #expect(model.previousTabID == "a")
    #expect(try model.lastTabIndex() == 0)
  }

  @Test func aReselectPopsToTheRootTopFirst() throws {
    var model = Self.model()
    _ = try model.push(Self.record("d", hidesBar: true))
    _ = try model.push(Self.record("e"))
    #expect(model.isBarHidden)
    let before = model
    #expect(model.tabs[0].stack.map(\.id) == ["a", "d", "e"])
    #expect(
      model.userSelect(index: 0)
        == Transition(
          lifecycle: .change(from: 4, to: 0), gone: [4, 3], selection: .reselected(0),
          barHidden: false))
    #expect(model.tabs[0].stack.map(\.id) == ["a"])
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
    let start = model
    #expect(
      model.beginSwipe(toward: 1, direction: .left)
        == Transition(lifecycle: .swipeBegan(from: 0, toward: 1)))
    #expect(model.swipe == ShellModel.Swipe(from: 0, toward: 1, target: 1, direction: .left))
    #expect(model.selectedIndex == 0)
    #expect(model.invariantViolations() == [])
    #expect(throws: ShellError.swipeInProgress) { try model.closeTab("a") }
    #expect(throws: ShellError.swipeInProgress) { try model.selectableIndex(of: "b") }
    #expect(
      model.endSwipe(commit: false)
        == Transition(lifecycle: .swipeCancelled(from: 0, toward: 1)))
    #expect(model == start)

    _ = model.beginSwipe(toward: 1, direction: .left)
    #expect(
      model.endSwipe(commit: true)
        == Transition(lifecycle: .swipeCommitted(from: 0, to: 1), selection: .selected(1)))
    #expect(model.selectedIndex == 1)
    #expect(model.swipe == nil)
  }

  @Test func closingTheSelectedTabSelectsANeighbourAndRetiresItsStack() throws {
    var model = Self.model()
    _ = try model.push(Self.record("d"))
    #expect(
      try model.closeTab("a")
        == Transition(
          events: [.tabClosed(tab: 1, id: "a")], lifecycle: .change(from: 3, to: 1),
          gone: [3, 0], selection: .selected(0)))
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
    #expect(try model.present(Self.record("m")) == Transition(lifecycle: .change(from: 0, to: 5)))
    #expect(throws: ShellError.modalPresented(id: "m")) { try model.stackIndex() }
    #expect(throws: ShellError.modalPresented(id: "m")) { try model.swipeTarget(.left) }
    #expect(try model.dismiss() == Transition(lifecycle: .change(from: 5, to: 0), gone: [5]))
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
          lifecycle: .change(from: 0, to: 1), selection: .selected(1), barHidden: false))
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
          lifecycle: .change(from: 5, to: nil), gone: [5, 2, 1, 0]))
    #expect(model == ShellModel())
  }

  @Test func aLongWordIsQuotedShortInAnError() {
    let word = String(repeating: "x", count: 10_000)
    let cut = "'" + String(repeating: "x", count: quotedWordLimit) + "…'"
    #expect(ShellError.noSuchTab(word).description == "no tab \(cut)")
    #expect(ShellError.invalidID(word).description.hasPrefix("invalid id \(cut): use"))
    #expect(ShellError.idInUse("home").description == "id 'home' is in use")
  }
}
