@_spi(Host) import TabShellKit
import TabShellLanguage

/// What the command line's option tables (`tabshell`'s and `tabshell test`'s) have in common: each
/// option is the core's one parameter declaration (``CommandOption``: its name, the kind of its
/// value, its value's name and its abstract), as a command's options are. Parsing, `--help`, the
/// manual page and the completion files read it.
package protocol OptionDeclaration: Sendable {
  /// The declaration.
  var parameter: CommandParameter { get }
}

extension OptionDeclaration {
  /// `--width`.
  package var name: String { parameter.spec.name }
  /// The value's name (`N`), or `nil` for a flag.
  package var valueName: String? { parameter.spec.role == .flag ? nil : parameter.spec.valueName }
  /// What its value takes; `nil` for a flag.
  package var kind: ArgumentKindCode? { parameter.spec.kind }
  /// One line for `--help`.
  package var abstract: String { parameter.spec.abstract }
  /// `--width N`, or a flag's name.
  package var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// How an option of a command-line table is applied: the declaration, and what its value sets,
/// read typed from it (`o.width = n`, an `Int`).
package struct OptionBinding<Options>: Sendable {
  /// The declaration.
  package let parameter: CommandParameter
  /// Sets what the option asks for; the value is the one the kind checked (`nil` for a flag).
  let apply: @Sendable (inout Options, ArgumentValue?) -> Void

  /// A flag.
  static func flag(
    _ name: String, abstract: String, _ apply: @escaping @Sendable (inout Options) -> Void
  ) -> Self {
    Self(parameter: CommandOption(flag: name, abstract: abstract)) { options, _ in apply(&options) }
  }

  /// An option with a value of `kind`, which `apply` receives typed.
  static func option<Value>(
    _ name: String, _ kind: ArgumentKind<Value>, valueName: String, abstract: String,
    _ apply: @escaping @Sendable (inout Options, Value) -> Void
  ) -> Self {
    let option = CommandOption(name, kind, valueName: valueName, abstract: abstract)
    return Self(parameter: option) { options, value in
      // The kind checked the word: a value is always there, and of the type.
      if let typed = option.extract(value) ?? nil { apply(&options, typed) }
    }
  }
}

extension Array where Element: OptionDeclaration {
  /// The option `word` names and its value, checked by its kind: after `=` (`--width=40`), else the
  /// word at `index` (which it then steps over); `nil` for a flag, which refuses one (`--tap=0`).
  package func take(_ word: String, from arguments: ArraySlice<String>, at index: inout Int)
    throws(CommandLineError) -> (option: Element, value: ArgumentValue?)
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
    guard let kind = option.kind else {
      if inlineValue != nil { throw .unexpectedValue(name) }
      return (option, nil)
    }
    let text: String
    if let inlineValue {
      text = inlineValue
    } else {
      guard index < arguments.endIndex else { throw .missingValue(name) }
      index += 1
      text = arguments[index - 1]
    }
    do throws(ArgumentError) {
      return (option, try kind.value(of: text))
    } catch {
      throw CommandLineError(error, option: name)
    }
  }

  /// `--help`'s rows for the options `include` keeps: synopsis and abstract in two columns (as wide
  /// as the whole table needs), wrapped to `width` with each continuation under its abstract.
  package func helpRows(width: Int, where include: (Element) -> Bool = { _ in true }) -> [String] {
    let column = map(\.synopsis.count).max() ?? 0
    return Help.wrap(
      filter(include).map { option in
        // An option with no abstract ends with its synopsis, not with blanks.
        guard !option.abstract.isEmpty else { return "  \(option.synopsis)" }
        let padding = String(repeating: " ", count: column - option.synopsis.count)
        return "  \(option.synopsis)\(padding)  \(option.abstract)"
      }, width: width)
  }
}
