/// Reads ``TextPattern``'s syntax into a ``PatternNode``: a recursive descent over the
/// expression's Unicode scalars, as deep as its groups nest (at most
/// ``TextPattern/nestingLimit``). A mistake is thrown with its place, counted in characters from 1.
struct PatternParser {
  /// The flags in force: `(?i)` and `(?s)`.
  struct Flags {
    var foldsCase = false
    var dotAll = false
  }

  let scalars: [Unicode.Scalar]
  var index = 0
  private var depth = 0

  init(_ source: String) {
    scalars = Array(source.unicodeScalars)
  }

  mutating func parse() throws(PatternError) -> PatternNode {
    let node = try alternation(Flags())
    // Only a `)` ends the alternatives before the end.
    if index < scalars.count {
      throw PatternError("the ')' at character \(index + 1) closes no '('")
    }
    return node
  }

  var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  func scalar(at offset: Int) -> Unicode.Scalar? {
    offset < scalars.count ? scalars[offset] : nil
  }

  /// Alternatives up to a `)` or the end; `(?i)` and the like change the flags for the rest.
  private mutating func alternation(_ flags: Flags) throws(PatternError) -> PatternNode {
    var flags = flags
    var branches: [PatternNode] = []
    var items: [PatternNode] = []
    while let scalar = next, scalar != ")" {
      if scalar == "|" {
        branches.append(Self.sequence(items))
        items = []
        index += 1
      } else if let changed = try flagChange(flags) {
        flags = changed
      } else {
        items.append(try counted(try atom(flags)))
      }
    }
    branches.append(Self.sequence(items))
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private static func sequence(_ items: [PatternNode]) -> PatternNode {
    items.count == 1 ? items[0] : .concatenation(items)
  }

  private mutating func atom(_ flags: Flags) throws(PatternError) -> PatternNode {
    let scalar = scalars[index]
    switch scalar {
    case "(": return try group(flags)
    case "[": return .set(try characterClass(flags))
    case "\\": return try escape(flags)
    case "*", "+", "?": throw nothingToRepeat()
    case "{" where count(at: index) != nil: throw nothingToRepeat()
    default: break
    }
    index += 1
    switch scalar {
    case ".": return .set(.anyCharacter(newline: flags.dotAll))
    case "^": return .assertion(.lineStart)
    case "$": return .assertion(.lineEnd)
    default: return literal(scalar, flags)
    }
  }

  func literal(_ scalar: Unicode.Scalar, _ flags: Flags) -> PatternNode {
    guard flags.foldsCase, ScalarSet.cases(of: scalar).count > 1 else { return .scalar(scalar) }
    return .set(.literal(scalar, foldingCase: true))
  }

  private func nothingToRepeat() -> PatternError {
    PatternError("the '\(shown(scalars[index]))' at character \(index + 1) has nothing to repeat")
  }

  // MARK: Counts

  /// `node` with the count written after it, if any (a lazy one is the same: a search says only
  /// whether there is a match).
  private mutating func counted(_ node: PatternNode) throws(PatternError) -> PatternNode {
    let start = index
    guard let (minimum, maximum, length) = quantifier(at: start) else { return node }
    index += length
    if next == "?" {
      index += 1
    } else if next == "+" {
      throw .unsupported("a possessive count ('\(text(start...index))')", at: start)
    }
    if quantifier(at: index) != nil {
      throw PatternError(
        "the '\(shown(scalars[index]))' at character \(index + 1) repeats a count")
    }
    if minimum > TextPattern.countLimit || (maximum ?? 0) > TextPattern.countLimit {
      throw PatternError(
        "the count '\(text(start..<start + length))' at character \(start + 1) is over "
          + "\(TextPattern.countLimit)")
    }
    if let maximum, minimum > maximum {
      throw PatternError(
        "the count '\(text(start..<start + length))' at character \(start + 1) has its "
          + "minimum above its maximum")
    }
    return .repetition(node, minimum: minimum, maximum: maximum)
  }

  /// The count at `offset` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`) and its length; `nil` for none
  /// (a `{` that starts no count is itself).
  private func quantifier(at offset: Int) -> (Int, Int?, Int)? {
    switch scalar(at: offset) {
    case "*": (0, nil, 1)
    case "+": (1, nil, 1)
    case "?": (0, 1, 1)
    case "{": count(at: offset)
    default: nil
    }
  }

  private func count(at offset: Int) -> (Int, Int?, Int)? {
    var end = offset + 1
    func number() -> Int? {
      let start = end
      var value = 0
      while let scalar = scalar(at: end), let digit = Character(scalar).wholeNumberValue,
        scalar.isASCII
      {
        value = min(value * 10 + digit, TextPattern.countLimit + 1)
        end += 1
      }
      return end > start ? value : nil
    }
    guard let minimum = number() else { return nil }
    var maximum: Int? = minimum
    if scalar(at: end) == "," {
      end += 1
      maximum = number()
    }
    guard scalar(at: end) == "}" else { return nil }
    return (minimum, maximum, end + 1 - offset)
  }

  // MARK: Groups

  private mutating func group(_ flags: Flags) throws(PatternError) -> PatternNode {
    let open = index
    depth += 1
    defer { depth -= 1 }
    guard depth <= TextPattern.nestingLimit else {
      throw PatternError(
        "the groups nest more than \(TextPattern.nestingLimit) deep at character \(open + 1)")
    }
    index += 1
    var inner = flags
    if next == "?" {
      index += 1
      inner = try groupKind(flags, open: open)
    }
    let node = try alternation(inner)
    guard next == ")" else { throw PatternError("the '(' at character \(open + 1) is not closed") }
    index += 1
    return node
  }

  /// What follows `(?`: `:`, a name, or flags and `:`; the flags inside the group.
  private mutating func groupKind(_ flags: Flags, open: Int) throws(PatternError) -> Flags {
    switch (next, scalar(at: index + 1)) {
    case (":", _):
      index += 1
    case ("=", _), ("!", _):
      throw .unsupported("a lookahead ('(?\(shown(scalars[index]))')", at: open)
    case ("<", "="), ("<", "!"):
      throw .unsupported("a lookbehind ('(?<\(shown(scalars[index + 1]))')", at: open)
    case (">", _):
      throw .unsupported("an atomic group ('(?>')", at: open)
    case ("P", "="):
      throw .unsupported("a backreference ('(?P=')", at: open)
    case ("<", _), ("'", _):
      try groupName(open: open)
    case ("P", "<"):
      index += 1
      try groupName(open: open)
    default:
      var end = index
      while let scalar = scalar(at: end), Self.isFlag(scalar) {
        end += 1
      }
      guard end > index, scalar(at: end) == ":" else {
        throw PatternError(
          "the group at character \(open + 1) starts with '(?' and nothing this syntax knows")
      }
      let changed = try self.flags(from: index, to: end, flags)
      index = end + 1
      return changed
    }
    return flags
  }

  /// `<NAME>` or `'NAME'` of a named group (a group like any other here).
  private mutating func groupName(open: Int) throws(PatternError) {
    let closing: Unicode.Scalar = next == "'" ? "'" : ">"
    index += 1
    let start = index
    while let scalar = next, scalar == "_" || ScalarSet.isWord(scalar) { index += 1 }
    guard index > start, next == closing else {
      throw PatternError(
        "the group at character \(open + 1) has no name closed by '\(shown(closing))'")
    }
    index += 1
  }

  /// `(?i)`, `(?-s)`, ...: the flags for the rest of the group; `nil` when none starts here.
  private mutating func flagChange(_ flags: Flags) throws(PatternError) -> Flags? {
    guard next == "(", scalar(at: index + 1) == "?" else { return nil }
    var end = index + 2
    while let scalar = scalar(at: end), Self.isFlag(scalar) { end += 1 }
    guard end > index + 2, scalar(at: end) == ")" else { return nil }
    let changed = try self.flags(from: index + 2, to: end, flags)
    index = end + 1
    return changed
  }

  private static func isFlag(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || (scalar.isASCII && scalar.properties.isAlphabetic)
  }

  private func flags(from start: Int, to end: Int, _ flags: Flags) throws(PatternError) -> Flags {
    var flags = flags
    var on = true
    for offset in start..<end {
      switch scalars[offset] {
      case "-" where on: on = false
      case "i": flags.foldsCase = on
      case "s": flags.dotAll = on
      // `^` and `$` are a line's already.
      case "m": break
      default:
        throw PatternError(
          "the flag '\(shown(scalars[offset]))' at character \(offset + 1) is not supported "
            + "(only i, s and m)")
      }
    }
    return flags
  }
}
