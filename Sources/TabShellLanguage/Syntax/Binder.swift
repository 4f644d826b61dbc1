@_spi(Host) import TabShellKit
import TabShellPlatform

/// Binds a command's words to its declaration's parameters: options and positional arguments, each
/// word checked and converted by its parameter's kind. It knows no command by name: everything it
/// does follows from the declaration.
struct Binder {
  /// Expands a word written in a script into the words it stands for (`$1`, `$@`...).
  var expand: (Word) -> [Word] = { [$0] }
  /// In a hook's commands: a word holding `$tab` or `$id` is left unchecked, and the command is
  /// bound again when the hook runs.
  var placeholders = false
  /// Whether a word names a command (for ``ArgumentKindCode/commandName``); `nil` takes any word.
  var isCommand: ((String) -> Bool)?
  /// The closest command name to a word, for "did you mean".
  var suggestCommand: (String) -> String? = { _ in nil }
  /// The registered screen type of a name, for ``Declaration/screenParameters``.
  /// `nil`: no registry at hand, and no screen type's options are taken.
  var screenType: ((String) -> (any ScreenType)?)?
  /// Whether a command given a screen type's options for a type not registered yet is bound again
  /// when it runs (when the script's `load` has run); else the type is unknown.
  var deferUnknownScreenTypes = true
  /// What `.` stands for where a command names a tab or a screen, as the command runs
  /// (``CurrentTargets``); `nil` while it is parsed: a `.` there makes the command bound again
  /// when it runs.
  var current: CurrentTargets?
  /// Parses the words of a ``ArgumentKindCode/commands`` parameter of the command at a location.
  var parseCommands: ([Word], SourceLocation) throws(LocatedError) -> [Command] = { _, _ in [] }

  /// What binding found.
  struct Bound {
    var arguments: Arguments
    /// Whether a word holds a hook placeholder: the command must be bound again, from its words
    /// as written, when the hook runs.
    var isDeferred: Bool
  }

