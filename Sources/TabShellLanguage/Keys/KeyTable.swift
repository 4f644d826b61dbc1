import TabShellKit

/// Where keys go in the full-screen mode (docs/Contract.md, "Key bindings"): each focus has its
/// own table of bindings, as each of tmux's modes has its key table.
package enum KeyFocus: String, CaseIterable, Sendable {
  /// Readline edits the line; the bindings take the keys readline is not given.
  case command
  /// Single keys act on the bar.
  case bar
  /// Keys go to the visible screen (one whose type takes input); the bindings take the keys
  /// the shell keeps (the prefix key, Ctrl-B by default).
  case screen
  /// The one key after the prefix key in the screen focus: it reaches the shell, then the keys
  /// go to the screen again (unless the key's commands gave the focus elsewhere).
  case prefix

  /// The focuses that bindings can be made in.
  package static let bindable: [KeyFocus] = [.command, .bar, .screen, .prefix]
}

/// A key bound to a command line, parsed once when it was bound.
package struct KeyBinding: Sendable {
  /// The key.
  package var key: Key
  /// The commands it runs, parsed and bound.
  package var commands: [Command]
  /// The command line as it was bound, for `keys` and for a recording.
  package var line: String

  /// Makes a binding.
  package init(key: Key, commands: [Command], line: String) {
    self.key = key
    self.commands = commands
    self.line = line
  }
}

/// The key bindings of every focus, as data (tmux's `key-bindings.c`): the full-screen mode looks a
/// key up here and runs the commands bound to it, `bind` and `unbind` change it, `keys` and `help
/// tui` list it. Bindings keep the order they were made in; binding a bound key again replaces its
/// commands in place.
package struct KeyTable: Sendable {
  private var tables: [KeyFocus: [KeyBinding]] = [:]

  /// An empty table.
  package init() {}

  /// The binding of a key in a focus, if any.
  package func binding(for key: Key, in focus: KeyFocus) -> KeyBinding? {
    tables[focus]?.first { $0.key == key }
  }

  /// The bindings of a focus, in the order they were made.
  package func bindings(in focus: KeyFocus) -> [KeyBinding] { tables[focus] ?? [] }

  /// Binds a key in a focus, replacing its binding there if it had one.
  package mutating func bind(_ binding: KeyBinding, in focus: KeyFocus) {
    var table = tables[focus] ?? []
    if let index = table.firstIndex(where: { $0.key == binding.key }) {
      table[index] = binding
    } else {
      table.append(binding)
    }
    tables[focus] = table
  }

  /// Bindings as `keys` lists them, one a line: the key, padded to the longest, then the
  /// commands.
  package static func rows(_ bindings: [(key: String, line: String)]) -> [String] {
    let width = bindings.map(\.key.count).max() ?? 0
    return bindings.map {
      $0.key + String(repeating: " ", count: width - $0.key.count + 2) + $0.line
    }
  }

  /// Removes a key's binding in a focus; `false` when it had none.
  @discardableResult
  package mutating func unbind(_ key: Key, in focus: KeyFocus) -> Bool {
    guard let index = tables[focus]?.firstIndex(where: { $0.key == key }) else { return false }
    tables[focus]?.remove(at: index)
    return true
  }
}
