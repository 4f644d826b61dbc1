/// The closest of `candidates` to `word` by edit distance, when it is close enough to be a likely typo.
///
/// Used for every "did you mean" in TabShell: commands, options, screen types, layouts. Close enough
/// means at most `min(3, max(1, length / 2))` edits (letters added, removed, changed, or two swapped),
/// case aside. The work is bounded whatever the input: a candidate whose length differs from the
/// word's by more than that is skipped without comparing, a word longer than every candidate by more
/// is not even read to its end, and each comparison only looks at the cells of the edit table within
/// that distance of its diagonal.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
  // A candidate longer than the word's reach is left out before it is lowercased (lowercasing never
  // shortens), read no further than that reach: long titles cost nothing.
  let reach = word.unicodeScalars.count + 3
  var names: [(name: String, scalars: [Unicode.Scalar])] = []
  for name in candidates where name.unicodeScalars.prefix(reach + 1).count <= reach {
    names.append((name, Array(name.lowercased().unicodeScalars)))
  }
  guard let longest = names.map(\.scalars.count).max() else { return nil }
  // A word with more letters than any candidate plus the largest distance allowed matches nothing.
  guard word.unicodeScalars.prefix(longest + 4).count <= longest + 3 else { return nil }
  let target = Array(word.lowercased().unicodeScalars)
  var best: (name: String, distance: Int)?
  for candidate in names {
    let limit = min(maximumSuggestionDistance(target.count), (best?.distance ?? .max) - 1)
    guard limit >= 0, abs(candidate.scalars.count - target.count) <= limit else { continue }
    if let distance = editDistance(target, candidate.scalars, atMost: limit) {
      best = (candidate.name, distance)
    }
  }
  return best?.name
}

/// The most edits a suggestion may be away from a word of `length` letters.
func maximumSuggestionDistance(_ length: Int) -> Int {
  max(1, min(3, length / 2))
}

/// The edit distance of `a` and `b` (Levenshtein, with a swap of two neighbours counted as one edit)
/// when it is at most `limit`, else `nil`. Only the cells within `limit` of the diagonal are
/// computed: O((|a| + |b|) × limit) time.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
  guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  let beyond = limit + 1  // Any value past the limit: cells outside the band.
  var previous2 = [Int](repeating: beyond, count: b.count + 1)
  var previous = (0...b.count).map { min($0, beyond) }
  var current = [Int](repeating: beyond, count: b.count + 1)
  for i in 1...a.count {
    let low = max(1, i - limit)
    let high = min(b.count, i + limit)
    current[0] = min(i, beyond)
    if low > 1 { current[low - 1] = beyond }
    var rowMinimum = current[0]
    for j in low...high {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        value = min(value, previous2[j - 2] + 1)
      }
      current[j] = min(value, beyond)
      rowMinimum = min(rowMinimum, current[j])
    }
    if high < b.count { current[high + 1] = beyond }
    if rowMinimum > limit { return nil }
    (previous2, previous, current) = (previous, current, previous2)
  }
  let distance = previous[b.count]
  return distance <= limit ? distance : nil
}
