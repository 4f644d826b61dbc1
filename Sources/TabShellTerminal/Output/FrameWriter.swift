import TabShellKit
import TabShellRendering

/// The bytes that turn the terminal's screen from one grid into the next: only the cells that
/// changed, with few cursor moves, one buffer for one `write`.
///
/// The full-screen loop keeps the grid it wrote last. For each frame it builds the next grid,
/// asks ``frame(from:to:cursor:)`` for the bytes, writes them with one `write(2)` and keeps the new
/// grid. `previous` must be what the screen shows in the grid's area: pass `nil` after entering the
/// full-screen mode, after a resize, after `fg`, or whenever something else may have drawn there;
/// the frame then redraws every row. Rows outside the grid (readline's line under it) are never
/// touched, except for the final cursor move.
///
/// - Moves: the shortest of `CUP` (`ESC [ row ; col H`) and a relative move (`CUU`/`CUD` for the
///   row, then CR, BS, `CHA`, `CUB` or `CUF`); along a row, a short run of unchanged cells is
///   written again when that is shorter than `CUF`. After the last column the position is taken as
///   unknown (the terminal's pending wrap), so the next move is a `CUP`. No move ever scrolls.
/// - Rows moved sideways (two pages sliding with a drag) are moved on the screen with `DCH`
///   (`ESC [ n P`) or `ICH` (`ESC [ n @`), found by comparing the rows, and only the cells that
///   still differ are written.
/// - Erasing: the blank tail of a row (plain blanks to its end) is erased with `EL` (`ESC [ K`)
///   when more than a few of its cells changed.
/// - Styles: SGR only where the style changes; attributes only added need no reset, one taken
///   away resets the pen (SGR 0) and sets again what stays. In ``ColorMode/monochrome`` (and
///   ``ColorMode/none``) colours are dropped but every attribute is kept (bold, dim, italic,
///   underline and its shape, reverse, strikethrough, blink, conceal, overline): `NO_COLOR` asks
///   for no colour, and reverse video is how a colourless selection or cursor shows. What the
///   terminal lacks (``styleFeatures``) is left out. In ``ColorMode/ansi256`` RGB colours become the nearest
///   palette entry, in ``ColorMode/ansi16`` and ``ColorMode/ansi8`` every other colour the nearest
///   of the 16 or the 8.
/// - Wide characters are written whole from their left cell, never half.
/// - The frame ends with the SGR reset (when it set a style), the cursor at ``Cursor`` (for
///   readline, on its row) and shown or hidden as asked, and its shape (DECSCUSR, `ESC [ Ps SP q`)
///   when the terminal takes it (``TerminalStyleFeatures/cursorShape``) and the cursor shows with
///   another shape than the last frame left (in a frame drawn whole, another than the default). While cells are drawn the cursor is hidden
///   and, with ``synchronizedUpdate``, the frame is one synchronized update (DEC mode 2026), which
///   terminals without it ignore. A frame with no change is only the cursor move.
package struct FrameWriter: Sendable {
  /// Which colours the terminal gets.
  package var colorMode: ColorMode
  /// Which attributes beyond bold, italic, underline, reverse and strikethrough it gets (the rest
  /// left out: a single underline for another shape, a blank for a concealed cell).
  package var styleFeatures = TerminalStyleFeatures.standard
  /// Whether changes are wrapped in `ESC [ ? 2026 h` … `ESC [ ? 2026 l`.
  package var synchronizedUpdate: Bool

  /// Makes a writer.
  package init(colorMode: ColorMode, synchronizedUpdate: Bool = true) {
    self.colorMode = colorMode
    self.synchronizedUpdate = synchronizedUpdate
  }

  /// Where the cursor is left after a frame, 0-based (it may be outside the grid: on readline's
  /// row under it), and whether it shows.
  package struct Cursor: Hashable, Sendable {
    /// The column, from 0.
    package var column: Int
    /// The row, from 0.
    package var row: Int
    /// Whether the cursor shows.
    package var isVisible: Bool
    /// Its shape's DECSCUSR number, while it shows (a hidden cursor leaves the terminal's as it
    /// was). Kept as a number, not as the core's resilient ``TabShellKit/Canvas/CursorShape``: a
    /// field of a type whose layout is the core's to change would make this a type copied through
    /// value witnesses, and so the frame encoder that holds it (ten times the instructions of a
    /// frame of one changed cell).
    package var shapeCode: UInt8

    /// Its shape, while it shows.
    package var shape: Canvas.CursorShape {
      get { Canvas.CursorShape(code: Int(shapeCode)) ?? .default }
      set { shapeCode = UInt8(newValue.code) }
    }

    /// Makes a cursor position, its shape given by its DECSCUSR number (0, the default: a
    /// terminal tab's is its emulator's number; the frames of each echo make theirs without the
    /// core's resilient shape).
    package init(column: Int, row: Int, isVisible: Bool = true, shapeCode: UInt8 = 0) {
      self.column = column
      self.row = row
      self.isVisible = isVisible
      self.shapeCode = shapeCode
    }

    /// Makes a cursor position of a shape.
    package init(column: Int, row: Int, isVisible: Bool = true, shape: Canvas.CursorShape) {
      self.init(column: column, row: row, isVisible: isVisible, shapeCode: UInt8(shape.code))
    }

    /// A canvas's cursor: where a screen placed it and its shape.
    package init(_ cursor: Canvas.Cursor) {
      self.init(column: cursor.column, row: cursor.row, shape: cursor.shape)
    }
  }

  /// The bytes of one frame: from `previous` (what the screen shows; `nil` to redraw every row) to
  /// `next`. A `previous` of another size counts as `nil`.
  package func frame(from previous: CellGrid?, to next: CellGrid, cursor: Cursor) -> [UInt8] {
    var bytes: [UInt8] = []
    write(from: previous, to: next, cursor: cursor, into: &bytes)
    return bytes
  }

  /// Appends one frame's bytes to `buffer` (to reuse its storage from frame to frame). With
  /// `only`, the caller knows that the other rows of `next` are those of `previous`: only these
  /// rows are compared (rows given in order, top first, each once). With `shown`, where the frame
  /// of `previous` left the cursor (and the pen plain, as every frame leaves it): the frame starts
  /// from there, and one that only writes cells one after the other from a cursor that showed,
  /// leaving it showing after them, is those cells alone (no synchronized update, no cursor
  /// hidden and shown again: a program's echo).
  package func write(
    from previous: CellGrid?, to next: CellGrid, cursor: Cursor, into buffer: inout [UInt8],
    only: [Int]? = nil, shown: Cursor? = nil
  ) {
    // Not `flatMap`: its closure copied the grid through the runtime's value witnesses.
    let old: CellGrid? =
      if let previous, previous.columns == next.columns, previous.rows == next.rows {
        previous
      } else {
        nil
      }
    buffer.reserveCapacity(buffer.count + (old == nil ? next.cells.count * 2 : 256))
    var encoder = FrameEncoder(
      from: old, to: next, mode: colorMode, features: styleFeatures,
      synchronized: synchronizedUpdate, output: [], shown: shown)
    // The encoder appends to the caller's buffer, without a copy.
    swap(&encoder.output, &buffer)
    encoder.encode(cursor: cursor, only: only)
    swap(&encoder.output, &buffer)
  }
}
