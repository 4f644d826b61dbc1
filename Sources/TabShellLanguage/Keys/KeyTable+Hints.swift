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
  /// swiping, the tabs, the bar, typing, the keys and quitting.
  package func barHints(presented: Bool) -> [String] {
    let type = hint("type", for: "set-focus command")
    let rest = [hint("keys", for: "help tui"), hint("quit", for: "quit")]
    if presented {
      let hints = ([hint("dismiss", for: "back"), type] + rest).compactMap { $0 }
      return [
        line(hints, allKeys: true), line(Array(hints.prefix(3)), allKeys: false),
        line(Array(hints.prefix(1)), allKeys: false), "",
      ]
    }
    let hints = ([swipeHint(), tabsHint(), hint("bar", for: "toggle-bar"), type] + rest)
      .compactMap { $0 }
    return [
      line(hints, allKeys: true), line(hints, allKeys: false),
      hints.map(\.bare).joined(separator: " "), "",
    ]
  }

  private func line(_ hints: [Hint], allKeys: Bool) -> String {
    hints.map { $0.text(allKeys: allKeys) }.joined(separator: " · ")
  }

  /// The keys bound to a command line in the bar focus, in the order they were bound, as the hint
  /// line writes them.
  private func keys(for line: String) -> [String] {
    bindings(in: .bar).filter { $0.line == line }.map { Self.shown($0.key) }
  }

  private func hint(_ label: String, for line: String) -> Hint? {
    let keys = keys(for: line)
    guard let first = keys.first else { return nil }
    return Hint(keys: keys.joined(separator: " or "), first: first, bare: first, label: label)
  }

  /// `←/→ swipe` when both ways have a key; one way alone says which way.
  private func swipeHint() -> Hint? {
    let back = keys(for: "swipe right").first
    let next = keys(for: "swipe left").first
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
  private func tabsHint() -> Hint? {
    guard let one = keys(for: "tab 1").first, let nine = keys(for: "tab 9").first else {
      return nil
    }
    let range = one + "-" + nine
    return Hint(keys: range, first: range, bare: range, label: "tab")
  }

  /// A key as the hint line writes it: arrows as arrows, Escape as Esc, others as tmux names them.
  private static func shown(_ key: KeyName) -> String {
    guard !key.control, !key.meta, !key.shift, case .named(let named) = key.base else {
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
