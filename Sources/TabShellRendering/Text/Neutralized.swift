@_spi(Host) import TabShellKit

extension Renderer {
  /// Text from a user, a script or a plugin, made safe to write to a terminal: every control
  /// character — C0 (below U+0020), DEL (U+007F) and C1 (U+0080–U+009F), ESC among them — is written
  /// as a visible escape such as `\u{1B}`, so that no escape sequence reaches the terminal. With
  /// `keepingLines`, line feeds and tabs stay as they are (for output of several lines).
  ///
  /// ``sanitized(_:)`` is the drawing counterpart: it blanks control characters where a frame must
  /// keep its widths.
  package static func neutralized(_ text: String, keepingLines: Bool = false) -> String {
    TabShellKit.neutralized(text, keepingLines: keepingLines)
  }
}
