import TabShellJSON
import TabShellRPC
import Testing

/// The serializer's exact text, and a seeded round trip: every value survives serialize → parse,
/// and serializing again gives the same bytes.
struct JSONSerializerTests {
  static let cases: [(JSONValue, String)] = [
    (nil, "null"),
    (true, "true"),
    (0, "0"),
    (-7, "-7"),
    (.int(Int.max), "9223372036854775807"),
    (.int(Int.min), "-9223372036854775808"),
    (1.5, "1.5"),
    (3.0, "3.0"),
    (1e20, "1e+20"),
    (.double(.infinity), "null"),
    (.double(.nan), "null"),
    ("", #""""#),
    ("x\"y\\z/", #""x\"y\\z/""#),
    ("\n\r\t\u{8}\u{C}\u{0}\u{1F}", #""\n\r\t\u0008\u000c\u0000\u001f""#),
    ("\u{7F}\u{80}\u{9F}\u{A0}é", "\"\\u007f\\u0080\\u009f\u{A0}é\""),
    ("首页 😀", "\"首页 😀\""),
    // Bidirectional controls, which would reorder what a terminal shows, are escaped; other
    // characters whose UTF-8 starts as theirs (D8, E2) are not.
    ("a\u{202E}b\u{2066}\u{61C}\u{200F}\"", #""a\u202eb\u2066\u061c\u200f\"""#),
    ("→ ✉ □ ؛", "\"→ ✉ □ ؛\""),
    ([], "[]"),
    ([1, "a", [nil]], #"[1,"a",[null]]"#),
    ([:], "{}"),
    (["z": 1, "a": ["k": false]], #"{"z":1,"a":{"k":false}}"#),
  ]

  @Test(arguments: cases)
  func writesCompactText(_ value: JSONValue, _ expected: String) {
    #expect(value.serialized == expected)
  }

  @Test func objectsKeepTheirOrderAndCompareWithoutIt() throws {
    var object = JSONObject()
    object["b"] = 1
    object["a"] = 2
    object["b"] = 3
    #expect(JSONValue.object(object).serialized == #"{"b":3,"a":2}"#)
    object["b"] = nil
    #expect(JSONValue.object(object).serialized == #"{"a":2}"#)
    #expect(try JSON.parse(#"{"x":1,"y":2}"#) == JSON.parse(#"{"y":2,"x":1}"#))
    #expect(try JSON.parse(#"{"x":1}"#) != JSON.parse(#"{"x":1,"y":2}"#))
  }

  @Test func seededRoundTrip() throws {
    var random = XorShift(seed: 13)
    for index in 0..<2_000 {
      let value = random.value(depth: 0)
      let text = value.serialized
      let parsed = try JSON.parse(text)
      #expect(parsed == value, "case \(index): \(text)")
      #expect(parsed.serialized == text, "case \(index)")
    }
  }
}

/// xorshift64*: a small seeded generator for the round-trip test.
struct XorShift {
  var state: UInt64

  init(seed: UInt64) { state = seed | 1 }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// A random value: scalars of every kind (controls, wide, astral), the whole `Int` range,
  /// finite doubles of any magnitude, nesting up to 5.
  mutating func value(depth: Int) -> JSONValue {
    switch below(depth >= 5 ? 5 : 8) {
    case 0: return .null
    case 1: return .bool(next() & 1 == 1)
    case 2:
      return .int(Int(bitPattern: UInt(next() >> UInt64(below(64)))) * (below(2) == 0 ? 1 : -1))
    case 3:
      let double = Double(bitPattern: next())
      return .double(double.isFinite ? double : Double(below(1000)) / 8)
    case 4: return .string(string())
    case 5, 6:
      return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<below(5) { object[string()] = value(depth: depth + 1) }
      return .object(object)
    }
  }

  mutating func string() -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<below(12) {
      let ranges: [ClosedRange<UInt32>] = [
        0...0x7F, 0x80...0x9F, 0xA0...0x7FF, 0x4E00...0x9FFF, 0xE000...0xFFFF, 0x1F600...0x1F64F,
        0x10000...0x10FFFF,
      ]
      let range = ranges[below(ranges.count)]
      let value = range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1))
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    return String(scalars)
  }
}
