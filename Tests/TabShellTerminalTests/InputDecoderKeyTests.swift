import TabShellKit
import TabShellTerminal
import Testing

/// Decodes `bytes` in one chunk and flushes what is pending at the end.
func decode(_ bytes: [UInt8], pasteLimit: Int = InputDecoder.defaultPasteLimit) -> [InputEvent] {
  var decoder = InputDecoder(pasteLimit: pasteLimit)
  return decoder.feed(bytes) + decoder.flushPending()
}

func decode(_ text: String) -> [InputEvent] { decode(Array(text.utf8)) }

/// A key event's kind: the core's key.
func key(_ named: Key.Named, _ modifiers: Key.Modifiers = []) -> InputEvent.Kind {
  .key(Key(named, modifiers: modifiers))
}

func key(_ character: Character, _ modifiers: Key.Modifiers = []) -> InputEvent.Kind {
  .key(Key(character, modifiers: modifiers))
}

@Suite struct InputDecoderKeyTests {
  static let keys: [(String, InputEvent.Kind)] = [
    ("a", key("a")), ("Z", key("Z")), (" ", key(.space)), ("~", key("~")),
    ("é", key("é")), ("中", key("中")), ("😀", key("😀")), ("\u{1B}[A", key(.up)),
    ("\r", key(.enter)), ("\t", key(.tab)), ("\u{7F}", key(.backspace)),
    ("\u{01}", key("a", .control)), ("\u{03}", key("c", .control)),
    ("\u{1A}", key("z", .control)), ("\u{00}", key(.space, .control)),
    ("\u{08}", key("h", .control)), ("\n", key("j", .control)),
    ("\u{1C}", key("\\", .control)), ("\u{1F}", key("_", .control)),
    // Cursor keys, CSI and SS3.
    ("\u{1B}[B", key(.down)), ("\u{1B}[C", key(.right)), ("\u{1B}[D", key(.left)),
    ("\u{1B}[H", key(.home)), ("\u{1B}[F", key(.end)), ("\u{1B}OA", key(.up)),
    ("\u{1B}OD", key(.left)), ("\u{1B}OH", key(.home)), ("\u{1B}OF", key(.end)),
    ("\u{1B}OM", key(.enter)),
    // With modifiers.
    ("\u{1B}[1;5A", key(.up, .control)), ("\u{1B}[1;3D", key(.left, .meta)),
    ("\u{1B}[1;3C", key(.right, .meta)), ("\u{1B}[1;2C", key(.right, .shift)),
    ("\u{1B}[1;8H", key(.home, [.shift, .meta, .control])), ("\u{1B}O5C", key(.right, .control)),
    ("\u{1B}[1;9A", key(.up, .meta)),
    // Tilde keys and function keys.
    ("\u{1B}[1~", key(.home)), ("\u{1B}[2~", key(.insert)), ("\u{1B}[3~", key(.delete)),
    ("\u{1B}[4~", key(.end)), ("\u{1B}[5~", key(.pageUp)), ("\u{1B}[6~", key(.pageDown)),
    ("\u{1B}[7~", key(.home)), ("\u{1B}[8~", key(.end)), ("\u{1B}[3;5~", key(.delete, .control)),
    ("\u{1B}[5;3~", key(.pageUp, .meta)), ("\u{1B}OP", key(.f1)),
    ("\u{1B}OS", key(.f4)), ("\u{1B}[1;5P", key(.f1, .control)),
    ("\u{1B}[11~", key(.f1)), ("\u{1B}[15~", key(.f5)),
    ("\u{1B}[17~", key(.f6)), ("\u{1B}[21~", key(.f10)),
    ("\u{1B}[23~", key(.f11)), ("\u{1B}[24~", key(.f12)),
    ("\u{1B}[24;2~", key(.f12, .shift)), ("\u{1B}[[A", key(.f1)),
    ("\u{1B}[[E", key(.f5)), ("\u{1B}[Z", key(.backTab)),
    // Alt as an ESC prefix.
    ("\u{1B}1", key("1", .meta)), ("\u{1B}9", key("9", .meta)), ("\u{1B}x", key("x", .meta)),
    ("\u{1B}\r", key(.enter, .meta)), ("\u{1B}\u{7F}", key(.backspace, .meta)),
    ("\u{1B}\u{01}", key("a", [.meta, .control])), ("\u{1B}é", key("é", .meta)),
    ("\u{1B}\u{1B}[D", key(.left, .meta)), ("\u{1B}\u{1B}[C", key(.right, .meta)),
    ("\u{1B}\u{1B}OD", key(.left, .meta)), ("\u{1B}\u{1B}[1;5D", key(.left, [.meta, .control])),
    // modifyOtherKeys and CSI u.
    ("\u{1B}[27;5;13~", key(.enter, .control)), ("\u{1B}[27;2;9~", key(.backTab)),
    ("\u{1B}[97;5u", key("a", .control)), ("\u{1B}[27u", key(.escape)),
    ("\u{1B}[1u", key("a", .control)),
    // Focus.
    ("\u{1B}[I", .focus(true)), ("\u{1B}[O", .focus(false)),
  ]

