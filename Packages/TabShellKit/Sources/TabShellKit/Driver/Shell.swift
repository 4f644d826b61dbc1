/// The TabShell host's driver: it holds the ``ShellModel``, the screen objects and the plugins, and
/// carries out every change.
///
/// Each operation is one transaction: the model checks it (a refusal throws ``ShellError`` with
/// nothing changed) and changes, returning a ``Transition``; the driver then applies it: it calls
/// the screens' lifecycle callbacks in the contract's order, retires the screens that left, and
/// records the transition's events (every event comes out of a transition); at the end of the operation the events go to the observers in order, and the requests
/// that screens made meanwhile run, each as a transaction of its own (see docs/Contract.md).
///
/// Nothing re-enters a transaction: plugin code (callbacks, screen types) reaches the shell only
/// through ``ScreenContext``, whose requests wait in a queue; a layout gets a ``LayoutBuilder``
/// only while `apply(layout:)` builds it, and each of its calls is a change of its own, made at
/// once, never inside another; observers only look (the host's hooks queue their commands and run
/// them after the operation); should-select handlers only decide.
///
/// The shell does no I/O. Isolation: a shell is not `Sendable`; it belongs to the isolation domain
/// that created it, and so do its screens and plugins.
@_spi(Host)
public final class Shell {
  /// The state of the tabs, the selection, the modal screen and the bar. Each change counts in
  /// ``changes``; ``reading(_:)`` goes to it without counting.
  public internal(set) var model: ShellModel {
    _read { yield storedModel }
    _modify {
      changes &+= 1
      yield &storedModel
    }
  }
  private var storedModel = ShellModel()
  /// The plugins, their screen types and layouts, and the screen ids ever given out.
  public internal(set) var registry = ScreenRegistry() {
    didSet { changes &+= 1 }
  }
  /// How many times ``model`` or ``registry`` was set: what a host made from them both (a
  /// layout of the bar) holds while this stays the same, and comparing it costs nothing where
  /// comparing the model costs a copy of it.
  public private(set) var changes = 0
  /// ``visiblePanes`` as made at a count of ``changes``: the full-screen mode asks it several
  /// times a frame, and making it builds each pane's record.
  var visiblePanesMade: (changes: Int, panes: ShownPanes?)?
  /// ``visibleFacts()`` as last made.
  var visibleFactsMade: VisibleFacts?

  /// The screen objects, by the handle their records carry; `nil` slots are free. The one thing
  /// the driver keeps of a screen: everything else is its record in ``model``.
  var objects: [ScreenObject?] = []
  var freeHandles: [Int] = []
  /// The id of the screen whose type is making it now: its requests and handlers count as those
  /// of a screen that exists.
  var screenBeingMade: String?
  /// The size of the pane a split is making a screen for, while it makes it: the host starts what
  /// the screen shows (a terminal's program) at that size. `nil` for any other screen.
  public internal(set) var sizeOfScreenBeingMade: ShellModel.PaneArea?

  var observers: [(token: Int, observe: (ShellEvent) -> Void)] = [] {
    didSet { isObserved = !observers.isEmpty || clearsMarks }
  }
  /// Whether a tab was ever marked (a screen's ``ScreenRequest/bell`` or ``ScreenRequest/activity``):
  /// from then on each selection clears its tab's marks, which needs the transitions' selection
  /// events, so that a shell that never had a mark pays nothing for them.
  var clearsMarks = false {
    didSet { isObserved = !observers.isEmpty || clearsMarks }
  }
  /// Whether operations record their events: observers want them, or selections clear marks.
  var isObserved = false
  var shouldSelectHandlers: [(token: Int, owner: String?, decide: (SelectionRequest) -> Bool)] = []
  var nextToken = 0
  /// The events of the operation under way, delivered at its end; empty at rest.
  var events: [ShellEvent] = []
  /// The screens' requests, waiting for the end of the operation under way.
  var requests = RequestQueue()
  /// The generation of the request running now (0 outside requests): how far down a chain of
  /// requests setting each other off the shell is.
  var requestGeneration = 0
  /// Whether a visible screen asked to be drawn again (see ``takeNeedsDisplay()``).
  var needsDisplay = false
  /// The screens' timers, by screen id; each screen's in the order they were set.
  var timers: [String: [PendingTimer]] = [:]
  /// How many timers were set in all: the next one's ``PendingTimer/order``.
  var timersSet = 0
  /// The time now, from a fixed origin: what screens' timers are counted on. A monotonic clock by
  /// default; tests set their own.
  public var clock: () -> Duration = Shell.monotonicNow

