@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering

/// What commands print in the full-screen mode, shown in a panel over the screen area: it opens
/// when something is printed, scrolls, and closes with Esc or when the next command (or gesture)
/// starts. Errors are kept apart, to be shown as errors. Nothing is lost: long lines wrap at the
/// width, and the panel scrolls through all of them.
package struct OutputPanel {
  /// One line printed.
  struct Line: Equatable {
    var text: String
    var isError: Bool
  }

  /// How much it keeps: the first lines go past the limits, a quarter of a limit at a time (so
  /// that the lines are not moved for every line printed).
  struct Limits {
    /// The most lines.
    var lines = 100_000
    /// The most bytes of them all.
    var bytes = 16 << 20
    /// The most bytes of one line (the rest is cut, with `…`).
    var lineBytes = 1 << 20
  }

  var limits = Limits()

  /// What printed it (the command typed, or the gesture's command).
  private(set) var title = ""
  private(set) var lines: [Line] = []
  private(set) var isOpen = false
  /// The first wrapped row shown.
  private(set) var top = 0 {
    didSet { if top != oldValue { version &+= 1 } }
  }
  /// Changes with whatever the panel shows (its lines, title, being open, where it is scrolled),
  /// so that a frame is drawn when it changed; not with what a closed panel holds.
  package private(set) var version = 0
  private var wrapped: [Line] = []
  private var wrappedWidth = 0
  /// The bytes of ``lines``.
  private var bytes = 0

  /// A command (or gesture) starts: the panel closes; what it prints opens it again.
  package mutating func begin(_ title: String) {
    // A closed panel shows nothing: starting another changes nothing on the screen.
    if isOpen { version &+= 1 }
    self.title = title
    // Only when there is something to remove: emptying an empty array keeping its capacity
    // makes a new buffer (each key a terminal tab takes starts a panel).
    if !lines.isEmpty { lines.removeAll(keepingCapacity: true) }
    if !wrapped.isEmpty { wrapped.removeAll(keepingCapacity: true) }
    wrappedWidth = 0
    bytes = 0
    isOpen = false
    top = 0
  }

  /// Adds printed text (one line or several).
  package mutating func append(_ text: String, isError: Bool) {
    version &+= 1
    let first = lines.count
    for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = Renderer.neutralized(String(part))
      if line.utf8.count > limits.lineBytes {
        line = String(decoding: line.utf8.prefix(limits.lineBytes), as: UTF8.self) + "…"
      }
      bytes += line.utf8.count
      lines.append(Line(text: line, isError: isError))
    }
    if lines.count > limits.lines + limits.lines / 4 || bytes > limits.bytes + limits.bytes / 4 {
      trim()
      wrappedWidth = 0
    } else if wrappedWidth > 0 {
      // Only the new lines are wrapped: the rows of the others are as they were.
      wrapped += Self.rows(of: lines[first...], width: wrappedWidth)
    }
    isOpen = true
  }

  /// Drops the first lines until the rest are within both limits.
  private mutating func trim() {
    var dropped = 0
    while lines.count - dropped > limits.lines || bytes > limits.bytes {
      bytes -= lines[dropped].text.utf8.count
      dropped += 1
    }
    lines.removeFirst(dropped)
  }

  private static func rows(of lines: ArraySlice<Line>, width: Int) -> [Line] {
    lines.flatMap { line in
      Self.wrap(line.text, width: width).map { Line(text: $0, isError: line.isError) }
    }
  }

  /// The one line it shows in the compact bar's status row instead of opening over the screen
  /// area: when it is open with a single line that fits the width (a message or an error), the
  /// bar is compact and shown, and the command line does not have the row in `focus`.
  func statusMessage(_ layout: TerminalLayout, focus: KeyFocus) -> Line? {
    guard isOpen, layout.statusRow != nil, !focus.opensStatusRow, lines.count == 1,
      displayWidth(of: lines[0].text) <= layout.columns
    else { return nil }
    return lines[0]
  }

  /// Closes it (Esc).
  package mutating func close() {
    if isOpen { version &+= 1 }
    isOpen = false
  }

  /// The lines cut into rows of at most `width` columns.
  mutating func rows(width: Int) -> [Line] {
    if wrappedWidth != width {
      wrapped = Self.rows(of: lines[...], width: width)
      wrappedWidth = width
    }
    return wrapped
  }

  /// Scrolls by `delta` rows, `visible` rows at a time, `width` columns wide.
  mutating func scroll(by delta: Int, visible: Int, width: Int) {
    let count = rows(width: width).count
    top = min(max(0, top + delta), max(0, count - max(1, visible)))
  }

  /// Where the view starts, kept within the rows (after a resize).
  mutating func clampTop(visible: Int, width: Int) -> Int {
    scroll(by: 0, visible: visible, width: width)
    return top
  }

  /// `text` in rows of at most `width` columns (by display width), cut after a blank when the
  /// row has one, else between characters.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard displayWidth(of: text) > width, width > 0 else { return [text] }
    var rows: [String] = []
    var row: [Character] = []
    var used = 0
    for character in text {
      let w = displayWidth(of: character)
      if used + w > width {
        // Back to the last blank, when there is one past the row's start.
        if let blank = row.lastIndex(of: " "), blank > 0, character != " " {
          rows.append(String(row[..<blank]))
          row = Array(row[(blank + 1)...])
        } else {
          rows.append(String(row))
          row = []
        }
        used = row.reduce(0) { $0 + displayWidth(of: $1) }
        if character == " ", row.isEmpty { continue }
      }
      row.append(character)
      used += w
    }
    rows.append(String(row))
    return rows
  }
}
