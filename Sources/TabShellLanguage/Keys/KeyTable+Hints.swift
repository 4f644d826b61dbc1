import TabShellKit

/// The full-screen mode's bar focus hint line (docs/Contract.md, "The full-screen mode"), made from
/// the key table: each hint names the key bound to its command (the first bound, in the order the
/// bindings were made), and a hint whose command no key is bound to is left out.
extension KeyTable {
  /// One hint: the keys that run its command, as the hint line writes them, and what it does.
  private struct Hint {
    /// Every key, as the longest form writes them (`: or Enter`, `←/→`).
    var keys: String
    /// The first key (`:`), or the pair (`←/→`).
    var first: String
    /// The key in the shortest form, which lists only keys (`:`, `←→`).
    var bare: String
    /// What the key does (`type`).
    var label: String

    /// The hint, with every key or only the first.
    func text(allKeys: Bool) -> String { (allKeys ? keys : first) + " " + label }
  }

  /// The bar focus's hint lines, longest first (the drawing shows the first that fits; the last is
  /// empty): while a screen is presented how to dismiss it, type, the keys and quit; otherwise
  /// swiping, the tabs, the bar, typing, the keys and quitting. When the visible screen takes
  /// input, the key that gives it the focus comes first.
  package func barHints(presented: Bool, screenTakesInput: Bool = false) -> [String] {
    let type = hint("type", for: "set-focus command")
    let rest = [
      hint("keys", for: "help tui"), hint("quit", for: "leave") ?? hint("quit", for: "quit"),
    ]
    let screen = screenTakesInput ? hint("screen", for: "set-focus screen") : nil
    if presented {
      let hints = ([hint("dismiss", for: "back"), screen, type] + rest).compactMap { $0 }
      return [
        line(hints, allKeys: true), line(Array(hints.prefix(3)), allKeys: false),
        line(Array(hints.prefix(1)), allKeys: false), "",
      ]
    }
    let hints = ([screen, swipeHint(), tabsHint(), hint("bar", for: "toggle-bar"), type] + rest)
      .compactMap { $0 }
    return [
      line(hints, allKeys: true), line(hints, allKeys: false),
      hints.map(\.bare).joined(separator: " "), "",
    ]
  }

  /// The screen focus's hint lines, longest first (the last is empty): the way back to the shell,
  /// the prefix key then the key after it (`C-b : command · C-b b bar · C-b ? keys`); without a
  /// prefix key, the click that reaches the command line. After the prefix (`prefix`), the keys
  /// of the prefix focus, and that the prefix again goes to the screen. `detaches`: the terminal
  /// is a session's, where `detach` works (elsewhere its key is not offered).
  package func screenHints(afterPrefix: Bool, detaches: Bool = false) -> [String] {
    guard let prefix = keys(for: "set-focus prefix", in: .screen).first else {
      return ["click this line for the command line", "click here: command", ""]
    }
    let hints = [
      hint("command", for: "set-focus command", in: .prefix),
      hint("bar", for: "set-focus bar", in: .prefix), tabsHint(in: .prefix),
      swipeHint(in: .prefix), hint("keys", for: "help tui", in: .prefix),
      detaches ? hint("detach", for: "detach", in: .prefix) : nil,
    ].compactMap { $0 }
    if afterPrefix {
      return [
        line(hints, allKeys: true) + " · \(prefix) to the screen", line(hints, allKeys: false),
        hints.map(\.bare).joined(separator: " "), "",
      ]
    }
    let prefixed = hints.map {
      Hint(
        keys: prefix + " " + $0.first, first: prefix + " " + $0.first,
        bare: prefix + " " + $0.bare, label: $0.label)
    }
    let short = prefixed.filter { ["command", "bar", "keys"].contains($0.label) }
    return [
      line(prefixed, allKeys: false), line(short, allKeys: false),
      line(Array(short.prefix(1)), allKeys: false), "",
    ]
  }

  /// Copy mode's hint lines, longest first (the last is empty): leaving it, searching, selecting,
  /// copying and the command line, each with the first key bound to it in the table `copy`.
  package func copyHints() -> [String] {
    let hints = [
      hint("leave", for: "copy-mode cancel", in: .copy), hint("search", for: "search", in: .copy),
      hint("select", for: "copy-mode begin-selection", in: .copy),
      hint("copy", for: "copy-mode copy-selection-and-cancel", in: .copy),
      hint("command", for: "set-focus command", in: .copy),
    ].compactMap { $0 }
    return [
      line(hints, allKeys: true), line(hints, allKeys: false),
      line(Array(hints.prefix(2)), allKeys: false), "",
    ]
  }

  private func line(_ hints: [Hint], allKeys: Bool) -> String {
    hints.map { $0.text(allKeys: allKeys) }.joined(separator: " · ")
  }

  /// The keys bound to a command line in a focus, in the order they were bound, as the hint line
  /// writes them.
  private func keys(for line: String, in focus: KeyFocus = .bar) -> [String] {
    bindings(in: focus).filter { $0.line == line }.map { Self.shown($0.key) }
  }

  private func hint(_ label: String, for line: String, in focus: KeyFocus = .bar) -> Hint? {
    let keys = keys(for: line, in: focus)
    guard let first = keys.first else { return nil }
    return Hint(keys: keys.joined(separator: " or "), first: first, bare: first, label: label)
  }

  /// `←/→ swipe` when both ways have a key; one way alone says which way.
  private func swipeHint(in focus: KeyFocus = .bar) -> Hint? {
    // After the prefix, the arrows move between panes and swipe past the tab's edge.
    let back =
      (keys(for: "swipe right", in: focus) + keys(for: "select-pane --left --swipe", in: focus))
      .first
    let next =
      (keys(for: "swipe left", in: focus) + keys(for: "select-pane --right --swipe", in: focus))
      .first
    switch (back, next) {
    case (let back?, let next?):
      return Hint(
        keys: back + "/" + next, first: back + "/" + next, bare: back + next, label: "swipe")
    case (let back?, nil): return Hint(keys: back, first: back, bare: back, label: "previous")
    case (nil, let next?): return Hint(keys: next, first: next, bare: next, label: "next")
    case (nil, nil): return nil
    }
  }

  /// `1-9 tab` when tab 1 and tab 9 have keys.
  private func tabsHint(in focus: KeyFocus = .bar) -> Hint? {
    guard let one = keys(for: "tab 1", in: focus).first,
      let nine = keys(for: "tab 9", in: focus).first
    else {
      return nil
    }
    let range = one + "-" + nine
    return Hint(keys: range, first: range, bare: range, label: "tab")
  }

  /// A key as the hint line writes it: arrows as arrows, Escape as Esc, others as tmux names them.
  private static func shown(_ key: Key) -> String {
    guard key.modifiers.isEmpty, case .named(let named) = key.base else {
      return key.description
    }
    switch named {
    case .left: return "←"
    case .right: return "→"
    case .escape: return "Esc"
    default: return key.description
    }
  }
}
