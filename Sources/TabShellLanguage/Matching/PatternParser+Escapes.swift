/// ``PatternParser``'s classes (`[…]`) and escapes (`\\d`, `\\b`, `\\x41`...).
extension PatternParser {
  mutating func characterClass(_ flags: Flags) throws(PatternError) -> ScalarSet {
    let open = index
    index += 1
    var set = ScalarSet(foldsCase: flags.foldsCase)
    if next == "^" {
      set.isNegated = true
      index += 1
    }
    var first = true
    while true {
      guard let scalar = next else {
        throw PatternError("the '[' at character \(open + 1) is not closed")
      }
      if scalar == "]", !first {
        index += 1
        return set
      }
      first = false
      if scalar == "[", let kind = self.scalar(at: index + 1), [":", "=", "."].contains(kind) {
        throw .unsupported("a POSIX class ('[\(kind)')", at: index)
      }
      let start = index
      switch try classItem() {
      case .member(let member):
        set.classes.append(member)
      case .scalar(let low):
        guard next == "-", let after = self.scalar(at: index + 1), after != "]" else {
          set.ranges.append(low.value...low.value)
          continue
        }
        index += 1
        guard case .scalar(let high) = try classItem() else {
          throw PatternError("the range at character \(start + 1) ends in a class")
        }
        guard low.value <= high.value else {
          throw PatternError(
            "the range '\(text(start..<index))' at character \(start + 1) goes backwards")
        }
        set.ranges.append(low.value...high.value)
      case .assertion:
        throw PatternError(
          "'\(text(start..<index))' at character \(start + 1) means nothing in a class")
      }
    }
  }

  mutating func classItem() throws(PatternError) -> Escape {
    let scalar = scalars[index]
    guard scalar == "\\" else {
      index += 1
      return .scalar(scalar)
    }
    return try escaped()
  }

  mutating func escape(_ flags: Flags) throws(PatternError) -> PatternNode {
    switch try escaped() {
    case .scalar(let scalar): literal(scalar, flags)
    case .member(let member): .set(ScalarSet(classes: [member]))
    case .assertion(let assertion): .assertion(assertion)
    }
  }

  enum Escape {
    case scalar(Unicode.Scalar)
    case member(ScalarSet.Member)
    case assertion(PatternAssertion)
  }

  /// The escape at `index` (a backslash): a character, a class or an assertion.
  mutating func escaped() throws(PatternError) -> Escape {
    let start = index
    index += 1
    guard let scalar = next else { throw PatternError("the '\\' at the end escapes nothing") }
    index += 1
    switch scalar {
    case "d", "D": return .member(ScalarSet.Member(kind: .digit, negated: scalar == "D"))
    case "w", "W": return .member(ScalarSet.Member(kind: .word, negated: scalar == "W"))
    case "s", "S": return .member(ScalarSet.Member(kind: .space, negated: scalar == "S"))
    case "b": return .assertion(.wordBoundary)
    case "B": return .assertion(.notWordBoundary)
    case "A": return .assertion(.textStart)
    case "z": return .assertion(.textEnd)
    case "n": return .scalar("\n")
    case "t": return .scalar("\t")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "v": return .scalar("\u{0B}")
    case "a": return .scalar("\u{07}")
    case "e": return .scalar("\u{1B}")
    case "x", "u": return .scalar(try hexadecimal(escape: start))
    case "1"..."9", "k", "g":
      throw .unsupported("a backreference ('\\\(scalar)')", at: start)
    case "p", "P":
      throw .unsupported("a Unicode property ('\\\(scalar)')", at: start)
    default:
      guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
        return .scalar(scalar)
      }
      throw PatternError(
        "'\\\(scalar)' at character \(start + 1) is not an escape this syntax knows")
    }
  }

  /// `\xHH`, `\uHHHH`, or either with `{…}` around 1 to 6 hex digits.
  mutating func hexadecimal(escape start: Int) throws(PatternError) -> Unicode.Scalar {
    let braced = next == "{"
    if braced { index += 1 }
    let digitsStart = index
    var value: UInt32 = 0
    let most = braced ? 6 : (scalars[start + 1] == "x" ? 2 : 4)
    while index - digitsStart < most, let scalar = next, let digit = Self.hexDigit(scalar) {
      value = value * 16 + digit
      index += 1
    }
    let complete = braced ? index > digitsStart && next == "}" : index - digitsStart == most
    if braced, complete { index += 1 }
    guard complete, let scalar = Unicode.Scalar(value) else {
      throw PatternError(
        "the escape '\(text(start..<index))' at character \(start + 1) is not a Unicode scalar "
          + "in hex")
    }
    return scalar
  }

  static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    guard scalar.isASCII, let digit = Character(scalar).hexDigitValue else { return nil }
    return UInt32(digit)
  }

  func text(_ range: some RangeExpression<Int>) -> String {
    let bounded = range.relative(to: scalars)
    var text = ""
    text.unicodeScalars.append(
      contentsOf: scalars[bounded.clamped(to: scalars.indices.lowerBound..<scalars.count)])
    return Checks.shown(text)
  }

  func shown(_ scalar: Unicode.Scalar) -> String {
    Checks.shown(String(Character(scalar)))
  }
}