  @Test(arguments: keys)
  func decodesOneKey(input: String, expected: InputEvent.Kind) {
    #expect(decode(input) == [InputEvent(expected, bytes: Array(input.utf8))])
  }

  static let unknown: [[UInt8]] = [
    Array("\u{1B}[?1;2c".utf8), Array("\u{1B}[1;5X".utf8), Array("\u{1B}[9~".utf8),
    Array("\u{1B}[2;3A".utf8), Array("\u{1B}[>0;10;1c".utf8), Array("\u{1B}[1:2A".utf8),
    Array("\u{1B}OX".utf8), Array("\u{1B}[201~".utf8), Array("\u{1B}[E".utf8),
    [0xFF], [0x80], [0xC0], [0xC2, 0x85], [0xED, 0xA0], [0xF4, 0x90], [0xE0, 0x80],
  ]

  @Test(arguments: unknown)
  func reportsUnknownBytes(input: [UInt8]) {
    let events = decode(input)
    #expect(events.allSatisfy { $0.kind == .unknown })
    #expect(events.flatMap(\.bytes) == input)
  }

  @Test func cutsInvalidUTF8BeforeTheByteThatBreaksIt() {
    #expect(
      decode([0xC3, 0x61, 0xE4, 0xB8, 0x0D]) == [
        InputEvent(.unknown, bytes: [0xC3]), InputEvent(key("a"), bytes: [0x61]),
        InputEvent(.unknown, bytes: [0xE4, 0xB8]), InputEvent(key(.enter), bytes: [0x0D]),
      ])
  }

  @Test func endsASequenceAtAByteThatCannotContinueIt() {
    #expect(
      decode("\u{1B}[12\rx\u{1B}[\r") == [
        InputEvent(.unknown, bytes: Array("\u{1B}[12".utf8)),
        InputEvent(key(.enter), bytes: [0x0D]), InputEvent(key("x"), bytes: [0x78]),
        InputEvent(key("[", .meta), bytes: Array("\u{1B}[".utf8)),
        InputEvent(key(.enter), bytes: [0x0D]),
      ])
  }

  @Test func decodesTextAsOneEventPerCharacter() {
    #expect(
      decode("a中😀").map(\.kind) == [key("a"), key("中"), key("😀")])
    #expect(decode("a中😀").map(\.bytes) == [[0x61], Array("中".utf8), Array("😀".utf8)])
  }

  @Test func theCharacterIsOnlyAnUnmodifiedOne() {
    #expect(Key("a").character == "a")
    #expect(Key("A").character == "A")
    #expect(Key("a", modifiers: .meta).character == nil)
    #expect(Key("a", modifiers: .control).character == nil)
    #expect(Key(.enter).character == nil)
  }

  @Test func dropsTheRestOfAnOverlongSequence() {
    let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "A"
    var decoder = InputDecoder()
    let events = decoder.feed(Array((long + "x").utf8))
    #expect(events.map(\.kind) == [.unknown, key("x")])
    #expect(events[0].bytes.count == InputDecoder.maximumSequenceLength + 1)
    #expect(!decoder.hasPending)
  }
}
