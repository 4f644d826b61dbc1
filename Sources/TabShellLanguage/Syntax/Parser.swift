@_spi(Host) import TabShellKit

/// Turns script text into a ``Script``: lexes it, resolves every command's declaration and binds its
/// arguments, collecting every error. It knows no command by name: what a command takes, and whether
/// it may add commands, come from its declaration.
struct Parser {
  /// The built-in commands.
  let table: CommandTable
  /// The names of the commands that registered screen types declare.
  let screenCommands: Set<String>
  /// The registered screen type of a name, for the parameters it declares.
  var screenType: ((String) -> (any ScreenType)?)?
  /// The script's arguments, for `$1`...
  var substitution = Substitution()

  /// How deep `on` may nest in a hook's commands.
  static let hookNestingLimit = 8

  /// How many errors a script may have before parsing stops (as a compiler's error limit): the
  /// report of a file that is not a script at all stays short, and comes quickly.
  static let diagnosticLimit = 100

  /// Parses a whole script.
  ///
  /// A plain line (blanks and plain words only: no `;`, `#`, quotes or backslashes) written again,
  /// such as `tab 2` or `swipe left`, is not lexed nor bound again: it is found by its bytes in a
  /// table of the plain lines parsed so far and shares the command parsed the first time, so that
  /// a long script of them is parsed fast and held small.
  ///
  /// With `deferringUnknown`, a name that is no command yet is taken as a screen type's command,
  /// looked up when it runs (as after a `load`).
  func parse(
    _ source: String, file: String?, directory: String, deferringUnknown: Bool = false
  ) -> Script {
    var source = source
    var lines = ScriptLines(parser: self, file: file)
    lines.deferUnknown = deferringUnknown
    source.withUTF8 { lines.parse($0) }
    lines.diagnostics.sort {
      ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
    }
    if let line = lines.stoppedAt {
      lines.diagnostics.append(
        Diagnostic(
          file: file, location: SourceLocation(line: line, column: 1),
          error: .tooManyErrors(limit: Self.diagnosticLimit)))
    }
    return Script(
      file: file, directory: directory, commands: lines.commands, diagnostics: lines.diagnostics)
  }

  /// Resolves one command: its declaration (a subcommand picked by the next word), its bound
  /// arguments. `depth` is how deep in hooks' commands it is (0: a script's own line).
  func resolve(_ raw: RawCommand, deferUnknown: Bool, depth: Int) throws(LocatedError) -> Command {
    try resolve(
      raw, deferUnknown: deferUnknown, binder: binder(deferUnknown: deferUnknown, depth: depth))
  }

  /// Resolves one command with `binder`, ``binder(deferUnknown:depth:)``'s for the same values,
  /// made once by a caller that resolves many commands (and borrowed: a copy of a binder costs a
  /// retain of each of its functions).
  func resolve(
    _ raw: RawCommand, deferUnknown: Bool, binder: borrowing Binder
  ) throws(LocatedError) -> Command {
    let name = raw.words[0].text
    guard let index = table.index(of: name) else {
      if screenCommands.contains(name) || deferUnknown {
        return Command(
          target: .screen(name), arguments: .none, location: raw.location,
          words: Array(raw.words.dropFirst()))
      }
      throw LocatedError(
        error: .unknownCommand(name, suggestion: suggestion(for: name)), location: raw.location)
    }
    var declarationIndex = index
    var words = raw.words.dropFirst()
    if !table.declarations[index].subcommands.isEmpty {
      let declaration = table.declarations[index]
      guard let word = words.first else {
        throw LocatedError(
          error: .missingArgument(command: name, argument: "CHECK", usage: declaration.usage),
          location: raw.location)
      }
      guard let subcommand = table.index(of: word.text, in: declaration) else {
        let choices = declaration.subcommands.map(\.name)
        throw LocatedError(
          error: .notAChoice(
            word.text, argument: "CHECK", choices: choices,
            suggestion: closestMatch(to: word.text, in: choices)),
          location: word.location)
      }
      declarationIndex = subcommand
      words = words.dropFirst()
    }
    let bound = try binder.bind(words, to: table.declarations[declarationIndex], at: raw.location)
    return Command(
      target: .builtin(declarationIndex), arguments: bound.arguments, location: raw.location,
      words: bound.isDeferred ? Array(words) : nil)
  }

