/// The parameters of an SGR sequence (`CSI … m`) as the program wrote them, which the guard
/// collects (``ParameterGuard``) and the emulator applies to its pen as tmux 3.3a does
/// (`input_csi_dispatch_sgr`): libvterm 0.1.4 reads the colon forms wrongly (`38:2::10:200:30`
/// is rgb(255,10,200) to it) and lacks dim, conceal, overline, the dotted and dashed underlines and
/// the underline's colour.
///
/// Each parameter is a number (``missing`` when left out), and says whether a colon joined the
/// next one to it (a sub-parameter): `4:3;1` is `[4 joined, 3, 1]`.
struct SGRParameters: Equatable {
  struct Item: Equatable {
    var value: Int32
    var joined: Bool
  }

  /// The parameters so far.
  private(set) var items: [Item] = []
  /// Whether the sequence is one tmux ignores whole: a number past 2^31 − 1, or more than
  /// ``parameterLimit`` parameters.
  private(set) var isIgnored = false
  /// The parameters ended so far.
  private var ended = 0

  /// A parameter left out.
  static let missing: Int32 = -1
  /// The most parameters (a colon group counting once) tmux takes.
  static let parameterLimit = 24
  /// The most numbers a colon group keeps (tmux's).
  static let groupLimit = 8

  /// Starts a sequence.
  mutating func begin() {
    items.removeAll(keepingCapacity: true)
    items.append(Item(value: Self.missing, joined: false))
    isIgnored = false
    ended = 0
  }

  /// Takes a digit of the parameter under way.
  mutating func digit(_ byte: UInt8) {
    guard !isIgnored, let last = items.indices.last else { return }
    let value = Int(max(0, items[last].value)) * 10 + Int(byte - 0x30)
    if value > Int(Int32.max) {
      isIgnored = true
    } else {
      items[last].value = Int32(value)
    }
  }

  /// Takes a separator: `;` ends a parameter, `:` a sub-parameter.
  mutating func separator(colon: Bool) {
    guard !isIgnored, let last = items.indices.last else { return }
    items[last].joined = colon
    if !colon { ended += 1 }
    // A parameter past the 24th, or a colon group past tmux's bound times that many numbers.
    if ended >= Self.parameterLimit || items.count >= Self.parameterLimit * Self.groupLimit {
      isIgnored = true
      return
    }
    items.append(Item(value: Self.missing, joined: false))
  }

  /// The parameters of `text` (`"38:2::1:2:3;1"`), for tests.
  init(_ text: String = "") {
    begin()
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: ":"): separator(colon: true)
      case UInt8(ascii: ";"): separator(colon: false)
      default: digit(byte)
      }
    }
  }
}

/// What an SGR parameter does to the pen.
enum SGROperation: Equatable {
  /// Everything back to the default (SGR 0).
  case reset
  /// Attributes on or off.
  case set(TerminalStyle.Attributes)
  case clear(TerminalStyle.Attributes)
  /// The underline's shape (`.none`: not underlined).
  case underline(TerminalStyle.Underline)
  /// A colour.
  case foreground(TerminalColor)
  case background(TerminalColor)
  case underlineColor(TerminalColor)
}

extension SGRParameters {
  /// Hands `body` what each parameter does, in order, as tmux 3.3a reads them.
  func forEachOperation(_ body: (SGROperation) -> Void) {
    guard !isIgnored else { return }
    // The parameters: a number, or a colon group (its numbers).
    var groups: [ArraySlice<Item>] = []
    var start = items.startIndex
    for index in items.indices where !items[index].joined {
      groups.append(items[start...index])
      start = index + 1
    }
    func number(_ index: Int, missing: Int32) -> Int32 {
      guard index < groups.count else { return missing }
      let group = groups[index]
      guard group.count == 1, let value = group.first?.value else { return -1 }
      return value == Self.missing ? missing : value
    }
    var index = 0
    while index < groups.count {
      defer { index += 1 }
      if groups[index].count > 1 {
        colonOperation(groups[index].map(\.value), body)
        continue
      }
      let code = number(index, missing: 0)
      if code == 38 || code == 48 || code == 58 {
        index += 1
        switch number(index, missing: -1) {
        case 2:
          let (red, green, blue) =
            (
              number(index + 1, missing: -1), number(index + 2, missing: -1),
              number(index + 3, missing: -1)
            )
          if let color = Self.rgb(red, green, blue) {
            body(Self.colorOperation(code, color))
            index += 3
          }
        case 5:
          let entry = number(index + 1, missing: -1)
          if (0...255).contains(entry) {
            body(Self.colorOperation(code, .indexed(UInt8(entry))))
          } else if code != 58 {
            body(Self.colorOperation(code, .default))
          }
          index += 1
        default: break
        }
        continue
      }
      if let operation = Self.operation(code) { body(operation) }
    }
  }

