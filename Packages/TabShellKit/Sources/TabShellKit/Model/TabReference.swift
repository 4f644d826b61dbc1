/// A tab as a user names it: by its position (1-based), or by a name that is its id or its title.
///
/// `"2"` is the position 2; `"inbox"` is whichever tab has the id `inbox`, else the title `inbox`.
/// A word is a position when it starts with a digit and is a whole number (ids are never only
/// digits), so `"99999999999999999999"` (too large for a number) is a name that matches no tab.
@_spi(Host)
@frozen
public enum TabReference: Hashable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// A position, 1-based.
  case position(Int)
  /// An id, else a title.
  case name(String)

  /// Reads a reference as a user wrote it.
  public init(_ text: String) {
    if let first = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      let position = Int(text)
    {
      self = .position(position)
    } else {
      self = .name(text)
    }
  }

  /// Reads a reference written as a literal, as ``init(_:)`` does.
  public init(stringLiteral value: String) { self.init(value) }

  /// Reads a reference written as an interpolated literal, as ``init(_:)`` does.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }

  /// The reference as a user would write it.
  public var description: String {
    switch self {
    case .position(let position): String(position)
    case .name(let name): name
    }
  }
}
