extension Canvas {
  /// How the terminal's cursor looks: a block, an underline or a bar, blinking or steady, or the
  /// terminal's own default (what its user set).
  ///
  /// The shapes are DECSCUSR's (`CSI Ps SP q`), which xterm, tmux and most terminals take: ``code``
  /// is its number. A struct over that number rather than an enum, so that a shape added later
  /// breaks no plugin.
  public struct CursorShape: Hashable, Sendable, CustomStringConvertible {
    /// DECSCUSR's number: 0 the terminal's default, 1 a blinking block, 2 a steady block, 3 a
    /// blinking underline, 4 a steady underline, 5 a blinking bar, 6 a steady bar.
    public let code: Int

    /// The shape of DECSCUSR's number `code`, or `nil` for a number that is no shape (past 6).
    public init?(code: Int) {
      guard (0...6).contains(code) else { return nil }
      self.code = code
    }

    private init(known code: Int) { self.code = code }

    /// The terminal's own cursor, as its user set it (DECSCUSR 0).
    public static let `default` = CursorShape(known: 0)
    /// A blinking block (1).
    public static let blinkingBlock = CursorShape(known: 1)
    /// A steady block (2).
    public static let block = CursorShape(known: 2)
    /// A blinking underline (3).
    public static let blinkingUnderline = CursorShape(known: 3)
    /// A steady underline (4).
    public static let underline = CursorShape(known: 4)
    /// A blinking bar, a vertical line at the cell's left (5).
    public static let blinkingBar = CursorShape(known: 5)
    /// A steady bar (6).
    public static let bar = CursorShape(known: 6)

    /// The shape's name: `default`, `blinking-block`, `block`, `blinking-underline`, `underline`,
    /// `blinking-bar`, `bar`.
    public var description: String {
      [
        "default", "blinking-block", "block", "blinking-underline", "underline", "blinking-bar",
        "bar",
      ][code]
    }
  }
}
