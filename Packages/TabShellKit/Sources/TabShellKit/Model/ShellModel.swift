/// The state of a tab bar as a value: the tabs with their stacks, the selection, the presented screen
/// and the bar. The one source of truth; the bar and the pager are two views of it.
///
/// Every mutating operation checks first and throws ``ShellError`` with nothing changed, or changes
/// the state and returns the ``Transition`` that says what follows: which screen stops and which
/// starts being visible, which screens leave for good, and the events. The model holds no screens
/// and calls no plugin code; the ``Shell`` drives screens by what it returns (see
/// docs/Contract.md, "Lifecycle"). It is `Equatable`, so tests compare whole states.
@_spi(Host)
@frozen
public struct ShellModel: Equatable, Sendable {
  /// An interactive swipe under way: the two screens are half-way (`from` disappearing, `toward`
  /// appearing) until it ends.
  @frozen
  public struct Swipe: Equatable, Sendable {
    /// The handle of the visible screen when the swipe began.
    public var from: Int
    /// The handle of the top of the tab it swipes toward.
    public var toward: Int
    /// The index of that tab.
    public var target: Int
    /// Which way the finger moves.
    public var direction: SwipeDirection
    /// When more than one screen shows on either side (a tab of panes): every screen that was
    /// visible, and every screen of the tab it goes toward that shows; empty otherwise (`from` and
    /// `toward` alone).
    public var leaving: [Int] = []
    /// See ``leaving``.
    public var coming: [Int] = []

    /// Makes a swipe.
    public init(from: Int, toward: Int, target: Int, direction: SwipeDirection) {
      self.from = from
      self.toward = toward
      self.target = target
      self.direction = direction
    }
  }

  /// The tabs, left to right.
  public private(set) var tabs: [Tab] = []
  /// The selected tab's index; it moves with its tab when tabs are added, closed or moved.
  public private(set) var selectedIndex: Int?
  /// The id of the tab selected before the selected one (`last-tab`), while it exists.
  public private(set) var previousTabID: String?
  /// The presented screen.
  public private(set) var modal: ScreenRecord?
  /// The bar's own settings.
  public private(set) var bar = Bar()
  /// The interactive swipe under way, if any.
  public private(set) var swipe: Swipe?
  /// The size of the region a tab's panes share, as the host lays it out (``setArea(_:)``):
  /// every tab's layout is fitted to it.
  public private(set) var area = PaneArea(width: 80, height: 20)
  /// Tab ids to indices, kept in step with ``tabs``.
  private var indexByID: [String: Int] = [:]
  /// The ids of the screens of each tab but the one whose id is the tab's (its first root) to the
  /// ids of their tabs, kept in step with ``tabs``: a screen is found without a walk over every
  /// tab.
  private var tabOfScreen: [String: String] = [:]

  /// An empty model: no tabs, the bar shown.
  public init() {}

  public static func == (a: ShellModel, b: ShellModel) -> Bool {
    a.tabs == b.tabs && a.selectedIndex == b.selectedIndex && a.previousTabID == b.previousTabID
      && a.modal == b.modal && a.bar == b.bar && a.swipe == b.swipe && a.area == b.area
  }
}

// MARK: - Reading

extension ShellModel {
  /// The visible screen: the presented one, else the top of the selected tab's stack.
  public var visible: ScreenRecord? {
    if let modal { return modal }
    guard let selectedIndex else { return nil }
    return tabs[selectedIndex].top
  }

  /// The visible screen's handle.
  @inline(__always)
  public var visibleHandle: Int? {
    if let handle = modal?.handle { return handle }
    guard let selectedIndex else { return nil }
    return tabs[selectedIndex].topHandle
  }

  /// Whether the bar is hidden: by its flag, or by a screen on the selected tab's stack.
  @inline(__always)
  public var isBarHidden: Bool {
    if bar.isHidden { return true }
    guard let selectedIndex else { return false }
    return tabs[selectedIndex].hidesBar
  }

  /// The index of the tab with this id.
  public func index(ofID id: String) -> Int? { indexByID[id] }

  var indexByIDCount: Int { indexByID.count }
  var tabOfScreenIndex: [String: String] { tabOfScreen }

