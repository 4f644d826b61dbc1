/// One screen as the model knows it: its id, type, title, whether it hides the bar, and the
/// driver's handle for the object behind it.
@_spi(Host)
@frozen
public struct ScreenRecord: Equatable, Sendable {
  /// The screen's id, unique among the screens that exist.
  public var id: String
  /// The name of its screen type.
  public var type: String
  /// Its title.
  public var title: String
  /// Whether the bar is hidden while this screen is on the selected tab's stack.
  public var hidesBar: Bool
  /// What the driver uses to find the screen's object; the model only carries it.
  public var handle: Int

  /// Makes a record.
  public init(id: String, type: String, title: String, hidesBar: Bool = false, handle: Int) {
    self.id = id
    self.type = type
    self.title = title
    self.hidesBar = hidesBar
    self.handle = handle
  }
}

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
  /// A tab: its bar item and its navigation stack (root first, never empty).
  @frozen
  public struct Tab: Equatable, Sendable {
    /// What the bar shows for it.
    public var item: BarItem
    /// Its stack, root first.
    public private(set) var stack: [ScreenRecord]
    /// How many screens of the stack hide the bar: the bar's hidden state is read in constant time.
    private(set) var hidingCount: Int

    init(root: ScreenRecord, item: BarItem) {
      self.item = item
      stack = [root]
      hidingCount = root.hidesBar ? 1 : 0
    }

    /// The tab's stable id: its root screen's.
    public var id: String { stack[0].id }
    /// The top of its stack.
    public var top: ScreenRecord { stack[stack.count - 1] }
    /// The handle of the top of its stack.
    var topHandle: Int { stack[stack.count - 1].handle }
    /// Whether a screen of its stack hides the bar.
    public var hidesBar: Bool { hidingCount > 0 }

    mutating func push(_ screen: ScreenRecord) {
      stack.append(screen)
      if screen.hidesBar { hidingCount += 1 }
    }

    /// Removes every screen above the first `keep`; returns their handles, top first.
    mutating func pop(keeping keep: Int) -> [Int] {
      let removed = stack[keep...]
      hidingCount -= removed.reduce(0) { $0 + ($1.hidesBar ? 1 : 0) }
      let handles = removed.reversed().map(\.handle)
      stack.removeSubrange(keep...)
      return handles
    }

    mutating func update(screenAt index: Int, _ change: (inout ScreenRecord) -> Void) {
      let hid = stack[index].hidesBar
      change(&stack[index])
      if hid != stack[index].hidesBar { hidingCount += hid ? -1 : 1 }
    }
  }

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
  public internal(set) var bar = Bar()
  /// The interactive swipe under way, if any.
  public private(set) var swipe: Swipe?
  /// Tab ids to indices, kept in step with ``tabs``.
  private var indexByID: [String: Int] = [:]

  /// An empty model: no tabs, the bar shown.
  public init() {}

  public static func == (a: ShellModel, b: ShellModel) -> Bool {
    a.tabs == b.tabs && a.selectedIndex == b.selectedIndex && a.previousTabID == b.previousTabID
      && a.modal == b.modal && a.bar == b.bar && a.swipe == b.swipe
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

  /// The index of a tab given as a position, an id or a title (tried in that order).
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
      if let index = tabs.firstIndex(where: { $0.item.title == name }) { return index }
      throw .noSuchTab(name, suggestion: suggestion(for: name))
    }
  }

  /// The closest tab id or title to `name`, for "did you mean"; only for a bar a person reads
  /// (at most 1,000 tabs) and a name of three letters or more.
  func suggestion(for name: String) -> String? {
    // A one- or two-letter name is close to every other: no guess.
    guard tabs.count <= 1_000, name.count >= 3 else { return nil }
    return closestMatch(to: name, in: tabs.flatMap { [$0.id, $0.item.title] })
  }

  /// The index of the tab whose stack holds a screen.
  public func tabIndex(holding screenID: String) -> Int? {
    if let index = indexByID[screenID] { return index }
    return tabs.firstIndex { $0.stack.contains { $0.id == screenID } }
  }

  /// A screen that exists: in a stack, or presented.
  public func screen(id: String) -> ScreenRecord? {
    if let modal, modal.id == id { return modal }
    guard let index = tabIndex(holding: id) else { return nil }
    return tabs[index].stack.first { $0.id == id }
  }

  /// Every screen that exists: each tab's stack, root first, then the presented one.
  public var allScreens: [ScreenRecord] {
    tabs.flatMap(\.stack) + (modal.map { [$0] } ?? [])
  }
}

// MARK: - The machinery the operations share

extension ShellModel {
  /// What a transition is measured against: the visible screen and the bar before a change.
  struct Start {
    let visible: Int?
    let barHidden: Bool
  }

  @inline(__always)
  var start: Start { Start(visible: visibleHandle, barHidden: isBarHidden) }

  /// The transition from `start` to now.
  func transition(
    from start: Start, events: [ShellEvent] = [], gone: [Int] = [],
    selection: Transition.Selection? = nil
  ) -> Transition {
    let now = visibleHandle
    let lifecycle: Transition.Lifecycle =
      start.visible == now ? .none : .change(from: start.visible, to: now)
    let hidden = isBarHidden
    return Transition(
      events: events, lifecycle: lifecycle, gone: gone, selection: selection,
      barHidden: hidden == start.barHidden ? nil : hidden)
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
    if index == tabs.count - 1 {
      indexByID[tab.id] = index
    } else {
      reindex(from: index)
    }
  }

  mutating func removeTab(at index: Int) -> Tab {
    let tab = tabs.remove(at: index)
    indexByID[tab.id] = nil
    reindex(from: index)
    return tab
  }

  /// Brings the id index up to date for the tabs from `index` on.
  private mutating func reindex(from index: Int) {
    for i in index..<tabs.count { indexByID[tabs[i].id] = i }
  }

  mutating func setSelection(_ index: Int?) { selectedIndex = index }
  mutating func setPrevious(_ id: String?) { previousTabID = id }
  mutating func setModal(_ screen: ScreenRecord?) { modal = screen }
  mutating func setSwipe(_ swipe: Swipe?) { self.swipe = swipe }
  mutating func updateTab(at index: Int, _ change: (inout Tab) -> Void) { change(&tabs[index]) }
  mutating func removeAllTabs() -> [Tab] {
    defer {
      tabs = []
      indexByID = [:]
    }
    return tabs
  }
}
