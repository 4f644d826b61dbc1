extension ShellModel {
  /// A tab: its bar item, its panes (the screens of its root level, shown side by side as its
  /// ``layout`` says) and the screens pushed over them (docs/Contract.md, "Split screens").
  ///
  /// A tab has one pane until it is split. Its ``stack`` is what it always was, read from the
  /// root: the focused pane, then the pushed screens; the tab's ``id`` is the one its first root
  /// screen had, kept when that pane closes.
  @frozen
  public struct Tab: Equatable, Sendable {
    /// What the bar shows for it.
    public var item: BarItem
    /// The tab's stable id: its first root screen's.
    public let id: String
    /// The panes' screens, in the layout's order (left to right, top to bottom); never empty.
    public private(set) var panes: [ScreenRecord]
    /// How the panes share the tab's region.
    public private(set) var layout: PaneLayout
    /// The focused pane's index in ``panes``: what commands without `--to` reach.
    public private(set) var focus: Int
    /// Whether its title was given (`--title`, `rename-tab`): else it follows its focused pane's.
    public internal(set) var keepsTitle: Bool
    /// Whether the focused pane fills the tab alone (`zoom`); the others are not shown.
    public private(set) var isZoomed = false
    /// The screens pushed over the panes, bottom first.
    public private(set) var pushed: [ScreenRecord] = []
    /// The panes' handles, the most recently focused last: a move between panes goes, among
    /// several beside the focused one, to the one focused last (as tmux's).
    private(set) var focusHistory: [Int]
    /// How many of its screens hide the bar: the bar's hidden state is read in constant time.
    private(set) var hidingCount: Int

    init(root: ScreenRecord, item: BarItem, area: PaneArea) {
      self.item = item
      id = root.id
      panes = [root]
      layout = PaneLayout(pane: root.handle, width: area.width, height: area.height)
      focus = 0
      focusHistory = [root.handle]
      keepsTitle = root.keepsTitle
      hidingCount = root.hidesBar ? 1 : 0
    }

    /// Its navigation stack, root first: the focused pane, then the pushed screens.
    public var stack: [ScreenRecord] { [panes[focus]] + pushed }
    /// How many screens its stack holds (the focused pane and those pushed).
    public var depth: Int { pushed.count + 1 }
    /// The focused pane's screen.
    public var focused: ScreenRecord { panes[focus] }
    /// The top of its stack: the last screen pushed, else the focused pane.
    public var top: ScreenRecord { pushed.last ?? panes[focus] }
    /// The handle of the top of its stack, read in place (`pushed.last` would copy the record).
    var topHandle: Int { pushed.isEmpty ? panes[focus].handle : pushed[pushed.count - 1].handle }
    /// The handle of the focused pane's screen, read in place.
    var focusedHandle: Int { panes[focus].handle }
    /// Whether a screen of its stack hides the bar.
    public var hidesBar: Bool { hidingCount > 0 }
    /// Every screen it holds: the panes, then the pushed screens.
    public var screens: [ScreenRecord] { panes + pushed }

    /// The handles of the screens shown when the tab is the visible one: the top of the pushed
    /// screens, else the zoomed pane, else every pane.
    public var shownHandles: [Int] {
      if let top = pushed.last { return [top.handle] }
      if isZoomed || panes.count == 1 { return [panes[focus].handle] }
      return panes.map(\.handle)
    }

    /// Whether more than one screen shows when it is the visible tab.
    @inline(__always)
    var showsSeveral: Bool { pushed.isEmpty && !isZoomed && panes.count > 1 }

    /// One of its screens (a pane or a pushed one), by id.
    func screen(id: String) -> ScreenRecord? {
      panes.first { $0.id == id } ?? pushed.first { $0.id == id }
    }

    /// The index of the pane whose screen has this handle.
    func paneIndex(ofHandle handle: Int) -> Int? { panes.firstIndex { $0.handle == handle } }

    /// The index of the pane whose screen has this id.
    public func paneIndex(ofID id: String) -> Int? { panes.firstIndex { $0.id == id } }

    /// The size each pane's screen has: its frame in the layout, the zoomed pane the whole tab.
    public var paneSizes: [Int: PaneArea] {
      var sizes: [Int: PaneArea] = [:]
      for frame in layout.frames {
        sizes[frame.pane] = PaneArea(width: frame.width, height: frame.height)
      }
      if isZoomed {
        sizes[panes[focus].handle] = PaneArea(width: layout.width, height: layout.height)
      }
      return sizes
    }

    mutating func push(_ screen: ScreenRecord) {
      pushed.append(screen)
      if screen.hidesBar { hidingCount += 1 }
    }

    /// Removes every screen above the first `keep` of the stack (at least the focused pane);
    /// returns their handles, top first.
    mutating func pop(keeping keep: Int) -> [Int] {
      let removed = pushed[(keep - 1)...]
      hidingCount -= removed.reduce(0) { $0 + ($1.hidesBar ? 1 : 0) }
      let handles = removed.reversed().map(\.handle)
      pushed.removeSubrange((keep - 1)...)
      return handles
    }

    /// Changes the screen at a place of the stack (0: the focused pane).
    @inline(__always)
    mutating func update(screenAt depth: Int, _ change: (inout ScreenRecord) -> Void) {
      if depth == 0 { updatePane(at: focus, change) } else { updatePushed(at: depth - 1, change) }
    }

    @inline(__always)
    mutating func updatePane(at index: Int, _ change: (inout ScreenRecord) -> Void) {
      let hid = panes[index].hidesBar
      change(&panes[index])
      if hid != panes[index].hidesBar { hidingCount += hid ? -1 : 1 }
    }

    @inline(__always)
    mutating func updatePushed(at index: Int, _ change: (inout ScreenRecord) -> Void) {
      let hid = pushed[index].hidesBar
      change(&pushed[index])
      if hid != pushed[index].hidesBar { hidingCount += hid ? -1 : 1 }
    }

    /// Adds a pane's screen at `index` of ``panes``, with the layout that places it.
    mutating func insertPane(_ screen: ScreenRecord, at index: Int, layout: PaneLayout) {
      panes.insert(screen, at: index)
      if index <= focus, panes.count > 1 { focus += 1 }
      self.layout = layout
      if screen.hidesBar { hidingCount += 1 }
    }

    /// Removes the pane at `index`, with the layout left without it; the focus stays on its pane,
    /// or, when it was this one, goes to the pane focused last before it. Returns its screen.
    mutating func removePane(at index: Int, layout: PaneLayout) -> ScreenRecord {
      let screen = panes.remove(at: index)
      self.layout = layout
      if screen.hidesBar { hidingCount -= 1 }
      focusHistory.removeAll { $0 == screen.handle }
      if index < focus {
        focus -= 1
      } else if index == focus {
        let last = focusHistory.last.flatMap(paneIndex(ofHandle:))
        focus = last ?? min(index, panes.count - 1)
      }
      return screen
    }

    /// Focuses the pane at `index`.
    mutating func setFocus(_ index: Int) {
      focus = index
      let handle = panes[index].handle
      focusHistory.removeAll { $0 == handle }
      focusHistory.append(handle)
    }

    /// The pane among `handles` focused last, else the first of them.
    func lastFocused(among handles: [Int]) -> Int? {
      focusHistory.last(where: handles.contains) ?? handles.first
    }

    mutating func setLayout(_ layout: PaneLayout) { self.layout = layout }
    mutating func setZoomed(_ zoomed: Bool) { isZoomed = zoomed }
  }

  /// A region's size in cells: the tabs' panes are laid out in it.
  @frozen
  public struct PaneArea: Equatable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }
}
