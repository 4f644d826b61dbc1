import TabShellKit

extension InputParser {
  /// An SGR mouse report (mode 1006): `ESC [ < B ; COL ; ROW M` for a press or a motion, `m` for a
  /// release.
  static func sgrMouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> InputEvent.Kind {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
      let fields = numbers(parameters), fields.count == 3,
      let code = fields[0], let column = fields[1], let row = fields[2],
      let event = mouse(code: code, column: column, row: row, release: final == UInt8(ascii: "m"))
    else { return .unknown }
    return .mouse(event)
  }

  /// An X10 mouse report (`ESC [ M` and three bytes, each value plus 32), sent by a terminal that
  /// does not know SGR reports. A release does not say which button.
  static func x10Mouse(_ bytes: ArraySlice<UInt8>) -> InputEvent.Kind {
    let values = bytes.map { Int($0) - 32 }
    guard values[0] >= 0,
      let event = mouse(code: values[0], column: values[1], row: values[2], release: false)
    else { return .unknown }
    return .mouse(event)
  }

  /// The event for a button code (xterm's bits: 0–2 the button, 3 none; +4 Shift, +8 Alt,
  /// +16 Ctrl, +32 motion, +64 wheel, +128 extra buttons), or `nil` for a position before 1,1.
  private static func mouse(code: Int, column: Int, row: Int, release: Bool) -> MouseEvent? {
    guard column >= 1, row >= 1 else { return nil }
    var modifiers = Key.Modifiers(rawValue: 0)
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.meta) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    if code & 128 != 0 {
      let button = MouseEvent.Button.extra(8 + low + (code & 64 != 0 ? 4 : 0))
      let action: MouseEvent.Action = release ? .release : code & 32 != 0 ? .drag : .press
      return MouseEvent(action, button: button, column: column, row: row, modifiers: modifiers)
    }
    if code & 64 != 0 {
      // Terminals do not release the wheel; a release report for it means nothing.
      guard !release else { return nil }
      let actions: [MouseEvent.Action] = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight]
      return MouseEvent(actions[low], column: column, row: row, modifiers: modifiers)
    }
    let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none]
    let button = buttons[low]
    let action: MouseEvent.Action =
      if code & 32 != 0 {
        button == .none ? .move : .drag
      } else if release || button == .none {
        .release
      } else {
        .press
      }
    return MouseEvent(action, button: button, column: column, row: row, modifiers: modifiers)
  }
}
