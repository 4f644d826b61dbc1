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
    case .key(let key): ["kind": "key", "key": .string(key)]
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
}
