import TabShellJSON
import TabShellKit
import TabShellRPC

extension ScreenInput {
  /// The input as `screen/input` sends it (docs/ProcessPlugins.md, "Input"): an object with its
  /// `kind` first — `key` (`key`), `text` (`text`, `paste`), `mouse` (`action`, `button`,
  /// `column`, `row`, `modifiers`), `focus` (`focused`), `resize` (`width`, `height`); `nil` for a
  /// kind the protocol does not have yet (it is not sent: not handled).
  var protocolValue: JSONValue? {
    switch self {
    case .key(let key): ["kind": "key", "key": .string(key.description)]
    case .text(let text, let isPaste):
      ["kind": "text", "text": .string(text), "paste": .bool(isPaste)]
    case .mouse(let mouse):
      [
        "kind": "mouse", "action": .string(mouse.action.rawValue), "button": .int(mouse.button),
        "column": .int(mouse.column), "row": .int(mouse.row),
        "modifiers": .array(mouse.modifiers.names.map { .string($0) }),
      ]
    case .focus(let focused): ["kind": "focus", "focused": .bool(focused)]
    case .resize(let width, let height):
      ["kind": "resize", "width": .int(width), "height": .int(height)]
    @unknown default: nil
    }
  }

  /// The input as the `screen/input` values that carry it to the screen `screen` in lines of at
  /// most `lineBytes`: a text that one line cannot hold is cut, between characters where it can,
  /// into texts of the same kind (a paste's pieces are pastes), in order; any other input is one
  /// value (none for a kind the protocol does not have).
  ///
  /// A scalar takes at most 6 bytes in a message (`\u0001`); a message holds 256 bytes besides
  /// its screen's id and its text.
  func protocolValues(fitting lineBytes: Int, screen: String) -> [JSONValue] {
    guard case .text(let text, let isPaste) = self else { return protocolValue.map { [$0] } ?? [] }
    let room = max(1, (lineBytes - 256) / 6 - screen.unicodeScalars.count)
    guard text.unicodeScalars.count > room else { return protocolValue.map { [$0] } ?? [] }
    var pieces: [String] = []
    var piece = ""
    var scalars = 0
    for character in text {
      let count = character.unicodeScalars.count
      if scalars + count > room, scalars > 0 {
        pieces.append(piece)
        (piece, scalars) = ("", 0)
      }
      // A character longer than a piece (a run of combining marks) is cut between its scalars.
      for scalar in character.unicodeScalars {
        if scalars == room {
          pieces.append(piece)
          (piece, scalars) = ("", 0)
        }
        piece.unicodeScalars.append(scalar)
        scalars += 1
      }
    }
    if scalars > 0 { pieces.append(piece) }
    return pieces.map { ScreenInput.text($0, isPaste: isPaste).protocolValue }.compactMap { $0 }
  }
}
