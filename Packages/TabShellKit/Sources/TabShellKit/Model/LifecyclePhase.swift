/// Where a screen is in its life: a small state machine.
///
/// ```
/// created ──load──▶ disappeared ──willAppear──▶ appearing ──didAppear──▶ appeared
///    │                  ▲   ▲                     │    ▲                    │
///    │                  │   └──didDisappear── disappearing ◀──willDisappear─┘
///    │                  │                         │    └──willAppear (a cancelled swipe)
///    └──────────────────┴─────deinit──▶ gone      └◀── willDisappear from appearing
/// ```
///
/// Any other step is a bug in the host, caught by a precondition.
@_spi(Host)
@frozen
public enum LifecyclePhase: String, Sendable, CaseIterable {
  /// Made, never loaded.
  case created
  /// Loaded and not on screen.
  case disappeared
  /// Between `viewWillAppear` and `viewDidAppear`.
  case appearing
  /// The visible screen.
  case appeared
  /// Between `viewWillDisappear` and `viewDidDisappear`.
  case disappearing
  /// Left for good.
  case gone
}

/// A lifecycle step the host takes on a screen: the model moves the screen's phase by it, the
/// driver calls the screen's callback and records its event.
@_spi(Host)
@frozen
public enum LifecycleStep: Equatable, Sendable {
  /// `viewDidLoad`.
  case load
  /// `viewWillAppear`.
  case willAppear
  /// `viewDidAppear`.
  case didAppear
  /// `viewWillDisappear`.
  case willDisappear
  /// `viewDidDisappear`.
  case didDisappear
  /// `deinit`.
  case retire

  /// The event that says this step was taken on a screen.
  func event(screen id: String) -> ShellEvent {
    switch self {
    case .load: .viewDidLoad(screen: id)
    case .willAppear: .viewWillAppear(screen: id)
    case .didAppear: .viewDidAppear(screen: id)
    case .willDisappear: .viewWillDisappear(screen: id)
    case .didDisappear: .viewDidDisappear(screen: id)
    case .retire: .deinit(screen: id)
    }
  }

  /// The phase after this step from `phase`, or `nil` when the step is illegal there.
  @inline(__always)
  func next(from phase: LifecyclePhase) -> LifecyclePhase? {
    switch (self, phase) {
    case (.load, .created): .disappeared
    case (.willAppear, .disappeared), (.willAppear, .disappearing): .appearing
    case (.didAppear, .appearing): .appeared
    case (.willDisappear, .appeared), (.willDisappear, .appearing): .disappearing
    case (.didDisappear, .disappearing): .disappeared
    case (.retire, .created), (.retire, .disappeared): .gone
    default: nil
    }
  }
}

/// One lifecycle callback of a transition: a step on the screen of a handle.
@_spi(Host)
@frozen
public struct LifecycleCall: Equatable, Sendable {
  /// The screen's handle.
  public var handle: Int
  /// The step.
  public var step: LifecycleStep

  /// Makes one.
  public init(_ step: LifecycleStep, _ handle: Int) {
    self.handle = handle
    self.step = step
  }
}
