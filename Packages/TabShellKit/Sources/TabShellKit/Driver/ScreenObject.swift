/// What the driver keeps of one screen: what cannot be a value, the plugin's screen object and its
/// context. Everything the shell knows of the screen (its title, its lifecycle phase, its failure,
/// its parameters) is its ``ScreenRecord`` in the model.
///
/// A class, so that the driver's lookup of a screen per lifecycle step costs one retain, not one
/// for each of its fields.
final class ScreenObject {
  /// The screen's id, as its record has it (the driver names the screen in events by it).
  let id: String
  let screen: any Screen
  let context: ScreenContext

  init(id: String, screen: any Screen, context: ScreenContext) {
    self.id = id
    self.screen = screen
    self.context = context
  }

  /// Calls the screen's callback for a lifecycle step; what it threw, in words
  /// (`viewWillAppear failed: …`), or `nil`. Always inlined: called out of line, as the driver's
  /// selection grew, it cost about 28 instructions a call, 72 a navigation command.
  @inline(__always)
  func call(_ step: LifecycleStep) -> String? {
    do {
      switch step {
      case .load: try screen.viewDidLoad()
      case .willAppear: try screen.viewWillAppear()
      case .didAppear: try screen.viewDidAppear()
      case .willDisappear: try screen.viewWillDisappear()
      case .didDisappear: try screen.viewDidDisappear()
      case .retire: screen.willDeinit()
      }
      return nil
    } catch {
      return "\(step.event(screen: id).name.rawValue) failed: \(error)"
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
