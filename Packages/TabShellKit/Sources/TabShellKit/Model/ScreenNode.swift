/// The host's record of one screen: the plugin's object and what the host knows of it.
final class ScreenNode {
  let id: String
  let typeName: String
  var title: String
  /// Whether the bar is hidden while this screen is on the selected tab's stack.
  var hidesBar: Bool
  let screen: any Screen
  let context: ScreenContext
  private(set) var phase: LifecyclePhase = .created
  /// What went wrong, when a callback threw.
  var failure: String?

  init(
    id: String, typeName: String, title: String, hidesBar: Bool, screen: any Screen,
    context: ScreenContext
  ) {
    self.id = id
    self.typeName = typeName
    self.title = title
    self.hidesBar = hidesBar
    self.screen = screen
    self.context = context
  }

  var isLoaded: Bool { phase != .created }

  /// Takes one lifecycle step: checks it is legal, calls the screen, and reports the event to the
  /// shell (the event is made only when the shell has observers).
  ///
  /// A callback that throws marks the screen as failed; the step still counts, so the lifecycle stays
  /// balanced.
  func step(_ step: LifecycleStep, in shell: Shell) {
    guard let next = step.next(from: phase) else {
      preconditionFailure("illegal lifecycle step \(step) of '\(id)' in phase \(phase)")
    }
    phase = next
    if shell.isObserved { shell.emit(eventFor(step)) }
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
      let message = "\(eventFor(step).name.rawValue) failed: \(error)"
      if failure == nil { failure = message }
      shell.emit(.screenFailed(screen: id, message: message))
    }
  }

  private func eventFor(_ step: LifecycleStep) -> ShellEvent {
    switch step {
    case .load: .viewDidLoad(screen: id)
    case .willAppear: .viewWillAppear(screen: id)
    case .didAppear: .viewDidAppear(screen: id)
    case .willDisappear: .viewWillDisappear(screen: id)
    case .didDisappear: .viewDidDisappear(screen: id)
    case .retire: .deinit(screen: id)
    }
  }

  var info: ScreenInfo {
    ScreenInfo(
      id: id, type: typeName, title: title, hidesBar: hidesBar, phase: phase, failure: failure)
  }
}

/// What the host knows of one screen, as a value.
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
}
