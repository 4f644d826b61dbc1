@_spi(Host) import TabShellKit

extension Renderer {
  /// Text from a user, a script or a plugin, made safe to write to a terminal: every control
  /// character — C0 (below U+0020), DEL (U+007F) and C1 (U+0080–U+009F), ESC among them — and every
  /// bidirectional control (U+202E...) is written as a visible escape such as `\u{1B}`, so that no
  /// escape sequence reaches the terminal and nothing reorders the text. With `keepingLines`, line
  /// feeds and tabs stay as they are (for output of several lines).
  ///
  /// ``sanitized(_:)`` is the drawing counterpart: it blanks control characters (and leaves out
  /// bidirectional ones) where a frame must keep its widths.
  package static func neutralized(_ text: String, keepingLines: Bool = false) -> String {
    TabShellKit.neutralized(text, keepingLines: keepingLines)
  }

  /// A message for stderr (an error, a warning, a note, with its indented detail lines), made safe
  /// for a terminal and for whatever reads stderr back: its control characters written out as by
  /// ``neutralized(_:keepingLines:)`` with `keepingLines`, and every line after the first that does
  /// not start with a blank indented by two. A line feed inside a path, a title or a plugin's
  /// message then cannot open a line that passes for a message of its own (`FILE:LINE:COL: error:`,
  /// `error:`), which `tabshell test` would count as a failure. Applying it twice changes nothing.
  package static func message(_ text: String) -> String {
    let safe = neutralized(text, keepingLines: true)
    guard safe.utf8.contains(UInt8(ascii: "\n")) else { return safe }
    var lines = safe.split(separator: "\n", omittingEmptySubsequences: false)
    for index in lines.indices.dropFirst() where !lines[index].isEmpty && lines[index].first != " "
    {
      lines[index] = "  " + lines[index]
    }
    return lines.joined(separator: "\n")
  }
}
