import CReadline
import TabShellKit
import TabShellLanguage

/// What a focus of the full-screen mode does with a key its table does not bind, registered here
/// for every focus (docs/Contract.md, "Key bindings"). A focus is its key table and this handler:
/// the mode's loop knows no focus by name, and a new one (copy mode, panes) is a table and an
/// entry here.
struct KeyMode: Sendable {
  /// What an unbound key does: the session, the key and the bytes it came as.
  let unbound: @Sendable (FullScreenSession, Key, [UInt8]) -> Void

  /// The command focus: readline edits the line with every key not bound.
  static let command = KeyMode { session, _, bytes in FullScreenReadline.feed(bytes) }

  /// The bar focus, and Ctrl-X's one key: a key not bound does nothing.
  static let ignoring = KeyMode { _, _, _ in }

  /// The screen focus: a key not bound (every key but the prefix key) goes to the visible screen.
  static let screen = KeyMode { session, key, _ in session.deliverKey(key) }

  /// After the prefix key: the prefix key again goes to the screen; another key not bound is said
  /// in the panel.
  static let prefix = KeyMode { session, key, _ in
    if session.interpreter.keys.table.isPrefix(key) {
      session.deliverKey(key)
    } else {
      session.panel.begin(key.description)
      session.panel.append(
        "error: \(key) is not bound after the prefix key ('keys --focus prefix' lists them)",
        isError: true)
    }
  }

  /// A yes-or-no question on the command line: the key answers it.
  static let confirm = KeyMode { session, key, _ in session.answerYesOrNo(key) }

  /// Each focus's mode, by the focus's index (looked up at each key).
  private static let modes: [KeyMode] = {
    let registered: [KeyFocus: KeyMode] = [
      .command: .command, .bar: .ignoring, .screen: .screen, .prefix: .prefix,
      .controlX: .ignoring, .copy: .ignoring, .confirm: .confirm, .choose: .ignoring,
    ]
    var modes = [KeyMode](repeating: .ignoring, count: KeyFocus.count)
    for (focus, mode) in registered { modes[focus.index] = mode }
    return modes
  }()

  /// The mode of a focus (one registered nowhere ignores its unbound keys).
  static func of(_ focus: KeyFocus) -> KeyMode { modes[focus.index] }
}