  /// The index of a tab given as a position, an id or a title (tried in that order), then a title
  /// in any case when one tab alone has it: a tab added again gets a new id (`disks-2`, made ids
  /// are never given out twice) and is still found by its title's name (`tab disks` for `Disks`).
  /// A title is kept made safe (``screenTitle(_:)``), so a name is also tried as it would be kept:
  /// a title given with a control or a blank at its end is found as it was given.
  @inline(__always)
  public func index(of reference: TabReference) throws(ShellError) -> Int {
    if tabs.isEmpty { throw .noTabs }
    switch reference {
    case .position(let position):
      guard position >= 1, position <= tabs.count else {
        throw .positionOutOfRange(position, count: tabs.count)
      }
      return position - 1
    case .name(let name):
      if let index = indexByID[name] { return index }
      if let index = index(ofTitle: name) { return index }
      let kept = screenTitle(name)
      if kept != name, let index = index(ofTitle: kept) { return index }
      let guess = suggestion(for: name) ?? (kept != name ? suggestion(for: kept) : nil)
      throw .noSuchTab(name, suggestion: guess)
    }
  }

  /// The first tab whose title is `name`, else the one whose title is `name` in any case.
  func index(ofTitle name: String) -> Int? {
    tabs.firstIndex { $0.item.title == name } ?? indexIgnoringCase(ofTitle: name)
  }

  /// The one tab whose title is `name` in any case; `nil` for none or several.
  func indexIgnoringCase(ofTitle name: String) -> Int? {
    let folded = name.lowercased()
    var found: Int?
    for (index, tab) in tabs.enumerated() where tab.item.title.lowercased() == folded {
      if found != nil { return nil }
      found = index
    }
    return found
  }

  /// The closest tab id or title to `name`, for "did you mean"; only for a bar a person reads
  /// (at most 1,000 tabs) and a name of three letters or more.
  func suggestion(for name: String) -> String? {
    // A one- or two-letter name is close to every other: no guess.
    guard tabs.count <= 1_000, name.count >= 3 else { return nil }
    return closestMatch(to: name, in: tabs.flatMap { [$0.id, $0.item.title] })
  }

  /// The index of the tab that holds a screen (a pane or a pushed screen).
  public func tabIndex(holding screenID: String) -> Int? {
    if let index = tabOfScreen[screenID].flatMap({ indexByID[$0] }) { return index }
    guard let index = indexByID[screenID], tabs[index].screen(id: screenID) != nil else {
      return nil
    }
    return index
  }

  /// Whether a screen of this id exists (a pane, pushed, or presented).
  public func contains(screen id: String) -> Bool {
    modal?.id == id || tabIndex(holding: id) != nil
  }

  /// Whether an id is taken: a screen's, or a tab's (which keeps its first root's id after that
  /// pane closed).
  public func isTaken(_ id: String) -> Bool {
    modal?.id == id || indexByID[id] != nil || tabOfScreen[id] != nil
  }

  /// A screen that exists: a pane, pushed, or presented.
  public func screen(id: String) -> ScreenRecord? {
    if let modal, modal.id == id { return modal }
    guard let index = tabIndex(holding: id) else { return nil }
    return tabs[index].screen(id: id)
  }

  /// Every screen that exists: each tab's panes and pushed screens, then the presented one.
  public var allScreens: [ScreenRecord] {
    tabs.flatMap(\.screens) + (modal.map { [$0] } ?? [])
  }

  /// The handles of the visible screens: the presented one, else the screens the selected tab
  /// shows (``Tab/shownHandles``); the focused one (``visibleHandle``) among them.
  public var visibleHandles: [Int] {
    if let modal { return [modal.handle] }
    guard let selectedIndex else { return [] }
    return tabs[selectedIndex].shownHandles
  }

  /// Whether more than one screen is visible (the selected tab shows its panes).
  @inline(__always)
  var showsSeveral: Bool {
    guard modal?.handle == nil, let selectedIndex else { return false }
    return tabs[selectedIndex].showsSeveral
  }
}

// MARK: - The machinery the operations share

extension ShellModel {
  /// What a transition is measured against: the visible screen, where it was, and the bar before
  /// a change.
  struct Start {
    let visible: Int?
    /// The index of the tab whose top it was (`nil`: the presented screen, or none).
    let tab: Int?
    /// Its place in that tab's stack.
    let depth: Int
    let barHidden: Bool
    /// Every visible screen when more than one was (``visibleHandles``); else empty.
    var several: [Int] = []
  }

  @inline(__always)
  var start: Start {
    if let modal { return Start(visible: modal.handle, tab: nil, depth: 0, barHidden: isBarHidden) }
    guard let selectedIndex else {
      return Start(visible: nil, tab: nil, depth: 0, barHidden: bar.isHidden)
    }
    // Each field read in place: `let tab = tabs[selectedIndex]` would copy the tab (a retain and
    // a release of each of its arrays and strings) on every selection.
    return Start(
      visible: tabs[selectedIndex].topHandle, tab: selectedIndex,
      depth: tabs[selectedIndex].depth - 1,
      barHidden: bar.isHidden || tabs[selectedIndex].hidesBar,
      several: tabs[selectedIndex].showsSeveral ? tabs[selectedIndex].shownHandles : [])
  }

