@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

extension Interpreter {
  /// Completions for the word between `wordStart` and `wordEnd` (UTF-8 offsets into `line`): command
  /// names first, then each argument by its kind. Full words, sorted, without duplicates.
  package func completions(line: String, wordStart: Int, wordEnd: Int) -> [String] {
    let utf8 = Array(line.utf8)
    let start = min(max(0, wordStart), utf8.count)
    let end = min(max(start, wordEnd), utf8.count)
    let word = String(decoding: utf8[start..<end], as: UTF8.self)
    let before = String(decoding: utf8[..<start], as: UTF8.self)
    let previous = Lexer.lex(before + "x").commands.last?.words.dropLast().map(\.text) ?? []
    // A candidate with a control character (a title from a plugin, say) is not offered: readline
    // would list it raw, and it could not be typed anyway.
    return complete(word, after: previous).filter {
      $0.hasPrefix(word) && Renderer.neutralized($0) == $0
    }.uniquedSorted()
  }

  /// Candidates for `word`, which follows the words `previous` of its command.
  func complete(_ word: String, after previous: [String]) -> [String] {
    guard let name = previous.first else { return commandNames }
    guard let declaration = table.command(named: name) ?? screenCommand(named: name)?.0 else {
      return []
    }
    return complete(word, after: Array(previous.dropFirst()), for: declaration)
  }

  /// Every command name: built-in, then the visible screen's.
  var commandNames: [String] {
    table.names + (shell.visibleScreenType?.commands.map(\.name) ?? [])
  }

  /// Candidates for `word`, which follows `arguments` of a command declared by `declaration`.
  func complete(_ word: String, after arguments: [String], for declaration: Declaration)
    -> [String]
  {
    if !declaration.subcommands.isEmpty {
      guard let first = arguments.first else { return declaration.subcommands.map(\.name) }
      guard let subcommand = declaration.subcommand(named: first) else { return [] }
      return complete(word, after: Array(arguments.dropFirst()), for: subcommand)
    }
    // After `add-tab TYPE`, TYPE's own options too.
    let typeOptions = screenTypeOptions(for: declaration, after: arguments)
    func option(named name: String) -> Parameter? {
      declaration.option(named: name) ?? typeOptions.first { $0.spec.name == name }
    }
    if let last = arguments.last, let option = option(named: last), let kind = option.spec.kind {
      return candidates(kind, word: word)
    }
    let options = declaration.parameters.filter { $0.spec.role != .positional } + typeOptions
    if word.hasPrefix("-"), !options.isEmpty { return options.map(\.spec.name) }
    var position = 0
    var index = 0
    while index < arguments.count {
      if let option = option(named: arguments[index]) {
        index += option.spec.role == .flag ? 1 : 2
        continue
      }
      if declaration.positional(at: position)?.spec.kind == .commands {
        return complete(word, after: Array(arguments[index...]))
      }
      position += 1
      index += 1
    }
    guard let parameter = declaration.positional(at: position), let kind = parameter.spec.kind
    else { return [] }
    if kind == .commands { return complete(word, after: []) }
    return candidates(kind, word: word)
  }

  /// The options the screen type named after a command such as `add-tab` declares
  /// (``Declaration/screenParameters``): none before the type is written, or for an unknown one.
  func screenTypeOptions(for declaration: Declaration, after arguments: [String]) -> [Parameter] {
    guard declaration.screenParameters != nil else { return [] }
    var index = 0
    while index < arguments.count, let option = declaration.option(named: arguments[index]) {
      index += option.spec.role == .flag ? 1 : 2
    }
    guard index < arguments.count else { return [] }
    return shell.screenTypes.first { $0.name == arguments[index] }?.parameters ?? []
  }

  func candidates(_ kind: ArgumentKindCode, word: String) -> [String] {
    switch kind {
    case .tab:
      return shell.tabs.flatMap { [String($0.position), $0.id, $0.item.title] }
    case .screenType: return shell.screenTypes.map(\.name)
    case .layout: return shell.layouts.map(\.name)
    case .event, .direction, .choice, .suggesting: return kind.fixedWords ?? []
    case .commandName: return table.names + shell.screenTypes.flatMap { $0.commands.map(\.name) }
    case .path: return files(matching: word)
    case .integer, .seconds, .text, .commands, .keyValue: return []
    }
  }

  /// Paths that start with `word`: the entries of its directory, state.directories with a `/`; hidden
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
