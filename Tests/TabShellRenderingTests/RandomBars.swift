@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport

/// The text inside the first `[…]` of a line: the selected item.
func selectedSegment(of line: String) -> String? {
  guard let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]") else {
    return nil
  }
  return String(line[line.index(after: open)..<close])
}

/// Whether a segment shows the title whole, or a non-empty prefix of it followed by "…".
func showsTitleOrPrefix(_ segment: String, title: String) -> Bool {
  if segment.contains(title) { return true }
  var prefix = ""
  for character in title {
    prefix.append(character)
    let kept = prefix.trimmingTrailingSpaces
    if !kept.isEmpty, kept != title, segment.contains(kept + "…") { return true }
  }
  return false
}

/// A line without its SGR escape sequences.
func strippingEscapes(_ line: String) -> String {
  var result = String.UnicodeScalarView()
  var inEscape = false
  for scalar in line.unicodeScalars {
    if inEscape {
      if scalar == "m" { inEscape = false }
    } else if scalar == "\u{1B}" {
      inEscape = true
    } else {
      result.append(scalar)
    }
  }
  return String(result)
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
