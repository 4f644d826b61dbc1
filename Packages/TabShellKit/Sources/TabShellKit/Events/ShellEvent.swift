/// Something that happened in the shell, named as a fact.
///
/// Events are delivered to observers in the order they happened, after the change that caused them
/// is complete (see ``Shell/addObserver(_:)``). Screens are named by id, tabs by position (1-based)
/// and id.
@_spi(Host)
@frozen
public enum ShellEvent: Equatable, Sendable {
  /// A screen was created.
  case `init`(screen: String)
  /// A screen loaded; it runs once, just before its first `viewWillAppear`.
  case viewDidLoad(screen: String)
  /// A screen is about to appear.
  case viewWillAppear(screen: String)
  /// A screen appeared.
  case viewDidAppear(screen: String)
  /// A screen is about to disappear.
  case viewWillDisappear(screen: String)
  /// A screen disappeared.
  case viewDidDisappear(screen: String)
  /// A screen left for good.
  case `deinit`(screen: String)
  /// A user's tap or swipe asks to select a tab; hooks may veto it.
  case shouldSelect(tab: Int, id: String)
  /// A tab became the selection.
  case didSelect(tab: Int, id: String)
  /// The selected tab was tapped again; its stack went back to its root.
  case didReselect(tab: Int, id: String)
  /// A swipe went past the first or the last tab and changed nothing.
  case didBounce(direction: SwipeDirection)
  /// The bar became hidden.
  case barHidden
  /// The bar became visible.
  case barShown
  /// A tab's badge changed; `nil` is no badge.
  case badgeChanged(tab: Int, id: String, value: String?)
  /// The action button was tapped.
  case actionTapped
  /// A tab was added.
  case tabAdded(tab: Int, id: String)
  /// A tab was closed; `tab` is the position it had.
  case tabClosed(tab: Int, id: String)
  /// A tab moved from one position to another.
  case tabMoved(from: Int, to: Int, id: String)
  /// A screen wrote a line with ``ScreenContext/log(_:)``.
  case screenLog(screen: String, message: String)
  /// A screen's callback threw; the screen now shows this failure.
  case screenFailed(screen: String, message: String)
  /// A screen's request could not be carried out.
  case requestFailed(screen: String, message: String)
  /// A screen rang the bell (a terminal's program wrote BEL); `tab` is the position of the tab
  /// that holds it (`nil` for a presented screen).
  case bell(screen: String, tab: Int?)
  /// A screen that is not visible has new content (a terminal's program wrote), once until it is
  /// visible again; `tab` as for ``bell(screen:tab:)``.
  case activity(screen: String, tab: Int?)
  /// What a screen runs ended (a terminal's program) with a status: its exit status, or 128 + N
  /// for a program killed by the signal N, as shells say; `tab` as for ``bell(screen:tab:)``.
  case exited(screen: String, tab: Int?, status: Int)
  /// A pane was split: `screen` is the new pane, `from` the pane split; `tab` the position of
  /// their tab.
  case paneSplit(screen: String, from: String, tab: Int)
  /// A pane closed (its screen leaves for good); `tab` the position of its tab.
  case paneClosed(screen: String, tab: Int)
  /// A tab's focused pane changed to this one.
  case paneFocused(screen: String, tab: Int)
  /// A pane fills its tab alone.
  case paneZoomed(screen: String, tab: Int)
  /// The zoomed pane went back to its place; the others show again.
  case paneUnzoomed(screen: String, tab: Int)
  /// A tab's panes were resized or arranged (`resize-pane`, a border dragged, `layout-panes`).
  case layoutChanged(tab: Int, id: String)
}

/// The direction of a swipe, as the finger moves.
@_spi(Host)
@frozen
public enum SwipeDirection: String, Sendable, CaseIterable {
  /// To the next tab (position + 1).
  case left
  /// To the previous tab (position - 1).
  case right
}

