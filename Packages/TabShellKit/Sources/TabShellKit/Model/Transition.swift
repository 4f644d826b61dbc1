/// What follows a change of the model: what the ``Shell`` must do, in this order.
///
/// 1. ``events``: the facts of the change itself (`tab-added`, `tab-closed`, `badge-changed`...).
/// 2. ``lifecycle``: the callbacks of the screens whose visibility changed (docs/Contract.md,
///    "Lifecycle").
/// 3. ``gone``: the screens that left for good, in the order they get `deinit` (top of a stack
///    first).
/// 4. ``selection``: `did-select` or `did-reselect`, once the new screen has appeared.
/// 5. ``barHidden``: `bar-hidden` or `bar-shown`, when the bar's visibility changed.
///
/// A model operation returns it, as the state machines of SwiftNIO's handlers return actions: the
/// model says what should happen, the driver does it.
@_spi(Host)
public struct Transition: Equatable, Sendable {
  /// The lifecycle callbacks a change calls for.
  @frozen
  public enum Lifecycle: Equatable, Sendable {
    /// No screen starts or stops being visible.
    case none
    /// The visible screen changes from one screen (or none) to another (or none):
    /// `to.viewDidLoad` (the first time), `to.viewWillAppear`, `from.viewWillDisappear`,
    /// `from.viewDidDisappear`, `to.viewDidAppear`.
    case change(from: ScreenRecord?, to: ScreenRecord?)
    /// An interactive swipe begins: `toward.viewDidLoad` (the first time),
    /// `toward.viewWillAppear`, `from.viewWillDisappear`.
    case swipeBegan(from: ScreenRecord, toward: ScreenRecord)
    /// It completes: `from.viewDidDisappear`, `to.viewDidAppear`.
    case swipeCommitted(from: ScreenRecord, to: ScreenRecord)
    /// It is abandoned: `from.viewWillAppear`, `from.viewDidAppear`, `toward.viewWillDisappear`,
    /// `toward.viewDidDisappear`.
    case swipeCancelled(from: ScreenRecord, toward: ScreenRecord)
  }

  /// The events of the change itself, before any lifecycle callback.
  public var events: [ShellEvent]
  /// The lifecycle callbacks to run.
  public var lifecycle: Lifecycle
  /// The screens that left for good, in `deinit` order.
  public var gone: [ScreenRecord]
  /// `did-select` or `did-reselect`, after the lifecycle.
  public var selection: ShellEvent?
  /// The bar's new hidden state, when it changed.
  public var barHidden: Bool?

  /// Makes a transition.
  public init(
    events: [ShellEvent] = [], lifecycle: Lifecycle = .none, gone: [ScreenRecord] = [],
    selection: ShellEvent? = nil, barHidden: Bool? = nil
  ) {
    self.events = events
    self.lifecycle = lifecycle
    self.gone = gone
    self.selection = selection
    self.barHidden = barHidden
  }

  /// Nothing follows.
  public static let none = Transition()

  /// The events of the whole transition in order, lifecycle callbacks included, as observers see
  /// them when no callback fails and no screen was loaded before (for tests of the model alone).
  public func eventNames(loaded: Set<String> = []) -> [ShellEvent] {
    var all = events
    func load(_ screen: ScreenRecord) {
      if !loaded.contains(screen.id) { all.append(.viewDidLoad(screen: screen.id)) }
    }
    switch lifecycle {
    case .none: break
    case .change(let from, let to):
      if let to {
        load(to)
        all.append(.viewWillAppear(screen: to.id))
      }
      if let from {
        all += [.viewWillDisappear(screen: from.id), .viewDidDisappear(screen: from.id)]
      }
      if let to { all.append(.viewDidAppear(screen: to.id)) }
    case .swipeBegan(let from, let toward):
      load(toward)
      all += [.viewWillAppear(screen: toward.id), .viewWillDisappear(screen: from.id)]
    case .swipeCommitted(let from, let to):
      all += [.viewDidDisappear(screen: from.id), .viewDidAppear(screen: to.id)]
    case .swipeCancelled(let from, let toward):
      all += [
        .viewWillAppear(screen: from.id), .viewDidAppear(screen: from.id),
        .viewWillDisappear(screen: toward.id), .viewDidDisappear(screen: toward.id),
      ]
    }
    all += gone.map { .`deinit`(screen: $0.id) }
    if let selection { all.append(selection) }
    if let barHidden { all.append(barHidden ? .barHidden : .barShown) }
    return all
  }
}
