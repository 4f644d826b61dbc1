@_spi(Host) import TabShellKit

extension Renderer {
  /// The longest prefix of `text` that fits in `width` columns, ending in "…" when something was cut.
  ///
  /// Widths are display widths (``displayWidth(of:)``): a wide character is never split, and a
  /// width of 0 (or less) gives the empty string. Control characters become blanks first (see
  /// ``sanitized(_:)``), so the result never carries an escape sequence.
  package static func truncate(_ text: String, toWidth width: Int) -> String {
    fit(sanitized(text), width: width).text
  }

  /// The badge as the bar shows it: a number past 99 becomes "99+" (leading zeros dropped), any
  /// other value is cut to `maxWidth` columns (with "…"), and an empty badge (a bare dot on a
  /// phone) is "*".
  package static func badgeText(_ badge: String, maxWidth: Int = 4) -> String {
    let clean = sanitized(badge).trimmingBlanks
    if clean.isEmpty { return "*" }
    if clean.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
      let digits = clean.drop { $0 == "0" }
      if digits.count > 2 { return maxWidth >= 3 ? "99+" : fit("99+", width: maxWidth).text }
      return digits.isEmpty ? "0" : String(digits)
    }
    return fit(clean, width: maxWidth).text
  }

  /// The text with every control character (C0, DEL, C1: newlines, tabs, escapes) replaced by a
  /// space, so that nothing a user or a plugin names can move the cursor or start an escape
  /// sequence, and without its bidirectional controls (``isBidiControl(_:)``), so that nothing can
  /// reorder what is drawn after it: they take no column, so widths stay as they were. The core's
  /// ``TabShellKit/blankingControls(_:)``, as a canvas draws text.
  package static func sanitized(_ text: String) -> String { blankingControls(text) }

  /// The longest prefix that fits in `width` columns, with "…" when cut, and its width. The text
  /// must already be sanitized. One pass; each character's width is computed once.
  static func fit(_ text: String, width: Int) -> (text: String, width: Int) {
    guard width > 0 else { return ("", 0) }
    var used = 0
    // The last cut point that leaves a column for the ellipsis.
    var cut = text.startIndex
    var cutWidth = 0
    var index = text.startIndex
    while index < text.endIndex {
      let w = displayWidth(of: text[index])
      if used + w > width {
        // No blank before the ellipsis: "Tab 15" cut to five columns is "Tab…", not "Tab …".
        var kept = text[..<cut]
        while kept.last == " " {
          kept.removeLast()
          cutWidth -= 1
        }
        return (String(kept) + "…", cutWidth + 1)
      }
      used += w
      index = text.index(after: index)
      if used < width {
        cut = index
        cutWidth = used
      }
    }
    return (text, used)
  }

  /// `count` spaces.
  static func spaces(_ count: Int) -> String {
    repeated(" ", count)
  }

  /// `text` written `count` times, its bytes copied (`String(repeating:count:)` appends a string at
  /// a time, which a frame of blank rows and rules feels).
  package static func repeated(_ text: String, _ count: Int) -> String {
    var text = text
    return text.withUTF8 { unit in
      guard count > 0, !unit.isEmpty else { return "" }
      return String(unsafeUninitializedCapacity: unit.count * count) { buffer in
        for copy in 0..<count {
          let start = copy * unit.count
          _ = UnsafeMutableBufferPointer(rebasing: buffer[start..<start + unit.count])
            .initialize(from: unit)
        }
        return unit.count * count
      }
    }
  }
}

extension String {
  /// The string without leading and trailing spaces.
  var trimmingBlanks: String {
    let start = firstIndex { $0 != " " } ?? endIndex
    guard start < endIndex, let last = lastIndex(where: { $0 != " " }) else { return "" }
    return String(self[start...last])
  }
}
