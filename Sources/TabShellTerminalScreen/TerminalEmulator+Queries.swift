import CVTerm
import TabShellKit

/// The queries libvterm 0.1.4 leaves unanswered, answered as xterm and tmux answer them: its state
/// hands the sequences it does not know to these fallbacks (``TerminalEmulator/fallbacks``), whose
/// user data is the emulator.
extension TerminalEmulator {
  static let fallbacks = VTermParserCallbacks(
    text: nil, control: nil, escape: nil,
    csi: { leader, arguments, count, intermediates, command, user in
      guard let emulator = emulator(user), let arguments, count > 0,
        leader == nil || leader?.pointee == 0, intermediates == nil || intermediates?.pointee == 0
      else { return 0 }
      return emulator.answer(csi: UInt8(bitPattern: command), first: arguments[0] & 0x7FFF_FFFF)
        ? 1 : 0
    },
    osc: { command, length, user in
      guard let emulator = emulator(user), let command, length > 0 else { return 0 }
      let bytes = UnsafeRawBufferPointer(start: command, count: length)
      return emulator.answer(osc: Array(bytes)) ? 1 : 0
    },
    dcs: nil, resize: nil)

  /// Answers `CSI 18 t` (the text area's size in characters: `CSI 8 ; rows ; columns t`); whether
  /// it was that.
  func answer(csi command: UInt8, first: Int) -> Bool {
    guard command == UInt8(ascii: "t"), first == 18 else { return false }
    Array("\u{1B}[8;\(rows);\(columns)t".utf8).withUnsafeBytes(onOutput)
    return true
  }

  /// Answers OSC 10 and 11 queries (`ESC ] 10 ; ? ST`: the default foreground and background as
  /// `rgb:RRRR/GGGG/BBBB`, which xterm's reply format gives 16 bits a channel): the outer
  /// terminal's (``outerColors``) when the full-screen mode learnt them, else libvterm's own;
  /// several `?` after one number ask for that colour and the next ones, as xterm takes them.
  /// Whether it was such a query (a colour set, not asked, is ignored).
  func answer(osc command: [UInt8]) -> Bool {
    let fields = command.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard fields.count > 1, let number = Int(String(decoding: fields[0], as: UTF8.self)),
      number == 10 || number == 11
    else { return false }
    var foreground = VTermColor()
    var background = VTermColor()
    vterm_state_get_default_colors(state, &foreground, &background)
    var reply: [UInt8] = []
    for (offset, field) in fields.dropFirst().enumerated() {
      let asked = number + offset
      guard field.elementsEqual("?".utf8), asked <= 11 else { continue }
      var color = asked == 10 ? foreground : background
      vterm_state_convert_color_to_rgb(state, &color)
      var channels = (color.rgb.red, color.rgb.green, color.rgb.blue)
      if case .rgb(let red, let green, let blue)? =
        asked == 10 ? outerColors.foreground : outerColors.background
      {
        channels = (red, green, blue)
      }
      func channel(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        let byte = digits.count == 1 ? "0" + digits : digits
        return byte + byte
      }
      let rgb = "\(channel(channels.0))/\(channel(channels.1))/\(channel(channels.2))"
      reply += Array("\u{1B}]\(asked);rgb:\(rgb)\u{1B}\\".utf8)
    }
    if !reply.isEmpty { reply.withUnsafeBytes(onOutput) }
    return true
  }
}

/// The outer terminal's default colours (``TerminalSessions/outerColors``), each `nil` until it
/// reported it: RGB colours.
package struct OuterColors: Equatable, Sendable {
  /// The text's colour (OSC 10).
  package var foreground: Canvas.Color?
  /// The background's (OSC 11).
  package var background: Canvas.Color?

  /// None known.
  package init(foreground: Canvas.Color? = nil, background: Canvas.Color? = nil) {
    self.foreground = foreground
    self.background = background
  }
}
