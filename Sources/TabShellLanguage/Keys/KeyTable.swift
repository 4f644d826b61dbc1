import TabShellKit

/// A focus of the full-screen mode, named by its key table (docs/Contract.md, "Key bindings"):
/// where keys go, as each of tmux's key tables is. The focuses are data: a name, and for a table
/// that takes one key only, the focus the keys go back to after it; the full-screen mode registers
/// what each does with a key its table does not bind (`FullScreenSession+Modes.swift`).
package struct KeyFocus: Hashable, Sendable, CustomStringConvertible {
  /// Its place among the focuses, from 0: what tells two apart and where its key table is. A
  /// focus is only this number (its name and the focus it goes back to are looked up), so that
  /// the mode copies and compares focuses at each key as it would an integer.
  package let index: Int

  /// Each focus's name, by index.
  private static let names = [
    "command", "bar", "screen", "prefix", "c-x", "copy", "confirm", "choose",
  ]

  private init(_ index: Int) { self.index = index }

  /// Written out, not synthesized: another module (the full-screen mode, comparing what its
  /// frames are drawn from at each key) calls it then, where it called a synthesized one
  /// through the protocol (the standard library's generic code between).
  package static func == (a: KeyFocus, b: KeyFocus) -> Bool { a.index == b.index }

  /// The name `bind --focus`, `keys --focus` and `set-focus` take.
  package var rawValue: String { Self.names[index] }

  /// The focus named `name`, among ``bindable``.
  package init?(rawValue name: String) {
    guard let focus = Self.bindable.first(where: { $0.rawValue == name }) else { return nil }
    self = focus
  }

  package var description: String { rawValue }

  /// Readline edits the line; the bindings take the keys readline is not given.
  package static let command = KeyFocus(0)
  /// Single keys act on the bar.
  package static let bar = KeyFocus(1)
  /// Keys go to the visible screen (one whose type takes input); the bindings take the keys the
  /// shell keeps (the prefix key, Ctrl-B by default).
  package static let screen = KeyFocus(2)
  /// The one key after the prefix key in the screen focus: it reaches the shell, then the keys go
  /// to the screen again.
  package static let prefix = KeyFocus(3)
  /// The one key after Ctrl-X in the bar focus (Ctrl-A: the line REPL), then the bar again.
  package static let controlX = KeyFocus(4)
  /// Copy mode on the visible terminal tab: keys move its cursor, select and copy (tmux's
  /// `copy-mode-vi` table); the focus while the screen focus's screen is in copy mode.
  package static let copy = KeyFocus(5)
  /// The one key that answers a yes-or-no question on the command line (`quit: 2 programs are
  /// running; quit anyway? (y/n)`): `y` says yes, any other key no. It binds no key.
  package static let confirm = KeyFocus(6)
  /// The list of tabs `choose-tab` opens (prefix `w`): the arrows move, Enter taps, Escape
  /// closes it; keys it does not bind do nothing.
  package static let choose = KeyFocus(7)

  /// The focuses, each with its key table: bindings can be made in every one.
  package static let bindable: [KeyFocus] = [
    .command, .bar, .screen, .prefix, .controlX, .copy, .choose,
  ]

  /// How many focuses there are (each ``index`` is below it).
  package static var count: Int { names.count }

  /// The focus the keys go back to after one key of this one's table, if it takes one key.
  package var afterOneKey: KeyFocus? {
    self == .prefix ? .screen : self == .controlX ? .bar : nil
  }
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
  /// Each focus's bindings, by the focus's index.
  private var tables = [[KeyBinding]](repeating: [], count: KeyFocus.count)
  /// The kinds of key each focus binds (``kind(of:)``), or'ed: a key of a kind its focus binds
  /// none of is not looked for (each letter a terminal tab takes, where the screen focus binds
  /// only keys with Ctrl or Meta, compared each binding's key with it).
  private var kinds = [UInt8](repeating: 0, count: KeyFocus.count)
  /// Counts the changes made (each `bind`, each `unbind` that removed a binding), so that what is
  /// made from the table (the full-screen mode's hints) is made again only after one.
  package private(set) var version = 0

  /// An empty table.
  package init() {}

  /// The binding of a key in a focus, if any.
  package func binding(for key: Key, in focus: KeyFocus) -> KeyBinding? {
    // By index: `first(where:)` copied each binding it passed over (each key a terminal tab
    // takes is looked up here).
    guard mayBind(key, in: focus) else { return nil }
    let table = tables[focus.index]
    for index in table.indices where table[index].key == key { return table[index] }
    return nil
  }

  /// Whether `focus` binds any key of `key`'s kind (its modifiers): when not, ``binding(for:in:)``
  /// is `nil`, and the caller need not make that optional (a binding holds the core's resilient
  /// key: its optional is destroyed through the runtime's generic code, at each key).
  package func mayBind(_ key: Key, in focus: KeyFocus) -> Bool {
    kinds[focus.index] & Self.kind(of: key) != 0
  }

  /// A key's kind, as a bit: its modifiers (their three bits; any other bit is left out, and
  /// equal keys share it anyway). Equal keys are of one kind. (Not the base's kind too: the core's key is resilient, and its base read
  /// was a copy of it.)
  private static func kind(of key: Key) -> UInt8 {
    1 << (key.modifiers.rawValue & 7)
  }

  /// ``kinds`` made again for a focus whose bindings changed.
  private mutating func noteKinds(of focus: KeyFocus) {
    kinds[focus.index] = tables[focus.index].reduce(0) { $0 | Self.kind(of: $1.key) }
  }

  /// The bindings of a focus, in the order they were made.
  package func bindings(in focus: KeyFocus) -> [KeyBinding] { tables[focus.index] }

  /// Binds a key in a focus, replacing its binding there if it had one.
  package mutating func bind(_ binding: KeyBinding, in focus: KeyFocus) {
    var table = tables[focus.index]
    if let index = table.firstIndex(where: { $0.key == binding.key }) {
      table[index] = binding
    } else {
      table.append(binding)
    }
    tables[focus.index] = table
    noteKinds(of: focus)
    version += 1
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
    guard let index = tables[focus.index].firstIndex(where: { $0.key == key }) else {
      return false
    }
    tables[focus.index].remove(at: index)
    noteKinds(of: focus)
    version += 1
    return true
  }
}
