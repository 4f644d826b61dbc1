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
  /// Trailing blanks without a background are dropped.
  func rendered(_ mode: ColorMode) -> String {
    var parts = runs
    while let last = parts.last, last.style.background == nil || mode == .none {
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
  var trimmingTrailingBlanks: String {
    guard let last = lastIndex(where: { $0 != " " }) else { return "" }
    return String(self[...last])
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