  /// The transition from `start` to now. When the visible screen changed, the new one goes through
  /// `viewDidLoad` (the first time), `viewWillAppear` and `viewDidAppear`, and the old one, when it
  /// is still there, through `viewWillDisappear` and `viewDidDisappear`: their records' phases
  /// move here, and the transition says which callbacks the driver calls.
  mutating func transition(
    from start: Start, events: [ShellEvent] = [], gone: [Int] = [],
    selection: Transition.Selection? = nil
  ) -> Transition {
    let change = change(from: start)
    return Transition(
      events: events, lifecycle: change.lifecycle, gone: gone, selection: selection,
      barHidden: change.barHidden)
  }

  /// The part of a transition that a change of the visible screen makes by itself: its lifecycle
  /// and the bar's new hidden state. A selection is this alone: the driver applies it without a
  /// ``Transition``, whose two lists would cost their making and their release on every tap.
  struct Change {
    /// The lifecycle callbacks to run.
    var lifecycle: Transition.Lifecycle
    /// The bar's new hidden state, when it changed.
    var barHidden: Bool?
  }

  /// The change from `start` to now (``transition(from:events:gone:selection:)`` without the
  /// events, departures and selection), the screens' phases moved.
  mutating func change(from start: Start) -> Change {
    let now = visibleHandle
    var lifecycle = Transition.Lifecycle.none
    if !start.several.isEmpty || showsSeveral {
      lifecycle = severalChange(from: start)
    } else if start.visible != now {
      let loads = now == nil ? false : appear(at: visibleSlot)
      if let from = start.visible, let slot = slot(of: from, tab: start.tab, depth: start.depth) {
        disappear(at: slot)
      }
      lifecycle = .change(from: start.visible, to: now, loads: loads)
    }
    let hidden = isBarHidden
    return Change(lifecycle: lifecycle, barHidden: hidden == start.barHidden ? nil : hidden)
  }

  /// The screen at `slot` appears: `viewDidLoad` (the first time), `viewWillAppear`,
  /// `viewDidAppear`. Returns whether it loaded.
  mutating func appear(at slot: Slot) -> Bool {
    var loads = false
    updateRecord(at: slot) { screen in
      loads = screen.phase == .created
      if loads { screen.take(.load) }
      screen.take(.willAppear)
      screen.take(.didAppear)
    }
    return loads
  }

  /// The screen at `slot` disappears: `viewWillDisappear`, `viewDidDisappear`.
  mutating func disappear(at slot: Slot) {
    updateRecord(at: slot) { screen in
      screen.take(.willDisappear)
      screen.take(.didDisappear)
    }
  }

  /// Where a screen's record is: the presented screen, a place in a tab's stack (0: its focused
  /// pane), or one of a tab's panes.
  enum Slot {
    case modal
    case stack(tab: Int, depth: Int)
    case pane(tab: Int, index: Int)
  }

  /// Where the visible screen is (there is one).
  // Inlined: a call from a mutating method would pass it a copy of the whole model.
  @inline(__always)
  var visibleSlot: Slot {
    // `modal != nil` would copy the whole record (its strings and parameters) to compare it.
    if modal?.handle != nil { return .modal }
    let index = selectedIndex ?? 0
    return .stack(tab: index, depth: tabs[index].depth - 1)
  }

  /// Where the screen `handle` is, when it is still at the place it had (`tab` `nil`: presented);
  /// `nil` when it left.
  func slot(of handle: Int, tab: Int?, depth: Int) -> Slot? {
    guard let tab else { return modal?.handle == handle ? .modal : nil }
    guard tabs.indices.contains(tab), tabs[tab].depth > depth else { return nil }
    let found = depth == 0 ? tabs[tab].focusedHandle : tabs[tab].pushed[depth - 1].handle
    return found == handle ? .stack(tab: tab, depth: depth) : nil
  }

  /// The slot of a screen that exists, found by id.
  func slot(ofID id: String) -> Slot? {
    if modal?.id == id { return .modal }
    guard let tab = tabIndex(holding: id) else { return nil }
    if let index = tabs[tab].paneIndex(ofID: id) { return .pane(tab: tab, index: index) }
    guard let depth = tabs[tab].pushed.firstIndex(where: { $0.id == id }) else { return nil }
    return .stack(tab: tab, depth: depth + 1)
  }

