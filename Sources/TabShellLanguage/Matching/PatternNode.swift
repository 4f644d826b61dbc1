/// A parsed regular expression (``PatternParser``), before ``PatternProgram`` compiles it.
indirect enum PatternNode: Equatable, Sendable {
  /// One character of a set.
  case set(ScalarSet)
  /// One character: itself.
  case scalar(Unicode.Scalar)
  /// A place where something holds, taking no character.
  case assertion(PatternAssertion)
  /// Each in turn (none: the empty text).
  case concatenation([PatternNode])
  /// One of them.
  case alternation([PatternNode])
  /// The node at least `minimum` times, at most `maximum` (`nil`: no end).
  case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// What a zero-width part of an expression checks, between the character before and the one after.
enum PatternAssertion: Equatable, Sendable {
  /// `^`: the start of the text or of a line.
  case lineStart
  /// `$`: the end of the text or of a line.
  case lineEnd
  /// `\A`.
  case textStart
  /// `\z`.
  case textEnd
  /// `\b`: a word character on one side only.
  case wordBoundary
  /// `\B`.
  case notWordBoundary

  /// Whether it holds between `before` and `after` (`nil`: the text's start or end).
  func holds(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
    switch self {
    case .lineStart: before == nil || before == "\n"
    case .lineEnd: after == nil || after == "\n"
    case .textStart: before == nil
    case .textEnd: after == nil
    case .wordBoundary: ScalarSet.isWord(before) != ScalarSet.isWord(after)
    case .notWordBoundary: ScalarSet.isWord(before) == ScalarSet.isWord(after)
    }
  }
}

/// A set of characters: ranges of scalars and classes (`\d`, `\w`, `\s`, each maybe negated), the
/// whole maybe negated (`[^…]`), maybe regardless of case (`(?i)`).
struct ScalarSet: Equatable, Sendable {
  /// `\d`, `\w`, `\s` (Unicode's decimal digits; letters, digits and `_`; white space).
  enum Class: Equatable, Sendable {
    case digit, word, space
  }

  /// A class in a set: `\d`, or `\D` (negated).
  struct Member: Equatable, Sendable {
    var kind: Class
    var negated: Bool
  }

  var ranges: [ClosedRange<UInt32>] = []
  var classes: [Member] = []
  var isNegated = false
  /// Whether a character's other case (its single-scalar lower- and upper-case forms) counts.
  var foldsCase = false

  /// `.`: any character but a newline (with `(?s)`, any).
  static func anyCharacter(newline: Bool) -> ScalarSet {
    ScalarSet(ranges: newline ? [] : [0x0A...0x0A], isNegated: true)
  }

  /// One class, maybe negated (`\D`).
  static func of(_ kind: Class, negated: Bool) -> ScalarSet {
    ScalarSet(classes: [Member(kind: kind, negated: negated)])
  }

  /// `scalar` and, when `foldingCase`, its other cases.
  static func literal(_ scalar: Unicode.Scalar, foldingCase: Bool) -> ScalarSet {
    var set = ScalarSet()
    for form in foldingCase ? cases(of: scalar) : [scalar] {
      set.ranges.append(form.value...form.value)
    }
    return set
  }

  /// Whether `scalar` is in the set.
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    guard foldsCase else { return isNegated != holds(scalar) }
    return isNegated != Self.cases(of: scalar).contains(where: holds)
  }

  private func holds(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    for range in ranges where range.contains(value) { return true }
    for member in classes where member.negated != Self.belongs(scalar, to: member.kind) {
      return true
    }
    return false
  }

  /// `scalar`, its lower-case and its upper-case form (each when it is one scalar), without
  /// repeats.
  static func cases(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if scalar.isASCII {
      let value = scalar.value
      if (0x41...0x5A).contains(value) { return [scalar, Unicode.Scalar(UInt8(value + 0x20))] }
      if (0x61...0x7A).contains(value) { return [scalar, Unicode.Scalar(UInt8(value - 0x20))] }
      return [scalar]
    }
    var forms = [scalar]
    for mapping in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
      let scalars = mapping.unicodeScalars
      if scalars.count == 1, let form = scalars.first, !forms.contains(form) { forms.append(form) }
    }
    return forms
  }

  static func belongs(_ scalar: Unicode.Scalar, to kind: Class) -> Bool {
    switch kind {
    case .digit:
      if scalar.isASCII { return (0x30...0x39).contains(scalar.value) }
      return scalar.properties.numericType == .decimal
    case .word: return isWord(scalar)
    case .space:
      if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
      return scalar.properties.isWhitespace
    }
  }

  /// `\w`: a letter, a decimal digit or `_`; `nil` (past the text) is none.
  static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    if scalar.isASCII {
      let value = scalar.value
      return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
        || (0x61...0x7A).contains(value) || value == 0x5F
    }
    return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
  }
}
