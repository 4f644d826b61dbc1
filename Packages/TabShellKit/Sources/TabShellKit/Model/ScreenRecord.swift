/// One screen as the model knows it: its id, type, title, whether it hides the bar, the parameters
/// it was made with, where it is in its lifecycle and its failure; and the driver's handle for the
/// object behind it.
///
/// The record is the one store of what the shell knows of a screen: the driver keeps only the
/// object itself (the plugin's screen and its context), found by ``handle``.
@_spi(Host)
@frozen
public struct ScreenRecord: Equatable, Sendable {
  /// The screen's id, unique among the screens that exist.
  public var id: String
  /// The name of its screen type.
  public var type: String
  /// Its title.
  public var title: String
  /// Whether its title was given (`--title`, `rename-tab`, a plugin's push): a title the screen
  /// gives itself (``ScreenRequest/setTitle(_:)``) does not replace it.
  public var keepsTitle = false
  /// Whether the bar is hidden while this screen is on the selected tab's stack.
  public var hidesBar: Bool
  /// The parameters it was made with (`--param`, `--text`), kept so that the state can be written
  /// back as the commands that make it.
  public var parameters: [String: String]
  /// Where it is in its lifecycle: the model moves it as the transitions it returns say.
  public internal(set) var phase: LifecyclePhase
  /// What went wrong, when one of its callbacks threw or the host marked it failed; the first
  /// failure is the one it keeps (and shows instead of its content).
  public internal(set) var failure: String?
  /// What the driver uses to find the screen's object; the model only carries it.
  public var handle: Int

  /// Makes a record of a screen just made (``LifecyclePhase/created``, no failure) or, for tests,
  /// of one at another point of its life.
  public init(
    id: String, type: String, title: String, hidesBar: Bool = false,
    parameters: [String: String] = [:], phase: LifecyclePhase = .created, failure: String? = nil,
    handle: Int
  ) {
    self.id = id
    self.type = type
    self.title = title
    self.hidesBar = hidesBar
    self.parameters = parameters
    self.phase = phase
    self.failure = failure
    self.handle = handle
  }

  /// Whether it has loaded (it has been shown).
  public var isLoaded: Bool { phase != .created }

  /// Takes one lifecycle step: the phase moves, or, when the step is not legal in this phase, the
  /// program stops (a bug in the host, never the user's doing).
  @inline(__always)
  mutating func take(_ step: LifecycleStep) {
    guard let next = step.next(from: phase) else {
      preconditionFailure("illegal lifecycle step \(step) of '\(id)' in phase \(phase)")
    }
    phase = next
  }
}
