/// The TabShell host's model: the one source of truth for the tabs, their stacks, the modal screen and
/// the bar.
///
/// Every change (a tap, a swipe, a script line, a screen's request) is one transaction: it checks what
/// could refuse it (vetoes, a presented modal, a bad reference) before anything changes, then changes the
/// state, runs the lifecycle of the screens in the order of the behaviour contract (SPEC §5), and
/// emits ``ShellEvent``s. Observers get the events in order, after the change is complete; what they do
/// then (including new changes) happens after it.
///
/// The shell does no I/O. Everything it does is visible as state and events.
///
/// Isolation: a shell is not `Sendable`. It belongs to the isolation domain that created it, and so do
/// its screens and plugins.
public final class Shell {
  struct TabRecord {
    /// The tab's id: its root screen's.
    let id: String
    var item: BarItem
    var stack: [ScreenNode]
  }

  var tabRecords: [TabRecord] = []
  /// The selected tab's index; adjusted whenever tabs move so that the selection stays with its tab.
  var selectedIndex: Int?
  var previousSelectedID: String?
  var modal: ScreenNode?
  /// The bar's settings.
  public internal(set) var bar = Bar()

  var lazyIndexByID: [String: Int]?
  var issuedIDs: Set<String> = []
  /// The ids of the screens that exist now.
  var liveIDs: Set<String> = []
  var nextIDSuffix: [String: Int] = [:]

  var registry = Registry()

  var observers: [(token: Int, observe: (ShellEvent) -> Void)] = []
  var shouldSelectHandlers: [(token: Int, owner: String?, decide: (SelectionRequest) -> Bool)] = []
  var nextToken = 0
  var pendingEvents: [ShellEvent] = []
  var pendingRequests: [(request: ScreenRequest, screen: String)] = []
  var isFlushing = false
  var isMakingScreen = false
  var openTransaction: OpenTransaction?
  /// Screens that leave for good in the open transaction, in the order they get `deinit` (top of a
  /// stack first); empty at rest.
  var leavingNodes: [ScreenNode] = []
  /// Events that follow the open transaction's lifecycle (`did-select`, `did-reselect`); empty at
  /// rest.
  var eventsAfter: [ShellEvent] = []
  /// Counts committed transactions, so that a check made before hooks ran can tell whether it still
  /// holds after them.
  var commitCount = 0

  /// Whether ``checkInvariants()`` runs after every transaction: on in debug builds and tests.
  public var checksInvariants = _isDebugAssertConfiguration()

  /// Makes a shell with no tabs and no plugins.
  public init() {}
}

// MARK: - Reading the state

extension Shell {
  /// The number of tabs.
  public var tabCount: Int { tabRecords.count }

  /// The selected tab's position (1-based), or `nil` when there are no tabs.
  public var selectedPosition: Int? { selectedIndex.map { $0 + 1 } }

  /// The tabs, left to right.
  public var tabs: [TabInfo] { tabRecords.indices.map(tabInfo(at:)) }

  /// The tab at a position (1-based).
  public func tab(at position: Int) -> TabInfo? {
    tabRecords.indices.contains(position - 1) ? tabInfo(at: position - 1) : nil
  }

  /// The bar item of the tab at a position (1-based), without building the whole ``TabInfo``.
  public func item(at position: Int) -> BarItem? {
    tabRecords.indices.contains(position - 1) ? tabRecords[position - 1].item : nil
  }

  /// The presented screen, if any.
  public var modalScreen: ScreenInfo? { modal?.info }

  /// The visible screen: the modal one if presented, else the top of the selected tab's stack.
  public var visibleScreen: ScreenInfo? { visibleNode?.info }

  /// The type of the visible screen, for its commands.
  public var visibleScreenType: (any ScreenType)? {
    visibleNode.flatMap { registry.types[$0.typeName]?.type }
  }

