@_spi(Host) import TabShellKit

/// How to render: the width in columns, the screen's height in rows, and whether to use colour.
///
/// Both sizes are bounded, since a frame allocates its cells: a width or a height past
/// ``maximumWidth`` or ``maximumHeight`` (however it came: `--width`, `$COLUMNS`, a terminal, a
/// script) is drawn at that maximum.
package struct RenderOptions: Sendable, Equatable {
  /// The widest frame drawn: 10,000 columns.
  package static let maximumWidth = 10_000
  /// The tallest screen region drawn: 10,000 rows.
  package static let maximumHeight = 10_000

  /// Columns; no line is ever wider (widths below 1 count as 1, above ``maximumWidth`` as that).
  package var width: Int
  /// Rows for the screen region of a frame (the bar comes under it), at most ``maximumHeight``.
  package var screenHeight: Int
  /// Colour and escape sequences.
  package var color: ColorMode

  /// Makes options.
  package init(width: Int = 80, screenHeight: Int = 8, color: ColorMode = .none) {
    self.width = width
    self.screenHeight = screenHeight
    self.color = color
  }

  /// The width actually used: at least one column, at most ``maximumWidth``.
  var columns: Int { min(max(1, width), Self.maximumWidth) }

  /// The screen region's height actually used: from 0 to ``maximumHeight`` rows.
  var rows: Int { min(max(0, screenHeight), Self.maximumHeight) }
}

/// What the terminal can show.
package enum ColorMode: Sendable, Equatable {
  /// No escape sequences at all.
  case none
  /// 256 colours.
  case ansi256
  /// 24-bit colour.
  case trueColor
}
