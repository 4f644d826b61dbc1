import CVTerm
import TabShellKit

/// What a program reported to its terminal that is no cell: the modes the screen looks at, and a
/// title and a bell kept until taken.
struct TerminalReports {
  /// Whether the program turned mouse reporting on.
  var mouseReporting = false
  /// Whether the program shows the cursor.
  var cursorVisible = true
  /// The cursor's shape the program set last (DECSCUSR, `CSI Ps SP q`); libvterm tells its
  /// shape and whether it blinks, and a blinking block, its reset state, is the default.
  var cursorShape = Canvas.CursorShape.default {
    didSet { cursorShapeCode = UInt8(cursorShape.code) }
  }
  /// ``cursorShape``'s DECSCUSR number.
  private(set) var cursorShapeCode = UInt8(Canvas.CursorShape.default.code)
  /// Whether the cursor blinks, as libvterm said last (DECSCUSR, or mode 12, which alone does not
  /// change the shape passed on).
  var cursorBlinks = true
  /// The title the program set last (OSC 0 or 2), as it wrote it, until taken.
  var title: String?
  /// Whether the program rang the bell since the last look.
  var rang = false
}

/// libvterm's state layer's callbacks into ``TerminalCells``, whose address is their user data.
extension TerminalCells {
  private static func cells(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Self>? {
    user?.assumingMemoryBound(to: Self.self)
  }

  /// The callbacks. A glyph is written in C (`tabshell_cells_putglyph`, in the CVTerm shim): it is
  /// called for every character printed. The cursor is read from the state when drawn; its moves
  /// only say whether the next glyph continues a wrapped line.
  static let stateCallbacks = VTermStateCallbacks(
    putglyph: tabshell_cells_putglyph,
    movecursor: { position, _, _, user in
      cells(user)?.pointee.cursorMoved(to: position)
      return 1
    },
    scrollrect: { rect, downward, rightward, user in
      cells(user)?.pointee.scroll(rect, downward: Int(downward), rightward: Int(rightward))
      return 1
    },
    moverect: nil,
    erase: { rect, selective, user in
      cells(user)?.pointee.erase(rect, selective: selective != 0)
      return 1
    },
    initpen: nil,
    setpenattr: { attribute, value, user in
      guard let value, let cells = cells(user) else { return 0 }
      guard cells.pointee.followsLibvtermPen else { return 1 }
      return cells.pointee.setPen(attribute, value.pointee) ? 1 : 0
    },
    settermprop: { property, value, user in
      guard let value, let cells = cells(user) else { return 0 }
      cells.pointee.set(property, value.pointee)
      return 1
    },
    bell: { user in
      cells(user)?.pointee.reports.pointee.rang = true
      return 1
    },
    resize: { rows, columns, delta, user in
      guard let delta, let cells = cells(user) else { return 0 }
      cells.pointee.resize(rows: Int(rows), columns: Int(columns), delta: &delta.pointee)
      return 1
    },
    setlineinfo: { row, new, old, user in
      guard let new, let old, let cells = cells(user) else { return 0 }
      cells.pointee.setLineInfo(row: Int(row), new: new.pointee, old: old.pointee)
      return 1
    })

  /// Changes the pen as libvterm's state says (SGR, a cursor restored, a reset); whether the
  /// attribute is one the pen has.
  mutating func setPen(_ attribute: VTermAttr, _ value: VTermValue) -> Bool {
    var style = pen
    func set(_ attribute: TerminalStyle.Attributes) {
      if value.boolean != 0 {
        style.attributes.insert(attribute)
      } else {
        style.attributes.remove(attribute)
      }
    }
    switch attribute {
    case VTERM_ATTR_BOLD: set(.bold)
    case VTERM_ATTR_UNDERLINE:
      style.underline = TerminalStyle.Underline(rawValue: UInt8(clamping: value.number)) ?? .single
    case VTERM_ATTR_ITALIC: set(.italic)
    case VTERM_ATTR_BLINK: set(.blink)
    case VTERM_ATTR_REVERSE: set(.reverse)
    case VTERM_ATTR_STRIKE: set(.strikethrough)
    case VTERM_ATTR_FONT: return true
    case VTERM_ATTR_FOREGROUND: style.foreground = TerminalColor(value.color)
    case VTERM_ATTR_BACKGROUND: style.background = TerminalColor(value.color)
    default: return false
    }
    if style != pen { setPen(style) }
    return true
  }

  /// Takes a property the program set: the screen shown, reverse video, and what
  /// ``TerminalReports`` keeps.
  mutating func set(_ property: VTermProp, _ value: VTermValue) {
    switch property {
    case VTERM_PROP_ALTSCREEN: showAlternate(value.boolean != 0)
    case VTERM_PROP_REVERSE:
      if reverse != (value.boolean != 0) { wholeScreenDamaged = true }
      reverse = value.boolean != 0
    case VTERM_PROP_MOUSE: reports.pointee.mouseReporting = value.number != 0
    case VTERM_PROP_CURSORVISIBLE: reports.pointee.cursorVisible = value.boolean != 0
    // DECSCUSR sets whether it blinks, then the shape; a reset does the same.
    case VTERM_PROP_CURSORBLINK: reports.pointee.cursorBlinks = value.boolean != 0
    case VTERM_PROP_CURSORSHAPE:
      reports.pointee.cursorShape = Self.cursorShape(
        Int(value.number), blinks: reports.pointee.cursorBlinks)
    // libvterm 0.1.4 hands over the whole string, ended by a NUL, once the sequence ends.
    case VTERM_PROP_TITLE:
      // String(cString:) repairs what is not UTF-8.
      if let string = value.string { reports.pointee.title = String(cString: string) }
    default: break
    }
  }

  /// The shape of libvterm's VTERM_PROP_CURSORSHAPE value: DECSCUSR's number, a blinking block
  /// (DECSCUSR 0 and 1 alike, and the reset state) the terminal's default.
  static func cursorShape(_ shape: Int, blinks: Bool) -> Canvas.CursorShape {
    switch shape {
    case Int(VTERM_PROP_CURSORSHAPE_UNDERLINE):
      blinks ? .blinkingUnderline : .underline
    case Int(VTERM_PROP_CURSORSHAPE_BAR_LEFT): blinks ? .blinkingBar : .bar
    default: blinks ? .default : .block
    }
  }
}
