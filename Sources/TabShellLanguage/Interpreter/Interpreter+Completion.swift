import TabShellKit
import TabShellPlatform

extension Interpreter {
  /// Completions for the word between `wordStart` and `wordEnd` (UTF-8 offsets into `line`): command
  /// names first, then each argument by its kind. Full words, sorted, without duplicates.
  public func completions(line: String, wordStart: Int, wordEnd: Int) -> [String] {
    let utf8 = Array(line.utf8)
    let start = min(max(0, wordStart), utf8.count)
    let end = min(max(start, wordEnd), utf8.count)
    let word = String(decoding: utf8[start..<end], as: UTF8.self)
    let before = String(decoding: utf8[..<start], as: UTF8.self)
    let previous = Lexer.lex(before + "x").commands.last?.words.dropLast().map(\.text) ?? []
    return complete(word, after: previous).filter { $0.hasPrefix(word) }.uniquedSorted()
  }

  /// Candidates for `word`, which follows the words `previous` of its command.
  func complete(_ word: String, after previous: [String]) -> [String] {
    guard let name = previous.first else { return commandNames }
    if let builtin = table.command(named: name) {
      return complete(word, after: Array(previous.dropFirst()), for: builtin.declaration)
    }
    for type in shell.screenTypes {
      if let command = type.commands.first(where: { $0.name == name }) {
        return complete(word, after: Array(previous.dropFirst()), for: command)
      }
    }
    return []
  }

  /// Every command name: built-in, then the visible screen's.
  var commandNames: [String] {
    table.names + (shell.visibleScreenType?.commands.map(\.name) ?? [])
  }

  func complete<Context>(
    _ word: String, after arguments: [String], for declaration: CommandDeclaration<Context>
  ) -> [String] {
    if let last = arguments.last,
      let option = declaration.options.first(where: { $0.name == last }), let kind = option.value
    {
      return candidates(kind, word: word)
    }
    if word.hasPrefix("-"), !declaration.options.isEmpty { return declaration.options.map(\.name) }
    var position = 0
    var index = 0
    while index < arguments.count {
      if let option = declaration.options.first(where: { $0.name == arguments[index] }) {
        index += option.value == nil ? 1 : 2
      } else {
        position += 1
        index += 1
      }
    }
    if declaration.name == "on", position >= 1 {
      return complete(word, after: Array(arguments.dropFirst()))
    }
    if declaration.name == "expect", position >= 1,
      let form = ExpectCommand.forms.first(where: { $0.name == arguments[0] })
    {
      return complete(word, after: Array(arguments.dropFirst()), for: form)
    }
    guard let argument = ArgumentBinder.declaredArgument(at: position, in: declaration.arguments)
    else { return [] }
    return candidates(argument.kind, word: word)
  }

  func candidates(_ kind: ArgumentKind, word: String) -> [String] {
    switch kind {
    case .tab:
      return shell.tabs.flatMap { [String($0.position), $0.id, $0.item.title] }
    case .screenType: return shell.screenTypes.map(\.name)
    case .layout: return shell.layouts.map(\.name)
    case .event: return EventName.allCases.map(\.rawValue)
    case .direction: return SwipeDirection.allCases.map(\.rawValue)
    case .choice(let choices): return choices
    case .command: return table.names + shell.screenTypes.flatMap { $0.commands.map(\.name) }
    case .path: return files(matching: word)
    default: return []
    }
  }

  /// Paths that start with `word`: the entries of its directory, directories with a `/`; hidden
  /// entries only when `word` asks for them.
  func files(matching word: String) -> [String] {
    let slash = word.lastIndex(of: "/")
    let prefix = slash.map { String(word[...$0]) } ?? ""
    let showHidden = word.dropFirst(prefix.count).hasPrefix(".")
    let directory = resolve(prefix.isEmpty ? "." : prefix)
    return (DirectoryListing.entries(of: directory) ?? []).compactMap { entry in
      if entry.name.hasPrefix(".") && !showHidden { return nil }
      return prefix + entry.name + (entry.isDirectory ? "/" : "")
    }
  }
}

extension Array where Element == String {
  func uniquedSorted() -> [String] { Array(Set(self)).sorted() }
}
