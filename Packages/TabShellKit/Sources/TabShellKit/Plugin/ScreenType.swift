/// A kind of screen that a plugin provides, such as `text`.
///
/// The host asks a screen type for new screens with ``makeScreen(_:)`` whenever a tab is added, a
/// screen is pushed or presented, or the action button is tapped.
///
/// Isolation: like ``Screen``, a screen type is used only on the thread that owns the shell.
public protocol ScreenType: AnyObject {
  /// The name scripts use (`add-tab NAME`): a lower-case letter, then lower-case letters, digits and
  /// `-`. A plugin with another name is refused when it is loaded.
  var name: String { get }
  /// One line for `screens` and `help`.
  var summary: String { get }
  /// The title of a new screen when none is given.
  var defaultTitle: String { get }
  /// The bar icon of a tab whose root is a screen of this type.
  var icon: String { get }
  /// The bar icon of that tab when it is selected.
  var selectedIcon: String { get }
  /// Commands that work while a screen of this type is the visible screen. Their names follow the
  /// rule of ``name`` and may not be a built-in command's.
  var commands: [ScreenCommand] { get }
  /// The parameters a new screen takes, each an option declared with its kind
  /// (`CommandOption("--start", .integer, valueName: "N")`): `add-tab TYPE --start 5`, or
  /// `--param start=5`. The host checks each given value against its kind before it asks for the
  /// screen, and ``makeScreen(_:)`` reads it typed (`configuration[Self.start]`). Other
  /// `--param KEY=VALUE`s are passed as words (``ScreenConfiguration/parameters``).
  var parameters: [CommandParameter] { get }
  /// Whether its screens take input: keys, text, pastes and the mouse (``Screen/handle(_:)``). Such a
  /// screen gets the focus in the full-screen mode when it becomes visible, and scripts may `type`
  /// into it. `false` by default.
  var takesInput: Bool { get }
  /// Whether its screens say themselves when an input changed what they show (with
  /// ``ScreenContext/setNeedsDisplay()``), so that the host draws them after an input only then:
  /// a screen whose input goes elsewhere and comes back later (a terminal tab forwards a key to its
  /// program, whose echo asks for the drawing) spares a frame a key. `false` by default: the host
  /// draws a screen after every input it handled.
  var asksToBeDrawnAfterInput: Bool { get }
  /// Whether its screens, handed back the canvas they drew last (``Canvas/keptDrawing``), write
  /// only the rows that changed since and leave the others as they are, so that a host keeping
  /// the canvas from frame to frame copies and encodes only those rows. `false` by default: the
  /// host hands the screen a new, blank canvas each time it draws.
  var drawsOnlyChanges: Bool { get }
  /// Makes a new screen.
  ///
  /// Throwing refuses the screen: the command that asked for it fails with the error's description.
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen
}

extension ScreenType {
  public var summary: String { "" }
  public var defaultTitle: String { name.prefix(1).uppercased() + name.dropFirst() }
  public var icon: String { "•" }
  public var selectedIcon: String { icon }
  public var commands: [ScreenCommand] { [] }
  public var parameters: [CommandParameter] { [] }
  public var takesInput: Bool { false }
  public var asksToBeDrawnAfterInput: Bool { false }
  public var drawsOnlyChanges: Bool { false }
}

/// What the host tells a screen type about the screen it wants.
public struct ScreenConfiguration {
  /// The new screen's id, unique in the shell.
  public var id: String
  /// The new screen's title.
  public var title: String
  /// Extra settings as they were written, by name without the dashes (`text` for the built-in
  /// `text` screen). A declared parameter is better read typed, with the subscript.
  public var parameters: [String: String]
  /// The declared parameters' values, checked by the host, by name without the dashes.
  var values: [String: ArgumentValue] = [:]
  /// The screen's way back to the host: badge, bar, selection, log.
  public var context: ScreenContext

  /// Makes a configuration.
  public init(id: String, title: String, parameters: [String: String] = [:], context: ScreenContext)
  {
    self.id = id
    self.title = title
    self.parameters = parameters
    self.context = context
  }
}

extension ScreenConfiguration {
  /// The value of a parameter the screen type declares (``ScreenType/parameters``), typed: `nil`
  /// when it was not given.
  public subscript<Value>(_ parameter: CommandOption<Value>) -> Value {
    let name = ScreenParameters.key(of: parameter)
    // A configuration made by hand (in a plugin's own tests) holds words only: they are read as
    // the parameter's kind says, and one that is not of it counts as not given.
    let value =
      values[name]
      ?? parameters[name].flatMap { word in
        parameter.spec.kind.flatMap { try? $0.value(of: word) }
      }
    if let typed = parameter.extract(value) { return typed }
    if let absent = parameter.extract(nil) { return absent }
    preconditionFailure("'\(parameter.spec.name)' has no value when it is not given")
  }
}
