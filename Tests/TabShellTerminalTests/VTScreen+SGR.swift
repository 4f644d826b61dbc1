import TabShellTerminal

extension VTScreen {
  /// SGR as xterm reads it: attributes (strikethrough included) on and off, the 8 + 8 colours, 256-colour and RGB forms.
  mutating func selectGraphicRendition(_ values: [Int]) {
    let values = values.isEmpty ? [0] : values
    var index = 0
    let attributes: [Int: CellAttributes] = [
      1: .bold, 2: .dim, 3: .italic, 4: .underline, 7: .reverse, 9: .strikethrough,
    ]
    while index < values.count {
      let value = values[index]
      index += 1
      switch value {
      case 0: pen = .plain
      case 22: pen.attributes.subtract([.bold, .dim])
      case 23: pen.attributes.remove(.italic)
      case 24: pen.attributes.remove(.underline)
      case 27: pen.attributes.remove(.reverse)
      case 29: pen.attributes.remove(.strikethrough)
      case 30...37: pen.foreground = .palette(UInt8(value - 30))
      case 40...47: pen.background = .palette(UInt8(value - 40))
      case 90...97: pen.foreground = .palette(UInt8(value - 90 + 8))
      case 100...107: pen.background = .palette(UInt8(value - 100 + 8))
      case 39: pen.foreground = .default
      case 49: pen.background = .default
      case 38, 48:
        guard let (color, used) = extendedColor(values, at: index) else {
          problems.append("SGR \(values)")
          return
        }
        index += used
        if value == 38 { pen.foreground = color } else { pen.background = color }
      default:
        if let attribute = attributes[value] {
          pen.attributes.insert(attribute)
        } else {
          problems.append("SGR \(value)")
        }
      }
    }
  }

  private func extendedColor(_ values: [Int], at index: Int) -> (CellColor, Int)? {
    guard index < values.count else { return nil }
    switch values[index] {
    case 5:
      guard index + 1 < values.count, let entry = UInt8(exactly: values[index + 1]) else {
        return nil
      }
      return (.palette(entry), 2)
    case 2:
      guard index + 3 < values.count,
        let red = UInt8(exactly: values[index + 1]), let green = UInt8(exactly: values[index + 2]),
        let blue = UInt8(exactly: values[index + 3])
      else { return nil }
      return (.rgb(red, green, blue), 4)
    default:
      return nil
    }
  }
}
