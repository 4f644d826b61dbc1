@_spi(Host) import TabShellKit
import TabShellLanguage

/// What the command line's option tables (`tabshell`'s and `tabshell test`'s) have in common: how
/// an option is written. Parsing, `--help`, the manual page and the completion files read it.
protocol OptionDeclaration: Sendable {
  /// `--width`.
  var name: String { get }
  /// The value's name (`N`), or `nil` for a flag.
  var valueName: String? { get }
  /// One line for `--help`.
  var abstract: String { get }
}

extension OptionDeclaration {
  /// `--width N`, or a flag's name.
  var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

extension Array where Element: OptionDeclaration {
  /// The option `word` names and its value: after `=` (`--width=40`), else the word at `index`
  /// (which it then steps over); empty for a flag, which refuses one (`--tap=0`).
  func take(_ word: String, from arguments: ArraySlice<String>, at index: inout Int)
    throws(CommandLineError) -> (option: Element, value: String)
  {
    var name = word
    var inlineValue: String?
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
      inlineValue = String(word[word.index(after: equals)...])
      name = String(word[..<equals])
    }
    guard let option = first(where: { $0.name == name }) else {
      throw .unknownOption(name, suggestion: closestMatch(to: name, in: map(\.name)))
    }
    guard option.valueName != nil else {
      if inlineValue != nil { throw .unexpectedValue(name) }
      return (option, "")
    }
    if let inlineValue { return (option, inlineValue) }
    guard index < arguments.endIndex else { throw .missingValue(name) }
    index += 1
    return (option, arguments[index - 1])
  }

  /// `--help`'s rows for the options `include` keeps: synopsis and abstract in two columns (as wide
  /// as the whole table needs), wrapped to `width` with each continuation under its abstract.
  func helpRows(width: Int, where include: (Element) -> Bool = { _ in true }) -> [String] {
    let column = map(\.synopsis.count).max() ?? 0
    return Help.wrap(
      filter(include).map { option in
        let padding = String(repeating: " ", count: column - option.synopsis.count)
        return "  \(option.synopsis)\(padding)  \(option.abstract)"
      }, width: width)
  }
}
