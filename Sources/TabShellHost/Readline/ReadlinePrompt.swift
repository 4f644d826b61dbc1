/// Prepares a prompt for readline, which must be told which bytes take no room on the screen.
package enum ReadlinePrompt {
  /// `prompt` with each escape sequence (CSI such as colours, OSC such as a window title) wrapped in
  /// readline's invisible markers (`RL_PROMPT_START_IGNORE` and `RL_PROMPT_END_IGNORE`), so that
  /// readline counts the width right. A prompt that already holds markers is returned as it is.
  package static func markingInvisible(_ prompt: String) -> String {
    guard !prompt.unicodeScalars.contains(where: { $0 == "\u{01}" || $0 == "\u{02}" }) else {
      return prompt
    }
    var result = String.UnicodeScalarView()
    let scalars = Array(prompt.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "\u{1B}" else {
        result.append(scalars[index])
        index += 1
        continue
      }
      let end = sequenceEnd(scalars, from: index)
      result.append("\u{01}")
      result.append(contentsOf: scalars[index..<end])
      result.append("\u{02}")
      index = end
    }
    return String(result)
  }

  /// The index just past the escape sequence starting at `start` (an ESC).
  private static func sequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start + 1
    guard index < scalars.count else { return index }
    switch scalars[index] {
    case "[":
      // CSI: parameters and intermediates, then one final byte in @...~.
      index += 1
      while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
      return min(index + 1, scalars.count)
    case "]":
      // OSC: up to BEL or ESC \.
      index += 1
      while index < scalars.count {
        if scalars[index] == "\u{07}" { return index + 1 }
        if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
          return index + 2
        }
        index += 1
      }
      return index
    default:
      return index + 1
    }
  }
}
