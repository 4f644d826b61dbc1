#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the engine's completions into what readline's attempted completion function returns.
enum CompletionMatches {
  /// Readline's layout: nothing when there is no candidate; the sole candidate alone; otherwise the
  /// longest common prefix (never shorter than what was typed) followed by every candidate.
  /// Duplicates are dropped, the order is kept (readline sorts what it lists).
  static func readlineMatches(typed: String, candidates: [String]) -> [String] {
    var seen = Set<String>()
    let unique = candidates.filter { seen.insert($0).inserted }
    guard unique.count > 1 else { return unique }
    let prefix = commonPrefix(of: unique)
    return [prefix.utf8.count < typed.utf8.count ? typed : prefix] + unique
  }

  /// The longest common prefix, in whole characters (never half of a UTF-8 sequence).
  static func commonPrefix(of words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
      let characters = Array(word)
      var length = 0
      while length < prefix.count, length < characters.count, prefix[length] == characters[length] {
        length += 1
      }
      prefix.removeLast(prefix.count - length)
    }
    return String(prefix)
  }

  /// A NULL-terminated malloc'ed array of `strdup`ed strings, as readline frees it; NULL when empty.
  static func cArray(_ words: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard !words.isEmpty else { return nil }
    let stride = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
    guard let memory = malloc(stride * (words.count + 1)) else { return nil }
    let array = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: words.count + 1)
    for (index, word) in words.enumerated() { array[index] = strdup(word) }
    array[words.count] = nil
    return array
  }
}