  /// A colour operation for 38, 48 or 58.
  private static func colorOperation(_ code: Int32, _ color: TerminalColor) -> SGROperation {
    switch code {
    case 38: .foreground(color)
    case 48: .background(color)
    default: .underlineColor(color)
    }
  }

  /// An RGB colour when each channel is from 0 to 255.
  private static func rgb(_ red: Int32, _ green: Int32, _ blue: Int32) -> TerminalColor? {
    guard (0...255).contains(red), (0...255).contains(green), (0...255).contains(blue) else {
      return nil
    }
    return .rgb(UInt8(red), UInt8(green), UInt8(blue))
  }

  /// A parameter written with colons (tmux's `input_csi_dispatch_sgr_colon`): `4:N` an underline
  /// shape; `38:2:[ID]:R:G:B` and `38:5:N`, and the same for 48 and 58, a colour.
  private func colonOperation(_ values: [Int32], _ body: (SGROperation) -> Void) {
    guard values.count < Self.groupLimit, let code = values.first else { return }
    if code == 4 {
      guard values.count == 2 else { return }
      let shapes: [TerminalStyle.Underline] = [.none, .single, .double, .curly, .dotted, .dashed]
      if (0..<Int32(shapes.count)).contains(values[1]) { body(.underline(shapes[Int(values[1])])) }
      return
    }
    guard values.count >= 2, code == 38 || code == 48 || code == 58 else { return }
    switch values[1] {
    case 2:
      let first = values.count == 5 ? 2 : 3
      guard values.count >= first + 3,
        let color = Self.rgb(values[first], values[first + 1], values[first + 2])
      else { return }
      body(Self.colorOperation(code, color))
    case 5:
      guard values.count >= 3 else { return }
      if (0...255).contains(values[2]) {
        body(Self.colorOperation(code, .indexed(UInt8(values[2]))))
      } else if code != 58 {
        body(Self.colorOperation(code, .default))
      }
    default: break
    }
  }

  /// What a number parameter does, or `nil` for one tmux ignores.
  private static func operation(_ code: Int32) -> SGROperation? {
    switch code {
    case 0: .reset
    case 1: .set(.bold)
    case 2: .set(.dim)
    case 3: .set(.italic)
    case 4: .underline(.single)
    case 5, 6: .set(.blink)
    case 7: .set(.reverse)
    case 8: .set(.conceal)
    case 9: .set(.strikethrough)
    case 21: .underline(.double)
    case 22: .clear([.bold, .dim])
    case 23: .clear(.italic)
    case 24: .underline(.none)
    case 25: .clear(.blink)
    case 27: .clear(.reverse)
    case 28: .clear(.conceal)
    case 29: .clear(.strikethrough)
    case 30...37: .foreground(.indexed(UInt8(code - 30)))
    case 39: .foreground(.default)
    case 40...47: .background(.indexed(UInt8(code - 40)))
    case 49: .background(.default)
    case 53: .set(.overline)
    case 55: .clear(.overline)
    case 59: .underlineColor(.default)
    case 90...97: .foreground(.indexed(UInt8(code - 90 + 8)))
    case 100...107: .background(.indexed(UInt8(code - 100 + 8)))
    default: nil
    }
  }
}

extension TerminalStyle {
  /// The style after an SGR operation.
  mutating func apply(_ operation: SGROperation) {
    switch operation {
    case .reset: self = .default
    case .set(let set): attributes.formUnion(set)
    case .clear(let cleared): attributes.subtract(cleared)
    case .underline(let shape): underline = shape
    case .foreground(let color): foreground = color
    case .background(let color): background = color
    case .underlineColor(let color): underlineColor = color
    }
  }
}
