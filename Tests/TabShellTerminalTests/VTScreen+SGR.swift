import TabShellTerminal

extension VTScreen {
  /// SGR as xterm reads it: attributes (strikethrough, blink, conceal, overline included) on and
  /// off, the underline's shapes (`4:N`), the 8 + 8 colours, 256-colour and RGB forms, the
  /// underline's colour in its colon forms (`58:5:N`, `58:2::R:G:B`).
  mutating func selectGraphicRendition(_ parameters: String) {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    let values = fields.map { $0.contains(":") ? nil : Int($0) ?? 0 }
    guard !parameters.isEmpty else {
      pen = .plain
      return
    }
    var index = 0
    let attributes: [Int: CellAttributes] = [
      1: .bold, 2: .dim, 3: .italic, 4: .underline, 7: .reverse, 9: .strikethrough, 5: .blink,
      8: .conceal,
    ]
    while index < values.count {
      guard let value = values[index] else {
        colonGroup(fields[index].split(separator: ":", omittingEmptySubsequences: false))
        index += 1
        continue
      }
      index += 1
      switch value {
      case 0: pen = .plain
      case 4:
        pen.attributes.insert(.underline)
        pen.underlineShape = 1
      case 22: pen.attributes.subtract([.bold, .dim])
      case 23: pen.attributes.remove(.italic)
      case 24:
        // The underline's colour stays, as terminals keep it.
        pen.attributes.remove(.underline)
        pen.underlineShape = 1
      case 25: pen.attributes.remove(.blink)
      case 27: pen.attributes.remove(.reverse)
      case 28: pen.attributes.remove(.conceal)
      case 29: pen.attributes.remove(.strikethrough)
      case 53: pen.isOverlined = true
      case 55: pen.isOverlined = false
      case 59: pen.underlineColor = .default
      case 30...37: pen.foreground = .palette(UInt8(value - 30))
      case 40...47: pen.background = .palette(UInt8(value - 40))
      case 90...97: pen.foreground = .palette(UInt8(value - 90 + 8))
      case 100...107: pen.background = .palette(UInt8(value - 100 + 8))
      case 39: pen.foreground = .default
      case 49: pen.background = .default
      case 38, 48:
        guard let (color, used) = extendedColor(values, at: index) else {
          problems.append("SGR \(parameters)")
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

  /// A parameter with colons: an underline's shape, or the underline's colour.
  private mutating func colonGroup(_ parts: [Substring]) {
    let numbers = parts.map { Int($0) }
    switch numbers.first {
    case 4 where numbers.count == 2:
      guard let shape = numbers[1], (1...5).contains(shape) else {
        return problems.append("SGR 4:\(parts.dropFirst())")
      }
      pen.attributes.insert(.underline)
      pen.underlineShape = UInt8(shape)
    case 58 where numbers.count == 3 && numbers[1] == 5:
      guard let entry = numbers[2].flatMap({ UInt8(exactly: $0) }) else {
        return problems.append("SGR 58:5")
      }
      pen.underlineColor = .palette(entry)
    case 58 where numbers.count == 6 && numbers[1] == 2 && parts[2].isEmpty:
      guard let red = numbers[3].flatMap({ UInt8(exactly: $0) }),
        let green = numbers[4].flatMap({ UInt8(exactly: $0) }),
        let blue = numbers[5].flatMap({ UInt8(exactly: $0) })
      else { return problems.append("SGR 58:2") }
      pen.underlineColor = .rgb(red, green, blue)
    default:
      problems.append("SGR \(parts.joined(separator: ":"))")
    }
  }

  private func extendedColor(_ values: [Int?], at index: Int) -> (CellColor, Int)? {
    guard index < values.count else { return nil }
    switch values[index] {
    case 5:
      guard index + 1 < values.count, let entry = values[index + 1].flatMap(UInt8.init(exactly:))
      else {
        return nil
      }
      return (.palette(entry), 2)
    case 2:
      guard index + 3 < values.count,
        let red = values[index + 1].flatMap(UInt8.init(exactly:)),
        let green = values[index + 2].flatMap(UInt8.init(exactly:)),
        let blue = values[index + 3].flatMap(UInt8.init(exactly:))
      else { return nil }
      return (.rgb(red, green, blue), 4)
    default:
      return nil
    }
  }
}