  /// Binds `words` (the words after the command's name) to `declaration`.
  func bind(_ words: ArraySlice<Word>, to declaration: Declaration, at location: SourceLocation)
    throws(LocatedError) -> Bound
  {
    let parameters = declaration.parameters
    var values = [ArgumentValue?](repeating: nil, count: parameters.count)
    var lists: [Int: [ArgumentValue]] = [:]
    var commands: [Command] = []
    var positional = 0
    var onlyPositionals = !parameters.contains { $0.role != .positional }
    var deferred = false
    var queue: [Word] = []
    var queueHasPlaceholder = false
    var index = words.startIndex

    /// The next word, and whether the word it was written as holds a hook placeholder.
    func next() -> (word: Word, placeholder: Bool)? {
      while queue.isEmpty {
        guard index < words.endIndex else { return nil }
        let word = words[index]
        index += 1
        // A word without `$` stands for itself: no expansion, no queue.
        if !word.text.utf8.contains(UInt8(ascii: "$")) { return (word, false) }
        queueHasPlaceholder = placeholders && Self.hasPlaceholder(word.text)
        queue = queueHasPlaceholder ? [word] : expand(word)
      }
      return (queue.removeFirst(), queueHasPlaceholder)
    }
    func store(_ value: ArgumentValue, at slot: Int) {
      if parameters[slot].isRepeated {
        if lists[slot] == nil {
          // Room for this word and every word left, once: a list is kept as long as its script.
          var list: [ArgumentValue] = []
          list.reserveCapacity(words.endIndex - index + 1)
          lists[slot] = list
        }
        lists[slot]?.append(value)
      } else {
        values[slot] = value
      }
    }

    while true {
      if let parameter = declaration.positional(at: positional), parameter.takesCommands {
        // Words that `$@` stood for are data: they never become a hook's commands.
        if let word = queue.first {
          throw LocatedError(
            error: .failed("a hook's commands are written in the script, not given as arguments"),
            location: word.location)
        }
        let rest = Array(words[index...])
        if rest.isEmpty { break }
        commands = try parseCommands(rest, location)
        if placeholders, rest.contains(where: { Self.hasPlaceholder($0.text) }) { deferred = true }
        positional += 1
        break
      }
      guard let (word, placeholder) = next() else { break }
      // An option is a word that starts with `--`, or one a command declares by a short name
      // (`-b NAME`, as tmux's buffer commands take it).
      if !onlyPositionals, !placeholder,
        word.text.hasPrefix("--")
          || (word.text.hasPrefix("-") && declaration.option(named: word.text) != nil)
      {
        if word.text == "--" {
          onlyPositionals = true
          // The words after it are the program's (`add-tab terminal -- PROGRAM ARGS...`).
          if let program = declaration.program {
            let slot = slotIndex(of: program, in: parameters)
            var words: [ArgumentValue] = []
            while let (word, placeholder) = next() {
              if placeholder { deferred = true }
              words.append(.text(word.text))
            }
            values[slot] = .list(words)
            break
          }
          continue
        }
        if declaration.option(named: word.text) == nil, let screen = declaration.screenParameters,
          case .text(let typeName)? = values[slotIndex(of: screen.type, in: parameters)],
          takes(word.text, ofType: typeName)
        {
          guard let (valueWord, placeholder) = next() else {
            throw LocatedError(
              error: .missingOptionValue(command: declaration.fullName, option: word.text),
              location: word.location)
          }
          if placeholder { deferred = true }
          if !placeholder, try checkScreenParameter(word, valueWord, ofType: typeName) == false {
            deferred = true
          }
          let key = String(word.text.dropFirst(2))
          store(
            .keyValue(key: key, value: valueWord.text),
            at: slotIndex(of: screen.into, in: parameters))
          continue
        }
        guard let option = declaration.option(named: word.text) else {
          var options = parameters.filter { $0.spec.role != .positional }.map(\.spec.name)
          if let screen = declaration.screenParameters,
            case .text(let typeName)? = values[slotIndex(of: screen.type, in: parameters)],
            let type = screenType?(typeName)
          {
            options += type.parameters.map(\.spec.name)
          }
          throw LocatedError(
            error: .unknownOption(
              command: declaration.fullName, option: word.text,
              suggestion: closestMatch(to: word.text, in: options)),
            location: word.location)
        }
        let slot = slotIndex(of: option, in: parameters)
        guard let kind = option.kind else {
          store(.flag, at: slot)
          continue
        }
        guard let (valueWord, placeholder) = next() else {
          throw LocatedError(
            error: .missingOptionValue(command: declaration.fullName, option: word.text),
            location: word.location)
        }
        if placeholder {
          deferred = true
          store(.text(valueWord.text), at: slot)
        } else if let target = try self.target(valueWord, for: option) {
          if let target { store(target, at: slot) } else { deferred = true }
        } else if option.spec.valueName.contains(" ") {
          // An option with a value of several words (`--at ROW COL`): as many as its value's
          // names, each of its kind, kept as a list.
          let names = option.spec.valueName.split(separator: " ").map(String.init)
          var parts = [try convert(valueWord, kind: kind, name: names[0])]
          for name in names.dropFirst() {
            guard let (part, placeholder) = next(), !placeholder else {
              throw LocatedError(
                error: .missingOptionValue(command: declaration.fullName, option: word.text),
                location: word.location)
            }
            parts.append(try convert(part, kind: kind, name: name))
          }
          store(.list(parts), at: slot)
        } else {
          store(try convert(valueWord, kind: kind, name: option.spec.valueName), at: slot)
        }
        continue
      }
      guard let parameter = declaration.positional(at: positional) else {
        throw LocatedError(
          error: .tooManyArguments(
            command: declaration.fullName, word: word.text, usage: declaration.usage),
          location: word.location)
      }
      positional += 1
      let slot = slotIndex(of: parameter, in: parameters)
      if placeholder {
        deferred = true
        store(.text(word.text), at: slot)
      } else if let target = try self.target(word, for: parameter) {
        if let target { store(target, at: slot) } else { deferred = true }
      } else if let kind = parameter.kind {
        store(try convert(word, kind: kind, name: parameter.spec.name), at: slot)
      }
    }
    for (slot, list) in lists { values[slot] = .list(list) }
    // The first required positional parameter no word reached.
    var seen = 0
    for parameter in parameters where parameter.role == .positional {
      seen += 1
      guard seen > positional, !parameter.isOptional else { continue }
      throw LocatedError(
        error: .missingArgument(
          command: declaration.fullName, argument: parameter.spec.name, usage: declaration.usage),
        location: location)
    }
    let arguments = Arguments(parameters: parameters, values: values, commands: commands)
    if !deferred, let validate = declaration.validate {
      do throws(LanguageError) {
        try validate(arguments, declaration)
      } catch {
        throw LocatedError(error: error, location: location)
      }
    }
    return Bound(arguments: arguments, isDeferred: deferred)
  }

