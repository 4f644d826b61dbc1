/// A ``PatternNode`` compiled for a Thompson NFA (Russ Cox, "Regular Expression Matching Can Be
/// Simple And Fast"): steps that take one character, and steps that take none and go on to one or
/// two others. Its size is known before it is written out, and bounded by
/// ``TextPattern/sizeLimit``: counts copy what they repeat.
struct PatternProgram: Sendable {
  enum Step: Equatable, Sendable {
    /// Takes this character.
    case scalar(Unicode.Scalar)
    /// Takes a character of `sets[index]`.
    case set(Int)
    /// Goes on here.
    case jump(Int)
    /// Goes on at both.
    case split(Int, Int)
    /// Goes on to the next step where this holds.
    case assertion(PatternAssertion)
    /// The expression matched.
    case match
  }

  private(set) var steps: [Step] = []
  private(set) var sets: [ScalarSet] = []

  init(_ node: PatternNode) throws(PatternError) {
    let size = Self.size(of: node) + 1
    guard size <= TextPattern.sizeLimit else {
      throw PatternError(
        "it is too large: \(size > TextPattern.sizeLimit * 10 ? "far " : "")more than "
          + "\(TextPattern.sizeLimit) steps once its counts are written out")
    }
    steps.reserveCapacity(size)
    emit(node)
    steps.append(.match)
  }

  /// How many steps `node` compiles to, saturating past ten times the limit (never overflowing).
  static func size(of node: PatternNode) -> Int {
    let cap = TextPattern.sizeLimit * 10 + 1
    func capped(_ value: Int) -> Int { min(value, cap) }
    switch node {
    case .set, .scalar, .assertion:
      return 1
    case .concatenation(let items):
      return items.reduce(0) { capped($0 + size(of: $1)) }
    case .alternation(let branches):
      // A split and a jump for each branch but the last.
      return branches.reduce(2 * (branches.count - 1)) { capped($0 + size(of: $1)) }
    case .repetition(let inner, let minimum, let maximum):
      let one = size(of: inner)
      let required = capped(minimum * one)
      guard let maximum else { return capped(required + one + 2) }
      return capped(required + (maximum - minimum) * (one + 1))
    }
  }

  private mutating func emit(_ node: PatternNode) {
    switch node {
    case .scalar(let scalar):
      steps.append(.scalar(scalar))
    case .set(let set):
      sets.append(set)
      steps.append(.set(sets.count - 1))
    case .assertion(let assertion):
      steps.append(.assertion(assertion))
    case .concatenation(let items):
      for item in items { emit(item) }
    case .alternation(let branches):
      var jumps: [Int] = []
      for (offset, branch) in branches.enumerated() {
        guard offset < branches.count - 1 else {
          emit(branch)
          break
        }
        let split = steps.count
        steps.append(.split(split + 1, 0))
        emit(branch)
        jumps.append(steps.count)
        steps.append(.jump(0))
        steps[split] = .split(split + 1, steps.count)
      }
      for jump in jumps { steps[jump] = .jump(steps.count) }
    case .repetition(let inner, let minimum, let maximum):
      for _ in 0..<minimum { emit(inner) }
      guard let maximum else {
        // A loop: try the inner node again, or go on.
        let split = steps.count
        steps.append(.split(split + 1, 0))
        emit(inner)
        steps.append(.jump(split))
        steps[split] = .split(split + 1, steps.count)
        return
      }
      // Each optional copy may be skipped to the end.
      var splits: [Int] = []
      for _ in minimum..<maximum {
        splits.append(steps.count)
        steps.append(.split(steps.count + 1, 0))
        emit(inner)
      }
      for split in splits { steps[split] = .split(split + 1, steps.count) }
    }
  }
}
