@_spi(Host) import TabShellKit

/// How to render: the terminal's size in columns and rows, the rows kept free at its bottom, and
/// whether to use colour.
///
/// Both sizes are bounded, since a frame allocates its cells: a width or a height past
/// ``maximumWidth`` or ``maximumHeight`` (however it came: `--width`, `$COLUMNS`, a terminal, a
/// script's `size`) is drawn at that maximum.
package struct RenderOptions: Sendable, Equatable {
  /// The widest frame drawn: 10,000 columns.
  package static let maximumWidth = 10_000
  /// The tallest frame drawn: 10,000 rows.
  package static let maximumHeight = 10_000
  /// The most cells of a frame: a terminal wider and taller than that (10,000 × 10,000 is 10⁸
  /// cells, gigabytes of grids) is drawn with fewer rows.
  package static let maximumCells = 1_000_000

  /// Columns; no line is ever wider (widths below 1 count as 1, above ``maximumWidth`` as that).
  package var width: Int
  /// Rows of the terminal a frame fills: the screen area, then the bar (at least 1, at most
  /// ``maximumHeight``).
  package var height: Int
  /// Rows at the bottom of ``height`` that the frame leaves free: the full-screen mode's command
  /// line; 0 for `show`.
  package var reservedRows: Int
  /// Colour and escape sequences.
  package var color: ColorMode
  /// The attributes the terminal shows beyond the common ones (the full-screen mode's frames).
  package var styleFeatures = TerminalStyleFeatures.standard
  /// How the bar is drawn: its full three rows (and the page's header), or one status row
  /// (`set bar`).
  package var bar = BarStyle.full

  /// Makes options: 80 × 24 without colour unless said otherwise.
  package init(width: Int = 80, height: Int = 24, reservedRows: Int = 0, color: ColorMode = .none) {
    self.width = width
    self.height = height
    self.reservedRows = reservedRows
    self.color = color
  }

  /// The width actually used: at least one column, at most ``maximumWidth``.
  package var columns: Int { min(max(1, width), Self.maximumWidth) }

  /// The height actually used: at least one row, at most ``maximumHeight``, and no more than
  /// ``maximumCells`` in all.
  package var rows: Int {
    min(max(1, height), Self.maximumHeight, max(1, Self.maximumCells / columns))
  }

  /// The reserved rows actually used: none below 0.
  var reservedRowsUsed: Int { max(0, reservedRows) }
}

/// What the terminal can show (docs/Contract.md, "The canvas").
package enum ColorMode: Sendable, Equatable {
  /// No escape sequences at all: output that is not a terminal (a pipe, a file, `expect frame`)
  /// or `TERM=dumb`. Text only; the layout says what colour would.
  case none
  /// No colour, but the attributes (bold, dim, italic, underline, reverse, strikethrough):
  /// `NO_COLOR` or `--no-color` on a terminal, or a terminal without colours (`vt100`).
  case monochrome
  /// The 8 basic colours (SGR 30–37 and 40–47): each colour becomes the nearest of them.
  case ansi8
  /// The 16 colours (SGR 30–37, 90–97 and their backgrounds): indexed 0–15 as they are, every
  /// other colour the nearest of the 16.
  case ansi16
  /// 256 colours: 24-bit ones become the nearest palette entry.
  case ansi256
  /// 24-bit colour.
  case trueColor

  /// Whether colours are sent at all.
  package var hasColor: Bool { self != .none && self != .monochrome }
}