  /// Whether the bar is hidden: by ``Bar/isHidden``, or by a screen with `hidesBar` on the selected
  /// tab's stack.
  public var isBarHidden: Bool {
    if bar.isHidden { return true }
    guard let selectedIndex else { return false }
    return tabRecords[selectedIndex].stack.contains { $0.hidesBar }
  }

  /// The id of the previously selected tab (`last-tab` goes there), if it still exists.
  public var previousTabID: String? { previousSelectedID }

  /// What the host knows of a live screen.
  public func screen(id: String) -> ScreenInfo? { node(id: id)?.info }

  /// The plugin's object of a live screen, for screen commands that need their own type.
  public func screenObject(id: String) -> (any Screen)? { node(id: id)?.screen }

  /// Asks the visible screen to draw itself into a canvas.
  public func drawVisibleScreen(in canvas: inout Canvas) {
    visibleNode?.screen.draw(in: &canvas)
  }

  /// Resolves a tab given as a position, an id or a title (tried in that order) to its position.
  public func position(of reference: String) throws(ShellError) -> Int {
    try index(of: reference) + 1
  }

  var visibleNode: ScreenNode? {
    if let modal { return modal }
    guard let selectedIndex else { return nil }
    return tabRecords[selectedIndex].stack.last
  }

  func tabInfo(at index: Int) -> TabInfo {
    let record = tabRecords[index]
    return TabInfo(
      position: index + 1, id: record.id, item: record.item, stack: record.stack.map(\.info))
  }

  func index(of reference: String) throws(ShellError) -> Int {
    if tabRecords.isEmpty { throw .noTabs }
    if let first = reference.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      let position = Int(reference)
    {
      guard tabRecords.indices.contains(position - 1) else {
        throw .positionOutOfRange(position, count: tabRecords.count)
      }
      return position - 1
    }
    if let index = index(ofID: reference) { return index }
    if let index = tabRecords.firstIndex(where: { $0.item.title == reference }) { return index }
    throw .noSuchTab(reference)
  }

  func index(ofID id: String) -> Int? {
    if lazyIndexByID == nil {
      var map: [String: Int] = [:]
      map.reserveCapacity(tabRecords.count)
      for (i, record) in tabRecords.enumerated() { map[record.id] = i }
      lazyIndexByID = map
    }
    return lazyIndexByID?[id]
  }

  func node(id: String) -> ScreenNode? {
    guard liveIDs.contains(id) else { return nil }
    if let modal, modal.id == id { return modal }
    if let i = index(ofID: id) { return tabRecords[i].stack[0] }
    for record in tabRecords {
      if let node = record.stack.first(where: { $0.id == id }) { return node }
    }
    return nil
  }

  /// The tab whose stack holds a screen.
  func tabIndex(holding screenID: String) -> Int? {
    if let i = index(ofID: screenID) { return i }
    return tabRecords.firstIndex { $0.stack.contains { $0.id == screenID } }
  }
}

/// What a tab is, as a value: its place, its bar item and its stack.
public struct TabInfo: Equatable, Sendable {
  /// 1-based, left to right.
  public var position: Int
  /// The tab's stable id (its root screen's id).
  public var id: String
  /// What the bar shows for it.
  public var item: BarItem
  /// Its navigation stack, root first.
  public var stack: [ScreenInfo]
  /// Whether its root screen has loaded (it has been shown).
  public var isLoaded: Bool { stack[0].phase != .created }
}

/// A tab that a tap or swipe asks to select, as should-select handlers see it.
public struct SelectionRequest: Equatable, Sendable {
  /// Its position, 1-based.
  public var position: Int
  /// Its id.
  public var id: String
  /// Its title.
  public var title: String

  /// Makes a request.
  public init(position: Int, id: String, title: String) {
    self.position = position
    self.id = id
    self.title = title
  }
}

extension Shell {
  /// A context for running a command of the visible screen's type on the visible screen.
  public func commandContextForVisibleScreen(output: @escaping (String) -> Void)
    -> ScreenCommandContext?
  {
    guard let node = visibleNode else { return nil }
    return ScreenCommandContext(screen: node.screen, context: node.context, output: output)
  }
}
