@_spi(Host) import TabShellKit

/// How to render: the width in columns, the screen's height in rows, and whether to use colour.
package struct RenderOptions: Sendable, Equatable {
  /// Columns; no line is ever wider (widths below 1 count as 1).
  package var width: Int
  /// Rows for the screen region of a frame (the bar comes under it).
  package var screenHeight: Int
  /// Colour and escape sequences.
  package var color: ColorMode

  /// Makes options.
  package init(width: Int = 80, screenHeight: Int = 8, color: ColorMode = .none) {
    self.width = width
    self.screenHeight = screenHeight
    self.color = color
  }

  /// The width actually used: at least one column.
  var columns: Int { max(1, width) }
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
