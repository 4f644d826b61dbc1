import TabShellKit

/// One thing the user did at the terminal, decoded by ``InputDecoder``, with the bytes it came from.
///
/// The bytes are kept so that the full-screen loop can hand readline the keys it does not handle
/// itself: `rl_stuff_char` (or the callback's input) gets ``bytes`` unchanged, so an Alt-key, an
/// arrow or a paste reaches readline as the terminal sent it.
package struct InputEvent: Equatable, Sendable {
  /// What happened.
  package var kind: Kind
  /// The bytes of the event as they were read; for a paste, the bracketed paste as it was sent
  /// (markers included), cut like ``Paste/bytes`` when it was too long.
  package var bytes: [UInt8]

  /// Makes an event.
  package init(_ kind: Kind, bytes: [UInt8]) {
    self.kind = kind
    self.bytes = bytes
  }

  /// The kinds of events.
  package enum Kind: Equatable, Sendable {
    /// A key, with its modifiers (text typed is a key too: a character).
    case key(Key)
    /// Text pasted while bracketed paste was on.
    case paste(Paste)
    /// A mouse report (SGR or X10).
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost the focus (mode 1004).
    case focus(Bool)
    /// The terminal's answer to the full-screen mode's question for its default colours (OSC 10
    /// or 11, ``ColorReport/queries``), which no focus types.
    case colorReport(ColorReport)
    /// Bytes that are no key the decoder knows: a malformed or unsupported sequence, or invalid
    /// UTF-8. The bytes are in ``InputEvent/bytes``.
    case unknown
  }
}

/// Which key the bytes stand for, as the parser decodes them; an event holds the core's
/// ``TabShellKit/Key`` (``InputParser/keyEvent(_:_:)``).
///
/// Control bytes decode as characters with ``KeyModifiers/control``: 0x01 is Ctrl-A
/// (`.character("a")`), 0x00 Ctrl-Space, 0x1C–0x1F Ctrl-\ ] ^ _, 0x08 Ctrl-H and 0x0A Ctrl-J. Enter
/// is 0x0D, Tab 0x09, Backspace 0x7F, Esc a lone 0x1B; Shift-Tab (`ESC [ Z`) is Tab with Shift.
enum KeyCode: Hashable, Sendable {
  /// A character: printable text, or the letter of a Ctrl key.
  case character(Unicode.Scalar)
  /// Enter (Return).
  case enter
  /// Tab.
  case tab
  /// Backspace (DEL).
  case backspace
  /// Esc.
  case escape
  /// ↑.
  case up
  /// ↓.
  case down
  /// ←.
  case left
  /// →.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward).
  case delete
  /// F1–F12 (F13 and more when the terminal sends them).
  case function(Int)
}

/// Modifier keys, with xterm's bit values (the modifier parameter of `ESC [ 1 ; M A` is 1 + bits).
struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits.
  var rawValue: UInt8

  /// Shift.
  static let shift = KeyModifiers(rawValue: 1)
  /// Alt (an ESC prefix, or xterm's Alt bit).
  static let alt = KeyModifiers(rawValue: 2)
  /// Ctrl.
  static let control = KeyModifiers(rawValue: 4)
  /// Meta (xterm's separate Meta bit; most terminals send Alt instead).
  static let meta = KeyModifiers(rawValue: 8)
}

/// Text pasted in bracketed-paste mode: what came between `ESC [ 200 ~` and `ESC [ 201 ~`.
package struct Paste: Equatable, Sendable {
  /// The pasted bytes (at most the decoder's limit, cut at a UTF-8 character boundary).
  package var bytes: [UInt8]
  /// Whether the paste was longer than the limit and the rest was dropped.
  package var isTruncated: Bool

  /// Makes a paste.
  package init(bytes: [UInt8], isTruncated: Bool = false) {
    self.bytes = bytes
    self.isTruncated = isTruncated
  }

  /// The pasted text (invalid UTF-8 becomes U+FFFD).
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}
