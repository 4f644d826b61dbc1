extension TextPattern {
  /// Where the expression matches in `text` (copy mode's `search --regex`, its highlights), as
  /// ranges of UTF-8 offsets: the leftmost match first, as long as the expression's first way of
  /// matching there makes it (RE2's leftmost-first), then the next one after it, never
  /// overlapping; an empty match is left out. A Pike VM over the same program as
  /// ``PatternSearch``: each step at most once per character, each with where its match began, so
  /// linear in `text` for each match found.
  package func ranges(in text: String) -> [Range<Int>] {
    let scalars = Array(text.unicodeScalars)
    // The UTF-8 offset of each scalar, and of the end.
    var offsets = [Int](repeating: 0, count: scalars.count + 1)
    for (index, scalar) in scalars.enumerated() {
      offsets[index + 1] = offsets[index] + UTF8.width(scalar)
    }
    var found: [Range<Int>] = []
    var start = 0
    var matcher = PatternMatcher(program)
    while start <= scalars.count, let (from, to) = matcher.firstMatch(in: scalars, from: start) {
      if to > from { found.append(offsets[from]..<offsets[to]) }
      start = max(to, from + 1)
    }
    return found
  }
}

/// The Pike VM of ``TextPattern/ranges(in:)``: threads (a step and where its match began) in the
/// order of their priority, each step at most once a character.
private struct PatternMatcher {
  let program: PatternProgram
  private var current = Threads()
  private var next = Threads()
  private var stack: [(step: Int, start: Int)] = []

  init(_ program: PatternProgram) {
    self.program = program
    current = Threads(size: program.steps.count)
    next = Threads(size: program.steps.count)
  }

  /// The leftmost-first match that starts at `from` or after it, as scalar indices.
  mutating func firstMatch(in text: [Unicode.Scalar], from: Int) -> (Int, Int)? {
    current.clear()
    var matched: (Int, Int)?
    var position = from
    while true {
      let before = position > 0 ? text[position - 1] : nil
      let after = position < text.count ? text[position] : nil
      // A match may begin here, after the threads begun before (lower in priority), until one
      // has matched.
      if matched == nil {
        if let end = Self.add(
          0, start: position, to: &current, at: position, before, after, program, &stack)
        {
          matched = end
        }
      }
      if current.isEmpty {
        // Nothing under way: a match may only begin further on.
        guard matched == nil, position < text.count else { break }
        position += 1
        continue
      }
      guard let scalar = after else { break }
      next.clear()
      for index in current.steps.indices {
        let step = current.steps[index]
        let taken: Bool
        switch program.steps[step] {
        case .scalar(let wanted): taken = scalar == wanted
        case .set(let set): taken = program.sets[set].contains(scalar)
        default: taken = false
        }
        guard taken else { continue }
        let following = position + 1 < text.count ? text[position + 1] : nil
        if let end = Self.add(
          step + 1, start: current.starts[index], to: &next, at: position + 1, scalar, following,
          program, &stack)
        {
          // The threads after this one are lower in priority: this match wins over theirs.
          matched = end
          break
        }
      }
      swap(&current, &next)
      position += 1
    }
    return matched
  }

  /// Adds `step` and every step it goes on to without taking a character (its assertions checked
  /// between `before` and `after`) to `list`, highest priority first; the match, as its start
  /// and `position`, when one of them is the end (the steps after it in priority are not added).
  private static func add(
    _ step: Int, start: Int, to list: inout Threads, at position: Int, _ before: Unicode.Scalar?,
    _ after: Unicode.Scalar?, _ program: PatternProgram, _ stack: inout [(step: Int, start: Int)]
  ) -> (Int, Int)? {
    stack.append((step, start))
    while let (step, start) = stack.popLast() {
      guard list.insert(step, start: start) else { continue }
      switch program.steps[step] {
      case .jump(let target): stack.append((target, start))
      case .split(let first, let second):
        stack.append((second, start))
        stack.append((first, start))
      case .assertion(let assertion):
        if assertion.holds(before: before, after: after) { stack.append((step + 1, start)) }
      case .match:
        stack.removeAll(keepingCapacity: true)
        return (start, position)
      case .scalar, .set: break
      }
    }
    return nil
  }
}

/// Threads: steps in the order they were added, each at most once, with where its match began.
private struct Threads {
  private(set) var steps: [Int] = []
  private(set) var starts: [Int] = []
  private var marks: [UInt32] = []
  private var generation: UInt32 = 1

  init(size: Int = 0) {
    marks = [UInt32](repeating: 0, count: size)
  }

  var isEmpty: Bool { steps.isEmpty }

  /// Adds `step`; `false` when it was there.
  mutating func insert(_ step: Int, start: Int) -> Bool {
    guard marks[step] != generation else { return false }
    marks[step] = generation
    steps.append(step)
    starts.append(start)
    return true
  }

  mutating func clear() {
    steps.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
    if generation == .max {
      for index in marks.indices { marks[index] = 0 }
      generation = 1
    } else {
      generation += 1
    }
  }
}
