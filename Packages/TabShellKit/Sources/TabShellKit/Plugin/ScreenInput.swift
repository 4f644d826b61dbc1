/// One input to a screen whose type takes input (``ScreenType/takesInput``), delivered while it is
/// visible, or to it by name from a script (docs/Contract.md, "Screens you can use"). The screen
/// answers whether it handled it (``Screen/handle(_:)``).
///
/// A kind that can grow: a `switch` over it needs a `default`.
public enum ScreenInput: Equatable, Sendable {
  /// A key with its modifiers (``Key``: `Key(.up)`, `Key("q")`, `Key("c", modifiers: .control)`;
  /// its ``Key/description`` is its name as tmux writes it, `C-c`).
  case key(Key)
  /// Text typed (a word at a time from a script) or pasted (`isPaste`), as it came: a paste may
  /// hold newlines and tabs.
  case text(String, isPaste: Bool)
  /// A mouse event in the screen's region.
  case mouse(MouseInput)
  /// The screen gained (`true`) or lost (`false`) the focus: keys now come to it, or no longer.
  case focus(Bool)
  /// The screen's region is now this many columns and rows.
  case resize(width: Int, height: Int)
}

/// A mouse event in a screen's region, counted from its top-left cell.
public struct MouseInput: Equatable, Sendable {
  /// What the mouse did.
  public enum Action: String, Equatable, Sendable, CaseIterable {
    /// A button went down.
    case press
    /// A button came up.
    case release
    /// The mouse moved with a button down.
    case drag
    /// The wheel turned up (away from the user).
    case wheelUp = "wheel-up"
    /// The wheel turned down.
    case wheelDown = "wheel-down"
  }

  /// Keys held during a mouse event.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt8
    /// Makes modifiers from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Meta (Alt).
    public static let meta = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)

    /// Their names as the plugin protocol writes them: `shift`, `meta`, `control`.
    public var names: [String] {
      [(Self.shift, "shift"), (.meta, "meta"), (.control, "control")]
        .filter { contains($0.0) }.map(\.1)
    }
  }

  /// What the mouse did.
  public var action: Action
  /// The button: 1 left, 2 middle, 3 right (0 for a wheel).
  public var button: Int
  /// The column, from 0 at the region's left.
  public var column: Int
  /// The row, from 0 at the region's top.
  public var row: Int
  /// Keys held.
  public var modifiers: Modifiers

  /// Makes a mouse event.
  public init(
    _ action: Action, button: Int = 1, column: Int, row: Int, modifiers: Modifiers = []
  ) {
    self.action = action
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}
