/// What `$` words stand for, put into a command's words after it is lexed, in one pass from left
/// to right (a value is never substituted again, and never split into commands):
///
/// - `$1` … `$9`: the script's arguments (empty when not given); `$#`: how many there are;
///   `$@`: all of them, each its own word when `$@` is the whole word, else joined by spaces.
/// - In a hook's commands, `$tab` and `$id`: the position and the id of the tab (or screen) the
///   event concerns; in an `exited` hook's, `$status`: the program's exit status (128 + N for a
///   program killed by the signal N).
/// - `$$`: one `$`, never substituted (`state --script` writes a `$` in a title so).
///
/// Any other `$` is itself.
struct Substitution: Sendable {
  /// The script's arguments.
  var arguments: [String] = []
  /// The hook's values, when a hook runs.
  var tab: String?
  var id: String?
  var status: String?

  /// The words `word` stands for.
  func expand(_ word: Word) -> [Word] {
    guard word.text.utf8.contains(UInt8(ascii: "$")) else { return [word] }
    if word.text == "$@" { return arguments.map { Word($0, at: word.location) } }
    return [Word(substitute(word.text), at: word.location)]
  }

  /// `text` with every `$` word replaced.
  func substitute(_ text: String) -> String {
    var result = ""
    var rest = text[...]
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      rest = rest[rest.index(after: dollar)...]
      if let first = rest.first, let digit = first.wholeNumberValue, (1...9).contains(digit),
        first.isASCII
      {
        if digit <= arguments.count { result += arguments[digit - 1] }
        rest.removeFirst()
      } else if rest.first == "$" {
        result.append("$")
        rest.removeFirst()
      } else if rest.first == "#" {
        result += String(arguments.count)
        rest.removeFirst()
      } else if rest.first == "@" {
        result += arguments.joined(separator: " ")
        rest.removeFirst()
      } else if let tab, rest.hasPrefix("tab") {
        result += tab
        rest.removeFirst(3)
      } else if let id, rest.hasPrefix("id") {
        result += id
        rest.removeFirst(2)
      } else if let status, rest.hasPrefix("status") {
        result += status
        rest.removeFirst(6)
      } else {
        result.append("$")
      }
    }
    return result + rest
  }
}
