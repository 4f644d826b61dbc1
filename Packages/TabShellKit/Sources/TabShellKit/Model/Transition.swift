/// What follows a change of the model: what the ``Shell`` must do, in this order.
///
/// 1. ``events``: the facts of the change itself (`init` of a screen made for it, `tab-added`,
///    `tab-closed`, `badge-changed`...).
/// 2. ``lifecycle``: the callbacks of the screens whose visibility changed (docs/Contract.md,
///    "Lifecycle").
/// 3. ``gone``: the screens that left for good, in the order they get `deinit` (top of a stack
///    first).
/// 4. ``resized``: the panes' screens shown at a new size get a `resize` input; then ``after``:
///    the events that follow them (a pane focused).
/// 5. ``selection``: `did-select` or `did-reselect` (of the tab at an index), once the new screen has
///    appeared.
/// 6. ``barHidden``: `bar-hidden` or `bar-shown`, when the bar's visibility changed.
///
/// A model operation returns it, as the state machines of SwiftNIO's handlers return actions: the
/// model says what should happen, the driver does it. Every event the shell records comes out of a
/// transition; the model has already moved each screen's ``ScreenRecord/phase`` as the lifecycle
/// says, and the driver only calls the screens' callbacks and records their events.
@_spi(Host)
@frozen
public struct Transition: Equatable, Sendable {
  /// The lifecycle callbacks a change calls for.
  @frozen
  public enum Lifecycle: Equatable, Sendable {
    /// No screen starts or stops being visible.
    case none
    /// The visible screen changes from one screen (or none) to another (or none):
    /// `to.viewDidLoad` (when `loads`: the first time it appears), `to.viewWillAppear`,
    /// `from.viewWillDisappear`, `from.viewDidDisappear`, `to.viewDidAppear`. Screens are given by
    /// their handles.
    case change(from: Int?, to: Int?, loads: Bool)
    /// An interactive swipe begins: `toward.viewDidLoad` (when `loads`), `toward.viewWillAppear`,
    /// `from.viewWillDisappear`.
    case swipeBegan(from: Int, toward: Int, loads: Bool)
    /// It completes: `from.viewDidDisappear`, `to.viewDidAppear`.
    case swipeCommitted(from: Int, to: Int)
    /// It is abandoned: `from.viewWillAppear`, `from.viewDidAppear`, `toward.viewWillDisappear`,
    /// `toward.viewDidDisappear`.
    case swipeCancelled(from: Int, toward: Int)
    /// Several screens start or stop being visible (a tab of panes): these callbacks, in order.
    /// A change makes every screen that appears load (the first time) and will-appear, then every
    /// screen that disappears will-disappear and did-disappear, one after another, then the ones
    /// that appear did-appear, each group in the panes' order; a swipe takes the same steps as
    /// ``swipeBegan(from:toward:loads:)`` and the others, one screen of a side after another.
    indirect case calls([LifecycleCall])
  }

  /// A pane's screen is shown at a new size: the driver tells it with a `resize` input.
  @frozen
  public struct Resize: Equatable, Sendable {
    /// The screen's handle.
    public var handle: Int
    /// Its new width.
    public var width: Int
    /// Its new height.
    public var height: Int

    /// Makes one.
    public init(handle: Int, width: Int, height: Int) {
      self.handle = handle
      self.width = width
      self.height = height
    }
  }

  /// A selection that follows the lifecycle: the index of the tab (after the change).
  @frozen
  public enum Selection: Equatable, Sendable {
    /// The tab became the selection (`did-select`).
    case selected(Int)
    /// The selected tab was tapped again (`did-reselect`).
    case reselected(Int)
  }

  /// The events of the change itself, before any lifecycle callback.
  public var events: [ShellEvent]
  /// The lifecycle callbacks to run.
  public var lifecycle: Lifecycle
  /// The screens that left for good (their handles), in `deinit` order.
  public var gone: [Int]
  /// The panes' screens shown at a new size, after the departures: told with a `resize` input.
  public var resized: [Resize] = []
  /// The events that follow the lifecycle and the sizes (a pane's focus), before the selection.
  public var after: [ShellEvent] = []
  /// `did-select` or `did-reselect`, after the lifecycle.
  public var selection: Selection?
  /// The bar's new hidden state, when it changed.
  public var barHidden: Bool?

  /// Makes a transition.
  public init(
    events: [ShellEvent] = [], lifecycle: Lifecycle = .none, gone: [Int] = [],
    selection: Selection? = nil, barHidden: Bool? = nil
  ) {
    self.events = events
    self.lifecycle = lifecycle
    self.gone = gone
    self.selection = selection
    self.barHidden = barHidden
  }

  /// Nothing follows.
  public static let none = Transition()
}
