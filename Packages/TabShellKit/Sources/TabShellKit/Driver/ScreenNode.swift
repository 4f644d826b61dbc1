/// The driver's record of one screen object: the plugin's screen, its context, and where it is in
/// its lifecycle. What the model knows of the screen (id, title...) is its ``ScreenRecord``.
final class ScreenNode {
  let id: String
  let screen: any Screen
  let context: ScreenContext
  /// The parameters it was made with (`--param`, `--text`), kept so that the state can be written
  /// back as the commands that make it.
  let parameters: [String: String]
  private(set) var phase: LifecyclePhase = .created
  /// What went wrong, when a callback threw.
  private(set) var failure: String?

  init(id: String, screen: any Screen, context: ScreenContext, parameters: [String: String]) {
    self.id = id
    self.screen = screen
    self.context = context
    self.parameters = parameters
  }

  var isLoaded: Bool { phase != .created }

  /// Takes one lifecycle step: checks that it is legal, records its event in `events` (made only
  /// when `observed`), and calls the screen.
  ///
  /// A callback that throws marks the screen as failed; the step still counts, so that the
  /// lifecycle stays balanced.
  func step(_ step: LifecycleStep, observed: Bool, into events: inout [ShellEvent]) {
    guard let next = step.next(from: phase) else {
      preconditionFailure("illegal lifecycle step \(step) of '\(id)' in phase \(phase)")
    }
    phase = next
    if observed { events.append(event(for: step)) }
    do {
      switch step {
      case .load: try screen.viewDidLoad()
      case .willAppear: try screen.viewWillAppear()
      case .didAppear: try screen.viewDidAppear()
      case .willDisappear: try screen.viewWillDisappear()
      case .didDisappear: try screen.viewDidDisappear()
      case .retire: screen.willDeinit()
      }
    } catch {
      let message = "\(event(for: step).name.rawValue) failed: \(error)"
      if failure == nil { failure = message }
      if observed { events.append(.screenFailed(screen: id, message: message)) }
    }
  }

  /// Marks the screen as failed from outside its callbacks; `false` when it had failed already
  /// (the first failure is the one it shows).
  func fail(_ message: String) -> Bool {
    guard failure == nil else { return false }
    failure = message
    return true
  }

  /// Forgets the screen's failure: the code behind it was replaced.
  func recover() { failure = nil }

  private func event(for step: LifecycleStep) -> ShellEvent {
    switch step {
    case .load: .viewDidLoad(screen: id)
    case .willAppear: .viewWillAppear(screen: id)
    case .didAppear: .viewDidAppear(screen: id)
    case .willDisappear: .viewWillDisappear(screen: id)
    case .didDisappear: .viewDidDisappear(screen: id)
    case .retire: .deinit(screen: id)
    }
  }
}

/// What the host knows of one screen, as a value: its record and its lifecycle.
@_spi(Host)
public struct ScreenInfo: Equatable, Sendable {
  /// The screen's id.
  public var id: String
  /// The name of its screen type.
  public var type: String
  /// Its title.
  public var title: String
  /// Whether the bar is hidden while it is on the selected tab's stack.
  public var hidesBar: Bool
  /// Where it is in its lifecycle.
  public var phase: LifecyclePhase
  /// What went wrong, when one of its callbacks threw.
  public var failure: String?
  /// The parameters it was made with (`--param KEY=VALUE`, `--text`).
  public var parameters: [String: String] = [:]
}
