import TabShellPlatform

/// A search for a ``TextPattern`` anywhere in a text, that runs in slices: ``run(steps:)`` goes on
/// where the last slice stopped, so that a long search never holds its caller (a wait looks at the
/// text, takes in signals and requests, and looks again).
///
/// It walks the text once, keeping the set of the program's steps that a match could be at after
/// the characters read (each step at most once): at most (the text's characters + 1) × (4 × the
/// program's size + 2) steps in all, however the expression is written.
package struct PatternSearch {
  /// Where a search is.
  package enum Outcome: Equatable, Sendable {
    /// The expression matches somewhere.
    case found
    /// It matches nowhere.
    case notFound
    /// Not known yet: run it again.
    case unfinished
  }

  private let program: PatternProgram
  private let text: String.UnicodeScalarView
  private var position: String.UnicodeScalarView.Index
  /// The character before ``position`` (`nil` at the start).
  private var previous: Unicode.Scalar?
  /// The steps at ``position`` (their assertions checked), and a list to make the next ones in.
  private var current: StepList
  private var next: StepList
  private var stack: [Int] = []
  /// Whether the search for a match starting at ``position`` has begun.
  private var seeded = false
  private var outcome: Outcome = .unfinished
  /// How many steps the search has taken so far (see above for their bound).
  package private(set) var stepsTaken = 0

  init(_ program: PatternProgram, text: String) {
    self.program = program
    self.text = text.unicodeScalars
    position = self.text.startIndex
    current = StepList(size: program.steps.count)
    next = StepList(size: program.steps.count)
  }

  /// Searches on for about `budget` more steps (a character's steps are taken whole): `found` or
  /// `notFound` once known (and from then on), else `unfinished`.
  package mutating func run(steps budget: Int) -> Outcome {
    let limit = budget > Int.max - stepsTaken ? Int.max : stepsTaken + budget
    while outcome == .unfinished, stepsTaken < limit { advance() }
    return outcome
  }

  /// Searches on until the answer is known or `deadline` (a ``MonotonicClock/reading()``) has
  /// passed (looked at every few thousand steps).
  package mutating func run(until deadline: Duration) -> Outcome {
    while run(steps: 4_096) == .unfinished {
      if MonotonicClock.reading() >= deadline { return .unfinished }
    }
    return outcome
  }

  /// One character: a match may start before it; the steps that take it make the next list.
  private mutating func advance() {
    let scalar = position < text.endIndex ? text[position] : nil
    if !seeded {
      seeded = true
      if Self.add(0, to: &current, program, &stack, &stepsTaken, before: previous, after: scalar) {
        outcome = .found
        return
      }
    }
    guard let scalar else {
      outcome = .notFound
      return
    }
    let following = text.index(after: position)
    let after = following < text.endIndex ? text[following] : nil
    next.clear()
    stepsTaken += 1
    for index in current.members.indices {
      let step = current.members[index]
      let taken: Bool
      switch program.steps[step] {
      case .scalar(let wanted): taken = scalar == wanted
      case .set(let set): taken = program.sets[set].contains(scalar)
      default: continue
      }
      guard taken else { continue }
      stepsTaken += 1
      if Self.add(step + 1, to: &next, program, &stack, &stepsTaken, before: scalar, after: after) {
        outcome = .found
        return
      }
    }
    swap(&current, &next)
    previous = scalar
    position = following
    seeded = false
  }

  /// Adds `start` and every step it goes on to without taking a character (its assertions checked
  /// between `before` and `after`) to `list`; `true` when one is the match.
  private static func add(
    _ start: Int, to list: inout StepList, _ program: PatternProgram, _ stack: inout [Int],
    _ taken: inout Int, before: Unicode.Scalar?, after: Unicode.Scalar?
  ) -> Bool {
    stack.append(start)
    while let step = stack.popLast() {
      taken += 1
      guard list.insert(step) else { continue }
      switch program.steps[step] {
      case .jump(let target):
        stack.append(target)
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .assertion(let assertion):
        if assertion.holds(before: before, after: after) { stack.append(step + 1) }
      case .match:
        stack.removeAll(keepingCapacity: true)
        return true
      case .scalar, .set:
        break
      }
    }
    return false
  }
}

/// A set of a program's steps, in the order they were added, each at most once: a generation
/// number per step, so that clearing costs nothing.
private struct StepList {
  private(set) var members: [Int] = []
  private var marks: [UInt32]
  private var generation: UInt32 = 1

  init(size: Int) {
    marks = [UInt32](repeating: 0, count: size)
  }

  /// Adds `step`; `false` when it was there.
  mutating func insert(_ step: Int) -> Bool {
    guard marks[step] != generation else { return false }
    marks[step] = generation
    members.append(step)
    return true
  }

  mutating func clear() {
    members.removeAll(keepingCapacity: true)
    if generation == .max {
      for index in marks.indices { marks[index] = 0 }
      generation = 1
    } else {
      generation += 1
    }
  }
}