  /// The slot of a screen found by its handle, looked for in the tabs `first` (when given), then
  /// everywhere.
  func slot(ofHandle handle: Int, lookingFirstIn first: [Int?]) -> Slot? {
    if modal?.handle == handle { return .modal }
    for tab in first.compactMap({ $0 }) + Array(tabs.indices) where tabs.indices.contains(tab) {
      if let index = tabs[tab].paneIndex(ofHandle: handle) { return .pane(tab: tab, index: index) }
      if let depth = tabs[tab].pushed.firstIndex(where: { $0.handle == handle }) {
        return .stack(tab: tab, depth: depth + 1)
      }
    }
    return nil
  }

  /// Changes the record at a slot.
  @inline(__always)
  mutating func updateRecord(at slot: Slot, _ change: (inout ScreenRecord) -> Void) {
    switch slot {
    case .modal:
      guard var screen = modal else { return }
      change(&screen)
      modal = screen
    case .stack(let tab, let depth):
      tabs[tab].update(screenAt: depth, change)
    case .pane(let tab, let index):
      tabs[tab].updatePane(at: index, change)
    }
  }

  /// Refuses a change while an interactive swipe is under way.
  @inline(__always)
  func requireNoSwipe() throws(ShellError) {
    if swipe != nil { throw .swipeInProgress }
  }

  /// Refuses a change of the selection or of a stack while a screen is presented.
  @inline(__always)
  func requireNoModal() throws(ShellError) {
    if let modal { throw .modalPresented(id: modal.id) }
  }

  mutating func insertTab(_ tab: Tab, at index: Int) {
    tabs.insert(tab, at: index)
    for screen in tab.screens where screen.id != tab.id { tabOfScreen[screen.id] = tab.id }
    if index == tabs.count - 1 {
      indexByID[tab.id] = index
    } else {
      reindex(from: index)
    }
  }

  mutating func removeTab(at index: Int) -> Tab {
    let tab = tabs.remove(at: index)
    indexByID[tab.id] = nil
    for screen in tab.screens where screen.id != tab.id { tabOfScreen[screen.id] = nil }
    reindex(from: index)
    return tab
  }

  /// Brings the id index up to date for the tabs from `index` on.
  private mutating func reindex(from index: Int) {
    for i in index..<tabs.count { indexByID[tabs[i].id] = i }
  }

  /// Pushes a screen onto the stack of the tab at `index`.
  mutating func pushScreen(_ screen: ScreenRecord, onto index: Int) {
    tabs[index].push(screen)
    tabOfScreen[screen.id] = tabs[index].id
  }

  /// Pops the stack of the tab at `index` down to its first `keep` screens; returns the handles of
  /// the screens that left, top first.
  mutating func updatingPop(index: Int, keeping keep: Int) -> [Int] {
    for screen in tabs[index].pushed[(keep - 1)...] { tabOfScreen[screen.id] = nil }
    return tabs[index].pop(keeping: keep)
  }

  mutating func setSelection(_ index: Int?) { selectedIndex = index }

  /// Marks the tab at `index` unless it is selected: a selected tab is never marked.
  mutating func mark(_ index: Int, _ change: (inout BarItem) -> Void) {
    guard index != selectedIndex else { return }
    change(&tabs[index].item)
  }

  /// The tab at `index` was selected: its marks go (``BarItem/hasBell``, ``BarItem/hasActivity``).
  /// The driver calls it when it carries out the selection, once a tab was ever marked (see
  /// ``Shell``): selections in a shell without marks pay nothing for them.
  public mutating func clearMarks(at index: Int) {
    guard tabs[index].item.hasBell || tabs[index].item.hasActivity else { return }
    tabs[index].item.hasBell = false
    tabs[index].item.hasActivity = false
  }
  mutating func setPrevious(_ id: String?) { previousTabID = id }
  mutating func setModal(_ screen: ScreenRecord?) { modal = screen }
  mutating func setSwipe(_ swipe: Swipe?) { self.swipe = swipe }
  mutating func setAreaValue(_ area: PaneArea) { self.area = area }
  /// Records a screen of the tab at `index` in the screen index (a pane added).
  mutating func indexScreen(_ id: String, ofTab index: Int) {
    if id != tabs[index].id { tabOfScreen[id] = tabs[index].id }
  }
  /// Takes a screen out of the screen index (a pane closed).
  mutating func unindexScreen(_ id: String) { tabOfScreen[id] = nil }
  mutating func setBar(_ bar: Bar) { self.bar = bar }
  mutating func updateBar(_ change: (inout Bar) -> Void) { change(&bar) }
  mutating func updateTab(at index: Int, _ change: (inout Tab) -> Void) { change(&tabs[index]) }
  mutating func removeAllTabs() -> [Tab] {
    defer {
      tabs = []
      indexByID = [:]
      tabOfScreen = [:]
    }
    return tabs
  }
}