  /// The binder for a command at `depth`.
  func binder(deferUnknown: Bool, depth: Int) -> Binder {
    var binder = Binder()
    binder.expand = substitution.expand
    binder.placeholders = depth > 0
    if !deferUnknown {
      binder.isCommand = { table.index(of: $0) != nil || screenCommands.contains($0) }
    }
    binder.suggestCommand = suggestion(for:)
    binder.screenType = screenType
    binder.parseCommands = { words, location throws(LocatedError) in
      try parseHook(words, at: location, depth: depth + 1, deferUnknown: deferUnknown)
    }
    return binder
  }

  /// A hook's commands: one word holding commands separated by `;`, or the words of one command.
  /// Every word of them is placed where the hook is written (`location`), for errors.
  func parseHook(_ words: [Word], at location: SourceLocation, depth: Int, deferUnknown: Bool)
    throws(LocatedError) -> [Command]
  {
    guard depth <= Self.hookNestingLimit else {
      throw LocatedError(
        error: .hookNestingTooDeep(limit: Self.hookNestingLimit), location: location)
    }
    var raw: [RawCommand]
    if words.count == 1 {
      let (lexed, errors) = Lexer.lex(words[0].text)
      if let first = errors.first { throw LocatedError(error: first.1, location: location) }
      raw = lexed
    } else {
      raw = [RawCommand(words: words)]
    }
    var commands: [Command] = []
    for var command in raw {
      for i in command.words.indices { command.words[i].location = location }
      let source = ScriptWords.line(command.words.map(\.text), literalDollars: false)
      commands.append(
        try resolve(command, deferUnknown: deferUnknown, depth: depth).written(as: source))
      if declaration(of: commands[commands.count - 1])?.readsOutput == true {
        keepOutput(before: commands.count - 1, in: &commands)
      }
    }
    return commands
  }

  /// The declaration a built-in command runs.
  func declaration(of command: Command) -> Declaration? {
    if case .builtin(let index) = command.boxed.target { return table.declarations[index] }
    return nil
  }

  /// Has the command before `index` (checks aside) keep its output, for the `expect output` at
  /// `index`.
  func keepOutput(before index: Int, in commands: inout [Command]) {
    var previous = index - 1
    while previous >= 0, declaration(of: commands[previous])?.isCheck == true { previous -= 1 }
    if previous >= 0 { commands[previous] = commands[previous].keepingOutput() }
  }

  /// The closest command name to `name`, built-in or of a screen type.
  func suggestion(for name: String) -> String? {
    closestMatch(to: name, in: table.names + screenCommands)
  }
}

/// A script being parsed, line by line.
private struct ScriptLines {
  let parser: Parser
  let file: String?
  var commands: [Command] = []
  var diagnostics: [Diagnostic] = []
  /// Set after a command that may add commands (`load`): unknown names wait until they run.
  var deferUnknown = false
  var seen = PlainLineTable()
  /// The line where parsing stopped after ``Parser/diagnosticLimit`` errors.
  var stoppedAt: Int?
  /// The binders of a script's own lines, before and after ``deferUnknown`` is set: made once.
  let binder: Binder
  lazy var deferringBinder = parser.binder(deferUnknown: true, depth: 0)

  init(parser: Parser, file: String?) {
    self.parser = parser
    self.file = file
    self.binder = parser.binder(deferUnknown: false, depth: 0)
  }

  /// What a byte is to the scan of a line: a byte of a word, a blank, the newline, or a byte that
  /// only the lexer reads (`;`, `#`, quotes, a backslash, a carriage return).
  private enum ByteKind { case word, blank, newline, special }