/// The names of the events that `on EVENT` hooks and traces use.
@_spi(Host)
@frozen
public enum EventName: String, Sendable, CaseIterable {
  /// The lifecycle callbacks of a screen, named as the callbacks are.
  case `init`, viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
  /// A screen left for good.
  case `deinit`
  /// ``ShellEvent/shouldSelect(tab:id:)``.
  case shouldSelect = "should-select"
  /// ``ShellEvent/didSelect(tab:id:)``.
  case didSelect = "did-select"
  /// ``ShellEvent/didReselect(tab:id:)``.
  case didReselect = "did-reselect"
  /// ``ShellEvent/didBounce(direction:)``.
  case didBounce = "did-bounce"
  /// ``ShellEvent/barHidden``.
  case barHidden = "bar-hidden"
  /// ``ShellEvent/barShown``.
  case barShown = "bar-shown"
  /// ``ShellEvent/badgeChanged(tab:id:value:)``.
  case badgeChanged = "badge-changed"
  /// ``ShellEvent/actionTapped``.
  case actionTapped = "action-tapped"
  /// ``ShellEvent/tabAdded(tab:id:)``.
  case tabAdded = "tab-added"
  /// ``ShellEvent/tabClosed(tab:id:)``.
  case tabClosed = "tab-closed"
  /// ``ShellEvent/tabMoved(from:to:id:)``.
  case tabMoved = "tab-moved"
  /// ``ShellEvent/screenLog(screen:message:)``.
  case screenLog = "log"
  /// ``ShellEvent/screenFailed(screen:message:)``.
  case screenFailed = "screen-failed"
  /// ``ShellEvent/requestFailed(screen:message:)``.
  case requestFailed = "request-failed"
  /// ``ShellEvent/bell(screen:tab:)``.
  case bell
  /// ``ShellEvent/activity(screen:tab:)``.
  case activity
  /// ``ShellEvent/exited(screen:tab:status:)``.
  case exited
  /// ``ShellEvent/paneSplit(screen:from:tab:)``.
  case paneSplit = "pane-split"
  /// ``ShellEvent/paneClosed(screen:tab:)``.
  case paneClosed = "pane-closed"
  /// ``ShellEvent/paneFocused(screen:tab:)``.
  case paneFocused = "pane-focused"
  /// ``ShellEvent/paneZoomed(screen:tab:)``.
  case paneZoomed = "pane-zoomed"
  /// ``ShellEvent/paneUnzoomed(screen:tab:)``.
  case paneUnzoomed = "pane-unzoomed"
  /// ``ShellEvent/layoutChanged(tab:id:)``.
  case layoutChanged = "layout-changed"
}

@_spi(Host)
extension ShellEvent {
  /// The event's name, as hooks and traces write it.
  public var name: EventName {
    switch self {
    case .`init`: .`init`
    case .viewDidLoad: .viewDidLoad
    case .viewWillAppear: .viewWillAppear
    case .viewDidAppear: .viewDidAppear
    case .viewWillDisappear: .viewWillDisappear
    case .viewDidDisappear: .viewDidDisappear
    case .`deinit`: .`deinit`
    case .shouldSelect: .shouldSelect
    case .didSelect: .didSelect
    case .didReselect: .didReselect
    case .didBounce: .didBounce
    case .barHidden: .barHidden
    case .barShown: .barShown
    case .badgeChanged: .badgeChanged
    case .actionTapped: .actionTapped
    case .tabAdded: .tabAdded
    case .tabClosed: .tabClosed
    case .tabMoved: .tabMoved
    case .screenLog: .screenLog
    case .screenFailed: .screenFailed
    case .requestFailed: .requestFailed
    case .bell: .bell
    case .activity: .activity
    case .exited: .exited
    case .paneSplit: .paneSplit
    case .paneClosed: .paneClosed
    case .paneFocused: .paneFocused
    case .paneZoomed: .paneZoomed
    case .paneUnzoomed: .paneUnzoomed
    case .layoutChanged: .layoutChanged
    }
  }

  /// The screen the event concerns, if any.
  public var screen: String? {
    switch self {
    case .`init`(let s), .viewDidLoad(let s), .viewWillAppear(let s), .viewDidAppear(let s),
      .viewWillDisappear(let s), .viewDidDisappear(let s), .`deinit`(let s):
      s
    case .screenLog(let s, _), .screenFailed(let s, _), .requestFailed(let s, _): s
    case .bell(let s, _), .activity(let s, _), .exited(let s, _, _): s
    case .paneSplit(let s, _, _), .paneClosed(let s, _), .paneFocused(let s, _),
      .paneZoomed(let s, _), .paneUnzoomed(let s, _):
      s
    default: nil
    }
  }

  /// The position of the tab the event concerns, if any (for `tab-moved`, the new position; for
  /// `bell`, `activity` and `exited`, the tab holding the screen).
  public var tab: Int? {
    switch self {
    case .shouldSelect(let t, _), .didSelect(let t, _), .didReselect(let t, _),
      .badgeChanged(let t, _, _), .tabAdded(let t, _), .tabClosed(let t, _):
      t
    case .tabMoved(_, let to, _): to
    case .bell(_, let t), .activity(_, let t), .exited(_, let t, _): t
    case .paneSplit(_, _, let t), .paneClosed(_, let t), .paneFocused(_, let t),
      .paneZoomed(_, let t), .paneUnzoomed(_, let t), .layoutChanged(let t, _):
      t
    default: nil
    }
  }

  /// The id of the tab the event concerns, if any.
  public var tabID: String? {
    switch self {
    case .shouldSelect(_, let id), .didSelect(_, let id), .didReselect(_, let id),
      .badgeChanged(_, let id, _), .tabAdded(_, let id), .tabClosed(_, let id),
      .tabMoved(_, _, let id), .layoutChanged(_, let id):
      id
    default: nil
    }
  }
}
