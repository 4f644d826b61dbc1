@_spi(Host) import TabShellKit

/// One line of output being built: runs of sanitized text, each with a style, and its display width.
///
/// The layout is the same in every colour mode; colour only adds escape sequences around runs.
package struct StyledLine: Sendable {
  /// The runs, in order: sanitized text, its display width and its style.
  package private(set) var runs: [(text: String, width: Int, style: TextStyle)] = []
  /// The display width so far.
  package private(set) var width = 0

  /// An empty line.
  package init() {}

  /// A line of one run (sanitized and measured here).
  package init(_ text: String, style: TextStyle = .plain) {
    append(text, style: style)
  }

  /// Appends text that is already sanitized and whose width is known.
  mutating func append(_ text: String, width: Int, style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    self.width += width
    if let last = runs.last, last.style == style {
      runs[runs.count - 1].text += text
      runs[runs.count - 1].width += width
    } else {
      runs.append((text, width, style))
    }
  }

  /// Appends text (sanitized here) and measures it.
  package mutating func append(_ text: String, style: TextStyle = .plain) {
    let clean = Renderer.sanitized(text)
    append(clean, width: displayWidth(of: clean), style: style)
  }

  /// Appends blanks.
  mutating func appendSpaces(_ count: Int, style: TextStyle = .plain) {
    append(Renderer.spaces(count), width: max(0, count), style: style)
  }

  /// Appends another line.
  mutating func append(_ other: StyledLine) {
    for run in other.runs { append(run.text, width: run.width, style: run.style) }
  }

  /// The line as a string: plain text in `.none`, else with SGR sequences around styled runs.
  /// Trailing blanks that do not show in `mode` (no background colour, no reverse, underline or
  /// strikethrough) are dropped.
  func rendered(_ mode: ColorMode) -> String {
    var parts = runs
    while let last = parts.last, !last.style.showsOnBlanks(mode) {
      let trimmed = last.text.trimmingTrailingBlanks
      if trimmed.isEmpty {
        parts.removeLast()
        continue
      }
      parts[parts.count - 1].text = trimmed
      break
    }
    var output = ""
    for part in parts {
      let sgr = part.style.sgr(mode)
      if sgr.isEmpty {
        output += part.text
      } else {
        output += sgr + part.text + ANSI.reset
      }
    }
    return output
  }
}

extension String {
  package var trimmingTrailingBlanks: String {
    // By bytes: a space is one byte, and no other character's bytes hold it.
    let bytes = utf8
    var end = bytes.endIndex
    while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: " ") {
      end = bytes.index(before: end)
    }
    return end == bytes.endIndex ? self : String(decoding: bytes[..<end], as: UTF8.self)
  }
}

extension StyledLine {
  /// Pads with blanks up to `column` (nothing when already there or past it), then appends `other`.
  mutating func place(_ other: StyledLine, at column: Int) {
    appendSpaces(column - width)
    append(other)
  }

  /// The line cut to at most `limit` columns (a wide character that would straddle the edge is
  /// dropped whole). A safety net: layouts already fit.
  func clipped(to limit: Int) -> StyledLine {
    guard width > limit else { return self }
    var result = StyledLine()
    for run in runs {
      var text = ""
      var used = 0
      for character in run.text {
        let w = displayWidth(of: character)
        if result.width + used + w > limit { break }
        text.append(character)
        used += w
      }
      result.append(text, width: used, style: run.style)
      if result.width >= limit || used < run.width { break }
    }
    return result
  }

  /// The line centred in `width` columns (cut first if it is wider).
  func centered(in width: Int, style: TextStyle = .plain) -> StyledLine {
    let content = clipped(to: width)
    var result = StyledLine()
    result.appendSpaces((width - content.width) / 2, style: style)
    result.append(content)
    result.appendSpaces(width - result.width, style: style)
    return result
  }
}

extension StyledLine {
  /// The line with `other` drawn over it from `column` (the line padded with blanks to reach it),
  /// in at most `width` columns. A wide character that `other` covers only half of leaves a blank
  /// in its other half.
  package func overlaid(_ other: StyledLine, at column: Int, width: Int) -> StyledLine {
    var result = slice(0..<max(0, column))
    result.place(other, at: column)
    let end = column + other.width
    if end < self.width {
      result.append(slice(end..<self.width))
    }
    return result.clipped(to: width)
  }

  /// The columns `range` of the line; a wide character cut by either end becomes a blank, and
  /// columns past the end are left out.
  func slice(_ range: Range<Int>) -> StyledLine {
    var result = StyledLine()
    var column = 0
    for run in runs {
      guard column < range.upperBound else { break }
      if column + run.width <= range.lowerBound {
        column += run.width
        continue
      }
      if column >= range.lowerBound, column + run.width <= range.upperBound {
        result.append(run.text, width: run.width, style: run.style)
        column += run.width
        continue
      }
      for character in run.text {
        let w = displayWidth(of: character)
        let end = column + w
        if column >= range.lowerBound, end <= range.upperBound {
          result.append(String(character), width: w, style: run.style)
        } else if end > range.lowerBound, column < range.upperBound {
          // Half of a wide character.
          result.appendSpaces(
            min(end, range.upperBound) - max(column, range.lowerBound), style: run.style)
        }
        column = end
        if column >= range.upperBound { break }
      }
    }
    return result
  }
}
