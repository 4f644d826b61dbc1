import TabShellJSON

extension DrawnScreen {
  /// Reads the result of `screen/draw`, keeping at most `height` lines, as `version` of the
  /// protocol has it: version 1's spans have `text`, `color` (`#rrggbb`) and `bold`, and other
  /// members are ignored; version 2 adds `background`, `dim`, `italic`, `underline`, `reverse`,
  /// `strike`, colours also as indices 0…255, and the result's `cursor`.
  init(json: JSONValue, height: Int, version: Int = 1) throws(ProtocolMistake) {
    let styled = version >= PluginProtocol.inputVersion
    let fields = try JSONFields(json, place: "the drawing")
    var lines: [[Span]] = []
    for (index, line) in try fields.array("lines").prefix(max(0, height)).enumerated() {
      lines.append(try Self.spans(line, styled: styled, place: "the drawing, line \(index + 1)"))
    }
    self.init(
      lines: lines, background: try Self.color(fields, "background", styled: styled),
      cursor: styled ? try Self.cursor(fields) : nil)
  }

  private static func spans(_ line: JSONValue, styled: Bool, place: String)
    throws(ProtocolMistake) -> [Span]
  {
    switch line {
    case .string(let text): return [Span(text)]
    case .array(let parts):
      var spans: [Span] = []
      spans.reserveCapacity(parts.count)
      for part in parts {
        if case .string(let text) = part {
          spans.append(Span(text))
          continue
        }
        let fields = try JSONFields(part, place: place)
        var attributes: Attributes = try fields.bool("bold", default: false) ? .bold : []
        if styled {
          for (name, attribute) in Attributes.members.dropFirst()
          where try fields.bool(name, default: false) {
            attributes.insert(attribute)
          }
        }
        spans.append(
          Span(
            try fields.string("text"), color: try color(fields, "color", styled: styled),
            background: styled ? try color(fields, "background", styled: true) : nil,
            attributes: attributes))
      }
      return spans
    default:
      throw ProtocolMistake("\(place) must be a string or an array of spans, not \(line.kindName)")
    }
  }

  private static func color(_ fields: JSONFields, _ key: String, styled: Bool)
    throws(ProtocolMistake) -> Color?
  {
    guard let value = fields.object[key], value != .null else { return nil }
    if styled, let index = value.intValue {
      guard let byte = UInt8(exactly: index) else {
        throw ProtocolMistake(
          "\(fields.place): \"\(key)\" must be a colour as #rrggbb or 0…255, not \(index)")
      }
      return .indexed(byte)
    }
    guard case .string(let text) = value else {
      let expected = styled ? "a colour as #rrggbb or 0…255" : "a string"
      throw fields.mistake(key, expected, value)
    }
    guard let color = Color(hex: text) else {
      let expected = styled ? "a colour as #rrggbb or 0…255" : "a colour as #rrggbb"
      throw ProtocolMistake("\(fields.place): \"\(key)\" must be \(expected), not '\(text)'")
    }
    return color
  }

  private static func cursor(_ fields: JSONFields) throws(ProtocolMistake) -> Cursor? {
    guard let value = fields.object["cursor"], value != .null else { return nil }
    let cursor = try JSONFields(value, place: "the drawing's cursor")
    let shape = try cursor.optionalString("shape") ?? "default"
    guard Cursor.shapes.contains(shape) else {
      throw ProtocolMistake(
        "the drawing's cursor: \"shape\" must be one of \(Cursor.shapes.joined(separator: ", ")),"
          + " not '\(shape)'")
    }
    return Cursor(row: try cursor.int("row"), column: try cursor.int("column"), shape: shape)
  }
}
