import TabShellKit

/// Where a key goes in the screen focus and after the prefix key (docs/Contract.md, "Focus in the
/// full-screen mode"): a key bound in the screen focus is the shell's (the prefix key, Ctrl-B by
/// default); any other goes to the visible screen. After the prefix, a key bound in the prefix
/// focus runs its commands, the prefix key again goes to the screen, any other is unbound.
package enum ScreenKeyRoute {
  /// The key's binding runs.
  case binding(KeyBinding)
  /// The key goes to the screen.
  case screen(Key)
  /// Nothing is bound to the key after the prefix.
  case unbound
}

extension KeyTable {
  /// The command line of the bindings that make a key the prefix key.
  package static let prefixLine = "set-focus prefix"

  /// Where a key pressed in the screen focus (`afterPrefix` false) or just after the prefix key
  /// goes.
  package func route(_ key: Key, afterPrefix: Bool) -> ScreenKeyRoute {
    guard afterPrefix else {
      return binding(for: key, in: .screen).map(ScreenKeyRoute.binding) ?? .screen(key)
    }
    if let bound = binding(for: key, in: .prefix) { return .binding(bound) }
    if isPrefix(key) { return .screen(key) }
    return .unbound
  }

  /// Whether a key is a prefix key: bound in the screen focus to `set-focus prefix`.
  package func isPrefix(_ key: Key) -> Bool {
    binding(for: key, in: .screen)?.line == Self.prefixLine
  }
}
