extension TerminalColors {
  /// Whether terminal type `term`'s terminfo entry says it takes 24-bit colour with the extended
  /// capabilities tmux reads for that: `Tc` (a boolean) or `RGB` (a boolean, a number or a
  /// string), whatever its `colors` number (`xterm-256color` with `Tc` set by the user).
  package static func saysRGB(term: String, environment: [String: String]) -> Bool {
    guard let bytes = entry(term: term, environment: environment) else { return false }
    return saysRGB(in: bytes)
  }

  /// Whether a compiled terminfo entry has `Tc` or `RGB` among its extended capabilities set
  /// (``TerminfoCapabilities``).
  package static func saysRGB(in bytes: [UInt8]) -> Bool {
    guard let extended = TerminfoCapabilities(bytes)?.extended else { return false }
    return extended.contains("Tc") || extended.contains("RGB")
  }
}
