/// A word of the user's in single quotes for a message, cut after its first
/// ``quotedWordLimit`` characters (`'abc…'`): a message stays readable however long the word is.
@_spi(Host) public func quoted(_ word: some StringProtocol) -> String {
  let head = word.prefix(quotedWordLimit)
  return head.endIndex == word.endIndex ? "'\(word)'" : "'\(head)…'"
}

/// How many characters of a word ``quoted(_:)`` keeps.
@_spi(Host) public let quotedWordLimit = 60
