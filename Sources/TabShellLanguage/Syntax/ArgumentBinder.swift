import TabShellKit

/// Checks a command's words against its declaration: options, positional arguments and their kinds.
enum ArgumentBinder {
  /// The arguments of `words` (the words after the command's name) for `declaration`.
  ///
  /// With `substituting`, a word holding `$tab` or `$id` (a hook's placeholder) is not checked
  /// against its kind; the hook checks it again once it is filled in.
  static func bind<Context>(
    _ words: ArraySlice<String>, to declaration: CommandDeclaration<Context>,
    substituting: Bool = false
  ) throws(LanguageError) -> ParsedArguments {
    var failedAt: Int?
    return try bind(words, to: declaration, substituting: substituting, failedAt: &failedAt)
  }

  /// As ``bind(_:to:substituting:)``; on an error, `failedAt` is the index of the word at fault
  /// (`nil` when no word is: a missing argument).
  static func bind<Context>(
    _ words: ArraySlice<String>, to declaration: CommandDeclaration<Context>,
    substituting: Bool, failedAt: inout Int?
  ) throws(LanguageError) -> ParsedArguments {
    var arguments = ParsedArguments()
    var index = words.startIndex
    var onlyPositionals = declaration.options.isEmpty
    while index < words.endIndex {
      let word = words[index]
      failedAt = index
      index += 1
      if !onlyPositionals, word.hasPrefix("--") {
        if word == "--" {
          onlyPositionals = true
          continue
        }
        guard let option = declaration.options.first(where: { $0.name == word }) else {
          throw .unknownOption(
            command: declaration.name, option: word,
            suggestion: closestMatch(to: word, in: declaration.options.map(\.name)))
        }
        guard let kind = option.value else {
          arguments.options.append(.init(name: word))
          continue
        }
        guard index < words.endIndex else {
          throw .missingOptionValue(command: declaration.name, option: word)
        }
        let value = words[index]
        failedAt = index
        index += 1
        if !(substituting && hasPlaceholder(value)) {
          try check(value, kind: kind, name: option.valueName)
          if word == "--param", !value.contains("=") { throw .badParameter(value) }
        }
        arguments.options.append(.init(name: word, value: value))
        continue
      }
      let position = arguments.positionals.count
      guard let declared = declaredArgument(at: position, in: declaration.arguments) else {
        throw .tooManyArguments(command: declaration.name, word: word, usage: declaration.usage)
      }
      if !(substituting && hasPlaceholder(word)) {
        try check(word, kind: declared.kind, name: declared.valueName)
      }
      arguments.positionals.append(word)
    }
    failedAt = nil
    let given = arguments.positionals.count
    for argument in declaration.arguments.dropFirst(given)
    where !argument.isOptional {
      throw .missingArgument(
        command: declaration.name, argument: argument.valueName, usage: declaration.usage)
    }
    return arguments
  }

  /// The declaration of the positional argument at `position`, a variadic last one taking the rest.
  static func declaredArgument(at position: Int, in arguments: [ArgumentDeclaration])
    -> ArgumentDeclaration?
  {
    if position < arguments.count { return arguments[position] }
    if let last = arguments.last, last.isVariadic { return last }
    return nil
  }

  /// Whether a word holds a hook placeholder.
  static func hasPlaceholder(_ word: String) -> Bool {
    word.utf8.contains(UInt8(ascii: "$")) && (word.contains("$tab") || word.contains("$id"))
  }

  /// Checks one word against its kind.
  static func check(_ word: String, kind: ArgumentKind, name: String) throws(LanguageError) {
    switch kind {
    case .integer:
      guard Int(word) != nil else { throw .notAnInteger(word, argument: name) }
    case .direction:
      try checkChoice(word, in: directions, name: name)
    case .event:
      try checkChoice(word, in: events, name: name)
    case .choice(let choices):
      try checkChoice(word, in: choices, name: name)
    default:
      break
    }
  }

  static let directions = SwipeDirection.allCases.map(\.rawValue)
  static let events = EventName.allCases.map(\.rawValue)

  private static func checkChoice(_ word: String, in choices: [String], name: String)
    throws(LanguageError)
  {
    guard choices.contains(word) else {
      throw .notAChoice(
        word, argument: name, choices: choices, suggestion: closestMatch(to: word, in: choices))
    }
  }
}
