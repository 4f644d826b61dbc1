/// A regular expression as `wait-for --regex` takes it (docs/Contract.md, "Regular expressions"),
/// compiled to a program that a ``PatternSearch`` runs over a text in time linear in the text: a
/// Thompson NFA simulation, which keeps every way the expression could still match at once (at
/// most one thread per step of the program) instead of trying them one after the other.
///
/// Swift's `Regex` backtracks: `(a+)+$` over 26 a's and a `!` takes hours, a match cannot be
/// stopped, and it held the whole shell (its signals, a session's requests) while it ran. Here a
/// search costs at most (the text's characters + 1) × (4 × the program's steps + 2), and it runs
/// in slices that can be stopped and resumed (``PatternSearch/run(steps:)``).
///
/// The syntax is the common one (that of RE2, without what only backtracking can do): characters
/// (Unicode scalars) and their escapes, `.`, classes, groups, alternatives, the counts `* + ? {n}
/// {n,} {n,m}` (lazy forms too: a search only says whether there is a match), the anchors `^` `$`
/// (of a line) `\A` `\z` (of the text) `\b` `\B`, and the flags `(?i)` and `(?s)`. Backreferences,
/// lookaround, atomic groups, possessive counts, `\p{…}` and `[:class:]` are errors that say so.
package struct TextPattern: Sendable {
  /// The largest count (`{n}`, `{n,m}`), as RE2's.
  package static let countLimit = 1_000
  /// The most steps a program has, once its counts are written out.
  package static let sizeLimit = 10_000
  /// The deepest groups nest.
  package static let nestingLimit = 100

  /// The compiled expression.
  let program: PatternProgram

  /// Compiles `source`; a mistake, or what this syntax does not have, is thrown with its place.
  package init(_ source: String) throws(PatternError) {
    var parser = PatternParser(source)
    program = try PatternProgram(try parser.parse())
  }

  /// A search for a match anywhere in `text`, not started yet.
  package func search(in text: String) -> PatternSearch {
    PatternSearch(program, text: text)
  }

  /// Whether the expression matches somewhere in `text` (searched to the end, however long that
  /// takes: linear in `text`).
  package func matches(_ text: String) -> Bool {
    var search = search(in: text)
    return search.run(steps: .max) == .found
  }
}

/// Why a text is not a regular expression of ``TextPattern``'s syntax.
package struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason, with its place: `the '(' at character 1 is not closed`.
  package var message: String

  package var description: String { message }

  init(_ message: String) {
    self.message = message
  }

  /// Something of other syntaxes that needs backtracking, at `offset` (from 0).
  static func unsupported(_ what: String, at offset: Int) -> PatternError {
    PatternError(
      "\(what) at character \(offset + 1) is not supported: a search here takes time linear in "
        + "the text")
  }
}