  /// Whether ``checkInvariants()`` runs after transactions: on in debug builds and tests. With up to
  /// 64 screens it runs after every one; with n screens, after every n/64-th.
  public var checksInvariants = _isDebugAssertConfiguration()
  /// Transactions since ``checkInvariants()`` last ran.
  var transactionsSinceCheck = 0
  /// How many times ``checkInvariants()`` ran after a transaction (for tests of its cost).
  @_spi(Host) public internal(set) var invariantCheckCount = 0
  /// How many screens' worth of checking a transaction pays for.
  static let invariantCheckBatch = 64

  /// How long a chain of screen requests (each made while the one before it ran) may grow before
  /// the shell stops it (``ShellError/requestRunaway(screen:limit:)``).
  public static let requestLimit = 1_000

  /// How many screen requests may run for one operation in all.
  public static let requestBound = 1_000_000

  /// Makes a shell with no tabs and no plugins.
  public init() {}

  /// What its screens' contexts and layout builders reach it by, in place of a weak reference
  /// (``OwnerLink``: the shell is retained and released dozens of times a key).
  private(set) lazy var link = OwnerLink(self)

  deinit { link.clear() }

  private static let origin = monotonicClockReading()
  /// The time since the first shell was made, on the monotonic clock.
  public static func monotonicNow() -> Duration { monotonicClockReading() - origin }
}

// MARK: - Reading the state

extension Shell {
  /// The number of tabs.
  public var tabCount: Int { storedModel.tabs.count }

  /// The selected tab's position (1-based), or `nil` when there are no tabs.
  public var selectedPosition: Int? { model.selectedIndex.map { $0 + 1 } }

  /// The tabs, left to right.
  public var tabs: [TabInfo] { model.tabs.indices.map(tabInfo(at:)) }

  /// The tab at a position (1-based).
  public func tab(at position: Int) -> TabInfo? {
    position >= 1 && position <= model.tabs.count ? tabInfo(at: position - 1) : nil
  }

  /// The bar item of the tab at a position (1-based), without building the whole ``TabInfo``.
  public func item(at position: Int) -> BarItem? {
    position >= 1 && position <= model.tabs.count ? model.tabs[position - 1].item : nil
  }

  /// The bar's own settings.
  public var bar: Bar { model.bar }

  /// Whether the bar has an action button: ``bar``'s, without copying the rest of it.
  public var hasActionButton: Bool { storedModel.bar.actionButton != nil }

  /// The region the tabs' panes share (``ShellModel/area``), without copying the model.
  public var paneArea: ShellModel.PaneArea { storedModel.area }

  /// What a host measures the panes' region from, in one call and as plain values: whether the
  /// bar shows (not hidden, with a tab or the action button to show), whether it has an action
  /// button, and the size of the region the shell has now (``paneArea``). A host asks it after
  /// each change of the shell; asked one by one, ``isBarHidden``, ``tabCount``,
  /// ``hasActionButton`` and ``paneArea`` cost a call each and copies of resilient values.
  public var paneAreaFacts: (barShown: Bool, hasActionButton: Bool, width: Int, height: Int) {
    let hasActionButton = storedModel.bar.actionButton != nil
    let barShown = !storedModel.isBarHidden && (hasActionButton || !storedModel.tabs.isEmpty)
    return (barShown, hasActionButton, storedModel.area.width, storedModel.area.height)
  }

  /// The presented screen, if any.
  public var modalScreen: ScreenInfo? { model.modal.map(info) }

  /// The visible screen: the modal one if presented, else the top of the selected tab's stack.
  public var visibleScreen: ScreenInfo? { model.visible.map(info) }

  /// The id of the screen on display, if any: ``visibleScreen``'s, without making the rest of it.
  public var visibleScreenID: String? { visibleFacts().id }

  /// The type of the visible screen, for its commands.
  public var visibleScreenType: (any ScreenType)? { visibleFacts().type }

  /// The visible screen's id, type, handle and whether it has loaded, as made at a count of
  /// ``changes`` (the full-screen mode asks them several times a key, and each key it hands the
  /// screen; making them copies the screen's record). An object: a value would be copied at each
  /// ask, its id and its type retained and released.
  final class VisibleFacts {
    let changes: Int
    let id: String?
    let type: (any ScreenType)?
    let handle: Int?
    let isLoaded: Bool