  /// A `.` given for a parameter that names a tab (of kind ``ArgumentKindCode/tab``) or a screen
  /// (an option `--to ID`): `nil` for any other word or parameter; else the selected tab's or the
  /// visible screen's id as the command runs, or `.some(nil)` while it is parsed (the command is
  /// bound again when it runs). An error when there is no such tab or screen.
  private func target(_ word: Word, for parameter: Parameter) throws(LocatedError)
    -> ArgumentValue??
  {
    guard word.text == CurrentTargets.word else { return nil }
    let namesTab = parameter.kind == .tab
    guard namesTab || CurrentTargets.namesScreen(parameter) else { return nil }
    guard let current else { return .some(nil) }
    guard let id = namesTab ? current.selectedTab : current.visibleScreen else {
      throw LocatedError(error: .shell(.noTabs), location: word.location)
    }
    return namesTab ? .tab(.name(id)) : .text(id)
  }

  /// Whether a screen type takes `--option`: it declares it, or it is not registered (yet) and
  /// ``checkScreenParameter(_:_:ofType:)`` decides.
  private func takes(_ option: String, ofType name: String) -> Bool {
    guard let screenType else { return false }
    return screenType(name).map { ScreenParameters.parameter(option, of: $0) != nil } ?? true
  }

  /// Checks the value of a screen type's declared parameter (`--start 5` after `add-tab counter`);
  /// `false` when the type is not registered yet and the command is bound again when it runs.
  private func checkScreenParameter(_ option: Word, _ value: Word, ofType name: String)
    throws(LocatedError) -> Bool
  {
    guard let type = screenType?(name) else {
      if deferUnknownScreenTypes { return false }
      throw LocatedError(
        error: .shell(.unknownScreenType(name, suggestion: nil)), location: option.location)
    }
    guard let parameter = ScreenParameters.parameter(option.text, of: type) else { return true }
    do throws(ShellError) {
      _ = try ScreenParameters.value(of: value.text, for: parameter, of: type)
    } catch {
      throw LocatedError(error: .shell(error), location: value.location)
    }
    return true
  }

  /// One word as its kind says; an error points at the word.
  func convert(_ word: Word, kind: ArgumentKindCode, name: @autoclosure () -> String)
    throws(LocatedError) -> ArgumentValue
  {
    do throws(LanguageError) {
      return try convert(word.text, kind: kind, name: name())
    } catch {
      throw LocatedError(error: error, location: word.location)
    }
  }

  private func convert(
    _ text: String, kind: ArgumentKindCode, name: @autoclosure () -> String
  ) throws(LanguageError) -> ArgumentValue {
    if kind == .commandName, let isCommand, !isCommand(text) {
      throw .unknownCommand(text, suggestion: suggestCommand(text))
    }
    do throws(ArgumentError) {
      return try kind.value(of: text)
    } catch {
      throw LanguageError(error, argument: name())
    }
  }

  private func slotIndex(of parameter: Parameter, in parameters: [Parameter]) -> Int {
    for index in parameters.indices where parameters[index] === parameter { return index }
    preconditionFailure("'\(parameter.spec.name)' is not a parameter of its declaration")
  }

  /// Whether a word holds a hook placeholder.
  static func hasPlaceholder(_ word: String) -> Bool {
    word.utf8.contains(UInt8(ascii: "$"))
      && (word.contains(text: "$tab") || word.contains(text: "$id"))
  }
}

/// A parse error and the word it points at.
struct LocatedError: Error {
  var error: LanguageError
  var location: SourceLocation
}
