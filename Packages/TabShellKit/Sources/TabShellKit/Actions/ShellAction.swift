/// One input to the shell, as a value: a command, a tap or a click, a swipe or a drag, a key's
/// command, a layout's step, a screen's request. Every change goes through one entry point,
/// ``Shell/send(_:)``, as The Composable Architecture's actions go through a reducer: the model
/// checks and changes, returning a ``Transition``, and the shell carries it out.
///
/// Nothing is turned into text on the way in: a host makes the action a command or a gesture
/// stands for, and prints it (a recording writes the command that makes it again).
@_spi(Host)
@frozen
public enum ShellAction: Equatable, Sendable {
  /// A user's tap on a tab (should-select handlers; the selected tab is a reselect).
  case tap(TabReference)
  /// A programmatic selection (no handlers; the selected tab changes nothing).
  case select(TabReference)
  /// A tap on the previously selected tab.
  case selectLastTab
  /// A swipe, `left` to the next tab; `cancelled` abandons it half-way.
  case swipe(SwipeDirection, cancelled: Bool)
  /// An interactive swipe starts (a drag the page follows).
  case beginSwipe(SwipeDirection)
  /// The interactive swipe under way ends, committed or cancelled.
  case endSwipe(commit: Bool)
  /// A tab whose root is a new screen.
  indirect case addTab(NewTab)
  /// A tab closes.
  case closeTab(TabReference)
  /// A tab moves to a position (1-based).
  case moveTab(TabReference, to: Int)
  /// A tab is renamed.
  case renameTab(TabReference, to: String)
  /// A tab's badge is set, or cleared with `nil`.
  case setBadge(TabReference, to: String?)
  /// A tab is enabled or disabled.
  case setEnabled(TabReference, Bool)
  /// The bar's own hidden flag.
  case setBarHidden(Bool)
  /// The bar is shown when hidden, else hidden.
  case toggleBar
  /// How the bar lays out and colours its items.
  indirect case setAppearance(BarAppearance)
  /// The centre action button, presenting a screen of a type.
  indirect case setActionButton(type: String, title: String?, icon: String?)
  /// The action button is removed.
  case removeActionButton
  /// A tap on the action button.
  case tapActionButton
  /// A new screen onto the selected tab's stack.
  indirect case push(NewScreen)
  /// The top of the selected tab's stack leaves.
  case pop
  /// The selected tab's stack goes back to its root.
  case popToRoot
  /// A new screen presented modally.
  indirect case present(NewScreen)
  /// The presented screen leaves.
  case dismiss
  /// Everything closes: the state a layout starts from.
  case reset
  /// The tabs are replaced with a layout.
  case applyLayout(String)
  /// A screen's request (``ScreenRequest/kind``), made by the screen of this id.
  indirect case request(ScreenRequest.Kind, from: String)
  /// An input (a key, text, a paste, a mouse event, the focus, a size) to the screen of this id,
  /// or to the visible one for `nil`; its type must take input.
  indirect case input(ScreenInput, to: String?)
  /// A pane (this id's, else the selected tab's focused one) is split; the new screen goes after
  /// it, `size` along the axis (half by default).
  indirect case split(pane: String?, axis: PaneLayout.Axis, size: PaneSize?, screen: NewScreen)
  /// A pane closes (the tab's last closes the tab).
  case closePane(String?)
  /// A pane is focused: this one, or the one beside it (or beside the focused one) that way.
  case selectPane(String?, toward: PaneLayout.Direction?)
  /// The border on one side of a pane moves this many cells that way.
  case resizePane(String?, side: PaneLayout.Direction, cells: Int)
  /// A border of a tab moves (a drag on it).
  indirect case moveBorder(PaneLayout.Border, tab: TabReference, by: Int)
  /// A pane fills its tab alone, or its tab is unzoomed.
  case zoom(String?)
  /// The panes of a pane's tab (the selected tab's for `nil`) are arranged anew.
  case arrangePanes(String?, PaneLayout.Arrangement)
  /// The region the tabs' panes share is now this size (the host's layout changed).
  case setArea(ShellModel.PaneArea)
}

/// A tab to add: the type of its root screen and what it is given.
@_spi(Host)
@frozen
public struct NewTab: Equatable, Sendable {
  /// The root screen.
  public var screen: NewScreen
  /// The bar item's icon, and its icon when selected (default: the type's).
  public var icon: String?
  /// The bar item's icon when the tab is selected.
  public var selectedIcon: String?
  /// Where it goes (1-based); `nil` for the end.
  public var position: Int?

  /// Makes a tab to add.
  public init(
    _ screen: NewScreen, icon: String? = nil, selectedIcon: String? = nil, at position: Int? = nil
  ) {
    self.screen = screen
    self.icon = icon
    self.selectedIcon = selectedIcon
    self.position = position
  }
}

/// A screen to make: its type, its id and title (default: from the type), whether it hides the bar
/// (pushed screens), and its creation parameters.
@_spi(Host)
@frozen
public struct NewScreen: Equatable, Sendable {
  /// The screen type's name.
  public var type: String
  /// Its id; `nil` for one made from the type's name.
  public var id: String?
  /// Its title; `nil` for the type's default.
  public var title: String?
  /// Whether the bar hides while it is on the selected tab's stack (pushed screens only).
  public var hidesBar: Bool
  /// Its creation parameters.
  public var parameters: [String: String]

  /// Makes a screen to make.
  public init(
    type: String, id: String? = nil, title: String? = nil, hidesBar: Bool = false,
    parameters: [String: String] = [:]
  ) {
    self.type = type
    self.id = id
    self.title = title
    self.hidesBar = hidesBar
    self.parameters = parameters
  }
}

/// What an action did, for the host that sent it.
@_spi(Host)
@frozen
public enum ActionOutcome: Equatable, Sendable {
  /// It was carried out.
  case done
  /// A tap or a swipe: selected, reselected, vetoed, bounced or cancelled.
  case selection(SelectionOutcome)
  /// A screen was made: the id of the tab added, or of the screen pushed or presented.
  case screen(String)
  /// An interactive swipe started toward a tab, or (`nil`) bounced.
  case swipe(SwipeTarget?)
  /// A screen's request could not be carried out (recorded as `request-failed`): why.
  case requestFailed(String)
  /// An input was delivered: whether the screen handled it.
  case input(handled: Bool)
  /// A move to the pane beside: whether there was one (`false`: at the tab's edge, nothing
  /// changed).
  case pane(found: Bool)
  /// A border was dragged: how far it moved.
  case moved(Int)
}