    init(changes: Int, id: String?, type: (any ScreenType)?, handle: Int?, isLoaded: Bool) {
      self.changes = changes
      self.id = id
      self.type = type
      self.handle = handle
      self.isLoaded = isLoaded
    }
  }

  func visibleFacts() -> VisibleFacts {
    if let made = visibleFactsMade, made.changes == changes { return made }
    let record = storedModel.visible
    let facts = VisibleFacts(
      changes: changes, id: record?.id, type: record.flatMap { registry.types[$0.type]?.type },
      handle: record?.handle, isLoaded: record?.isLoaded ?? false)
    visibleFactsMade = facts
    return facts
  }

  /// The type registered under `name` (a screen's ``ScreenInfo/type``), if any: one lookup, where
  /// ``screenTypes`` makes the list of every type.
  public func screenType(named name: String) -> (any ScreenType)? {
    registry.types[name]?.type
  }

  /// Whether the bar is hidden: by ``Bar/isHidden``, or by a screen with `hidesBar` on the
  /// selected tab's stack.
  public var isBarHidden: Bool { storedModel.isBarHidden }

  /// The id of the previously selected tab (`last-tab` goes there), if it still exists.
  public var previousTabID: String? { model.previousTabID }

  /// What the host knows of a screen that exists.
  public func screen(id: String) -> ScreenInfo? { model.screen(id: id).map(info) }

  /// Asks a screen that exists to draw itself into a canvas.
  public func draw(screen id: String, in canvas: inout Canvas) {
    guard let record = model.screen(id: id) else { return }
    object(record.handle).screen.draw(in: &canvas)
  }

  /// Whether a screen of this id exists (or is being made).
  public func isLive(_ id: String) -> Bool {
    model.contains(screen: id) || id == screenBeingMade
  }

  /// Whether an id is taken: a live screen's (``isLive(_:)``), or a tab's, which keeps its first
  /// root's id after that pane closed.
  func isTaken(_ id: String) -> Bool {
    model.isTaken(id) || id == screenBeingMade
  }

  /// The ids given out in this run whose screens are gone, sorted: the shell never gives them out
  /// again, so a script that rebuilds the state claims them too, for the ids made after it to match.
  public var retiredIDs: [String] {
    registry.retiredIDs { model.contains(screen: $0) }
  }

  /// Resolves a tab given as a position, an id or a title to its position.
  public func position(of reference: TabReference) throws(ShellError) -> Int {
    try reading { model throws(ShellError) in try model.index(of: reference) } + 1
  }

  /// Reads the model without copying it: a call of a model method through the property copies the
  /// whole value (a retain of each of its references), which a command's hot path cannot afford.
  /// `body` only reads: what it changed would not count in ``changes``.
  @inline(__always)
  func reading<T>(_ body: (inout ShellModel) throws(ShellError) -> T) throws(ShellError) -> T {
    try body(&storedModel)
  }

  @inline(__always)
  func object(_ handle: Int) -> ScreenObject {
    guard let object = objects[handle] else {
      preconditionFailure("no screen object for \(handle)")
    }
    return object
  }

  func info(_ record: ScreenRecord) -> ScreenInfo {
    ScreenInfo(
      id: record.id, type: record.type, title: record.title, hidesBar: record.hidesBar,
      phase: record.phase, failure: record.failure, parameters: record.parameters)
  }

  func tabInfo(at index: Int) -> TabInfo {
    let tab = model.tabs[index]
    return TabInfo(
      position: index + 1, id: tab.id, item: tab.item, stack: tab.stack.map(info),
      panes: tab.panes.count > 1 ? tab.panes.map(info) : [])
  }
}

/// What a tab is, as a value: its place, its bar item and its stack.
@_spi(Host)
public struct TabInfo: Equatable, Sendable {
  /// 1-based, left to right.
  public var position: Int
  /// The tab's stable id (its root screen's id).
  public var id: String
  /// What the bar shows for it.
  public var item: BarItem
  /// Its navigation stack, root first: the focused pane, then the screens pushed over the panes.
  public var stack: [ScreenInfo]
  /// Its panes, left to right and top to bottom, when it has more than one; else empty.
  public var panes: [ScreenInfo] = []
  /// Whether its root screen has loaded (it has been shown).
  public var isLoaded: Bool { stack[0].phase != .created }
}
