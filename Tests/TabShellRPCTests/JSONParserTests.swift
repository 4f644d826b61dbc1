import TabShellJSON
import TabShellRPC
import Testing

/// The parser against tables of texts that are JSON (with the value each must give) and texts that
/// are not (with the reason and the offending byte): cases in the manner of JSONTestSuite.
struct JSONParserTests {
  static let valid: [(String, JSONValue)] = [
    ("null", .null),
    ("true", true),
    ("false", false),
    ("0", 0),
    ("-0", 0),
    ("1", 1),
    ("-17", -17),
    ("9223372036854775807", .int(Int.max)),
    ("-9223372036854775808", .int(Int.min)),
    ("9223372036854775808", .double(9_223_372_036_854_775_808)),
    ("-9223372036854775809", .double(-0x1p63)),
    ("1.5", 1.5),
    ("-1.5e3", -1500.0),
    ("1E2", 100.0),
    ("1e+2", 100.0),
    ("2.5E-1", 0.25),
    ("1e-400", 0.0),
    ("0.0", 0.0),
    (#""""#, ""),
    (#""a""#, "a"),
    (#""\u00e9""#, "é"),
    (#""\u00E9""#, "é"),
    (#""\ud83d\ude00""#, "😀"),
    (#""é 首页 😀""#, "é 首页 😀"),
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u0000""#, "\u{0}"),
    (#""a\nb""#, "a\nb"),
    ("[]", []),
    ("[1,[2,[]]]", [1, [2, []]]),
    ("{}", [:]),
    (#"{"a":1,"b":[true,null]}"#, ["a": 1, "b": [true, nil]]),
    (#"{"b":1,"a":2}"#, ["a": 2, "b": 1]),
    (" \t\n\r 1 \n", 1),
    (#"[ "x" , { "k" : -0.5 } ]"#, ["x", ["k": -0.5]]),
    (String(repeating: "[", count: 64) + String(repeating: "]", count: 64), nested(64)),
  ]

  static func nested(_ depth: Int) -> JSONValue {
    var value: JSONValue = []
    for _ in 1..<depth { value = [value] }
    return value
  }

  @Test(arguments: valid)
  func parsesValid(_ text: String, _ expected: JSONValue) throws {
    #expect(try JSON.parse(text) == expected)
  }

  static let invalid: [([UInt8], JSONError.Reason, Int)] = [
    (bytes(""), .unexpectedEnd, 0),
    (bytes("  "), .unexpectedEnd, 2),
    (bytes("nul"), .unexpectedEnd, 3),
    (bytes("nulx"), .unexpectedByte(UInt8(ascii: "x")), 3),
    (bytes("True"), .unexpectedByte(UInt8(ascii: "T")), 0),
    (bytes("01"), .invalidNumber, 0),
    (bytes("-01"), .invalidNumber, 0),
    (bytes("1."), .invalidNumber, 0),
    (bytes("1.e3"), .invalidNumber, 0),
    (bytes("-"), .unexpectedEnd, 0),
    (bytes("-a"), .invalidNumber, 0),
    (bytes(".5"), .unexpectedByte(UInt8(ascii: ".")), 0),
    (bytes("+1"), .unexpectedByte(UInt8(ascii: "+")), 0),
    (bytes("1e"), .invalidNumber, 0),
    (bytes("1e+"), .invalidNumber, 0),
    (bytes("1e400"), .numberOutOfRange, 0),
    (bytes("-1e400"), .numberOutOfRange, 0),
    (bytes(String(repeating: "9", count: 400)), .numberOutOfRange, 0),
    (bytes("0x10"), .trailingCharacters, 1),
    (bytes("[1,]"), .unexpectedByte(UInt8(ascii: "]")), 3),
    (bytes("[1 2]"), .unexpectedByte(UInt8(ascii: "2")), 3),
    (bytes("[,1]"), .unexpectedByte(UInt8(ascii: ",")), 1),
    (bytes("["), .unexpectedEnd, 1),
    (bytes("[1"), .unexpectedEnd, 2),
    (bytes(#"{"a" 1}"#), .unexpectedByte(UInt8(ascii: "1")), 5),
    (bytes(#"{"a":1,}"#), .unexpectedByte(UInt8(ascii: "}")), 7),
    (bytes("{a:1}"), .unexpectedByte(UInt8(ascii: "a")), 1),
    (bytes(#"{"a":"#), .unexpectedEnd, 5),
    (bytes(#"{"a":1,"a":2}"#), .duplicateKey("a"), 7),
    (bytes(#"{'a':1}"#), .unexpectedByte(UInt8(ascii: "'")), 1),
    (bytes(#""abc"#), .unexpectedEnd, 4),
    (bytes(#""\x""#), .invalidEscape, 1),
    (bytes(#""\u12""#), .invalidEscape, 1),
    (bytes(#""\u12"#), .unexpectedEnd, 5),
    (bytes(#""\ud800""#), .loneSurrogate, 1),
    (bytes(#""\udc00""#), .loneSurrogate, 1),
    (bytes(#""\ud800\u0041""#), .loneSurrogate, 1),
    (bytes(#""\ud800\n""#), .loneSurrogate, 1),
    (bytes("\"a\tb\""), .controlCharacterInString, 2),
    (bytes("\"a\nb\""), .controlCharacterInString, 2),
    ([0x22, 0xFF, 0x22], .invalidUTF8, 1),
    ([0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, 1),
    ([0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, 1),
    ([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1),
    ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 1),
    ([0x22, 0xE2, 0x82, 0x22], .invalidUTF8, 1),
    ([0x22, 0x61, 0xE2, 0x82], .invalidUTF8, 2),
    ([0xFF], .invalidUTF8, 0),
    ([0x31, 0x20, 0xFF], .invalidUTF8, 2),
    ([0x80, 0x31], .invalidUTF8, 0),
    (bytes("é"), .unexpectedByte(0xC3), 0),
    (bytes("\u{FEFF}1"), .unexpectedByte(0xEF), 0),
    (bytes("1 2"), .trailingCharacters, 2),
    (bytes("[]]"), .trailingCharacters, 2),
    (bytes("{} x"), .trailingCharacters, 3),
    (bytes(String(repeating: "[", count: 65)), .tooDeep(limit: 64), 64),
    (bytes(String(repeating: #"{"a":"#, count: 65) + "1"), .tooDeep(limit: 64), 320),
    (bytes("[\u{0}]"), .unexpectedByte(0), 1),
  ]

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test(arguments: invalid)
  func refusesInvalid(_ text: [UInt8], _ reason: JSONError.Reason, _ offset: Int) {
    #expect(throws: JSONError(reason, at: offset)) { try JSON.parse(text) }
  }

  @Test func depthLimitIsAParameter() throws {
    #expect(try JSON.parse("[[1]]", maxDepth: 2) == [[1]])
    #expect(throws: JSONError(.tooDeep(limit: 1), at: 1)) { try JSON.parse("[[1]]", maxDepth: 1) }
  }

  @Test func manyKeysAreCheckedForRepeats() throws {
    let keys = (0..<40).map { #""k\#($0)":\#($0)"# }
    let object = try JSON.parse("{" + keys.joined(separator: ",") + "}")
    #expect(object.objectValue?.count == 40)
    #expect(object["k39"] == 39)
    let repeated = "{" + keys.joined(separator: ",") + #","k3":0}"#
    #expect(throws: JSONError(.duplicateKey("k3"), at: repeated.utf8.count - 7)) {
      try JSON.parse(repeated)
    }
  }

  @Test func errorsReadAsSentences() {
    #expect(
      JSONError(.unexpectedByte(UInt8(ascii: "x")), at: 3).description
        == "unexpected character 'x' at byte 3")
    #expect(JSONError(.unexpectedByte(0xC3), at: 0).description == "unexpected byte 0xC3 at byte 0")
    #expect(
      JSONError(.tooDeep(limit: 64), at: 64).description
        == "nested deeper than 64 levels at byte 64")
  }
}