  /// Each byte's kind: one load a byte instead of a comparison with each byte the scan knows.
  private static let byteKinds: [ByteKind] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: " "), UInt8(ascii: "\t"): .blank
    case UInt8(ascii: "\n"): .newline
    case UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "'"), UInt8(ascii: "\""),
      UInt8(ascii: "\\"), UInt8(ascii: "\r"):
      .special
    default: .word
    }
  }

  mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) {
    Self.byteKinds.withUnsafeBufferPointer { kinds in parse(bytes, kinds: kinds) }
  }

  private mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, kinds: UnsafeBufferPointer<ByteKind>
  ) {
    commands.reserveCapacity(bytes.count / 8 + 1)
    var index = 0
    var line = 1
    while index < bytes.count {
      // An interrupt stops a long parse too (the run then stops before its first command).
      if line & 0xFFF == 0, Interpreter.isInterrupted { return }
      // One pass over the physical line: where it ends, whether it is plain, and its hash (from its
      // first to its last non-blank byte).
      var end = index
      var first = -1
      var last = index
      var plain = true
      var hash = PlainLineTable.hashSeed
      var hashToLast = hash
      scan: while end < bytes.count {
        let byte = bytes[end]
        switch kinds[Int(byte)] {
        case .word:
          if first < 0 { first = end }
          hash = PlainLineTable.hash(hash, byte)
          hashToLast = hash
          last = end + 1
        case .blank:
          if first >= 0 { hash = PlainLineTable.hash(hash, byte) }
        case .newline:
          break scan
        case .special:
          plain = false
        }
        end += 1
      }
      if plain {
        if first < 0 {
          // A blank line.
          index = end + 1
          line += 1
          continue
        }
        let text = UnsafeBufferPointer(rebasing: bytes[first..<last])
        if let command = seen.command(for: text, hash: hashToLast) {
          var command = command
          command.location = SourceLocation(line: line, column: first - index + 1)
          commands.append(command)
          index = end + 1
          line += 1
          continue
        }
        // A plain line seen the first time: its words are split at its blanks, no more.
        if let raw = Lexer.plainLine(bytes, from: index, to: end, line: line) {
          add(raw, plainText: (text, hashToLast))
        }
        (index, line) = end < bytes.count ? (end + 1, line + 1) : (end, line)
      } else {
        let lexed = Lexer.lexLine(bytes, from: index, line: line)
        for raw in lexed.commands { add(raw, plainText: nil) }
        diagnostics += lexed.errors.map { Diagnostic(file: file, location: $0.0, error: $0.1) }
        (index, line) = (lexed.end, lexed.nextLine)
      }
      if diagnostics.count >= Parser.diagnosticLimit, index < bytes.count {
        stoppedAt = line
        return
      }
    }
  }

  /// Resolves a command; a plain line's command is remembered, by its text (from its first to
  /// its last non-blank byte) and the hash of it, for the next time it is written.
  private mutating func add(
    _ raw: RawCommand, plainText: (bytes: UnsafeBufferPointer<UInt8>, hash: UInt64)?
  ) {
    do throws(LocatedError) {
      let command =
        deferUnknown
        ? try parser.resolve(raw, deferUnknown: true, binder: deferringBinder)
        : try parser.resolve(raw, deferUnknown: false, binder: binder)
      // The declaration's flags, read in place (a copy of a declaration costs more).
      var readsOutput = false
      // A line is shared only when nothing in its command holds this line's place: not words
      // bound when it runs (their errors point at them), nor a hook's commands (placed here).
      var shareable = command.boxed.words == nil
      if case .builtin(let index) = command.boxed.target {
        if parser.table.declarations[index].mayAddCommands { deferUnknown = true }
        readsOutput = parser.table.declarations[index].readsOutput
        shareable = shareable && !parser.table.declarations[index].takesCommands
      }
      commands.append(command)
      if readsOutput {
        // Not remembered as a plain line: each one has the command before it keep its output.
        parser.keepOutput(before: commands.count - 1, in: &commands)
      } else if let plainText, shareable {
        seen.insert(plainText.bytes, hash: plainText.hash, command)
      }
    } catch {
      diagnostics.append(Diagnostic(file: file, location: error.location, error: error.error))
    }
  }
}
