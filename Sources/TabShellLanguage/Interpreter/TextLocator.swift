@_spi(Host) import TabShellKit
import TabShellRendering

/// Where a text shows in a picture (docs/Contract.md, "Pictures, recordings, locators"): on one
/// row, character by character, each cell's character against the text's (a wide character is
/// one, its two cells counted); occurrences found from the top left, row by row, left to right,
/// none overlapping another.
struct TextLocator {
  /// An occurrence: its row and first column (0-based), and the cells it covers.
  struct Match: Equatable {
    var row: Int
    var column: Int
    var width: Int

    /// The cell at half its width, rounded down (where `click --text` clicks).
    var middle: Int { column + width / 2 }
    /// Its place as scripts count, from 1: `row 2 column 5`.
    var place: String { "row \(row + 1) column \(column + 1)" }
  }

  let picture: Picture

  /// The text's characters, each as a cell holds it.
  private static func characters(_ text: String) -> [String] { text.map(String.init) }

  /// Every occurrence of `text`, in order; none for an empty text.
  func matches(of text: String) -> [Match] {
    let wanted = Self.characters(text)
    guard !wanted.isEmpty else { return [] }
    var matches: [Match] = []
    for row in 0..<picture.rows {
      let cells = characters(row: row)
      var start = 0
      while start + wanted.count <= cells.count {
        if (0..<wanted.count).allSatisfy({ cells[start + $0].text == wanted[$0] }) {
          let last = cells[start + wanted.count - 1]
          let column = cells[start].column
          matches.append(
            Match(row: row, column: column, width: last.column + last.width - column))
          start += wanted.count
        } else {
          start += 1
        }
      }
    }
    return matches
  }

  /// Whether `text` starts at a cell (0-based): its characters are those of the cells from there.
  func starts(_ text: String, row: Int, column: Int) -> Bool {
    guard row >= 0, row < picture.rows else { return false }
    let wanted = Self.characters(text)
    let cells = characters(row: row)
    guard let first = cells.firstIndex(where: { $0.column == column }),
      first + wanted.count <= cells.count
    else { return false }
    return (0..<wanted.count).allSatisfy { cells[first + $0].text == wanted[$0] }
  }

  /// What shows from a cell (0-based) over `count` characters: for a message.
  func shown(row: Int, column: Int, count: Int) -> String {
    guard row >= 0, row < picture.rows else { return "" }
    return characters(row: row).filter { $0.column >= column }.prefix(count).map(\.text).joined()
  }

  /// A row's characters: each cell's but the right halves of wide ones, with its column and the
  /// cells it takes.
  private func characters(row: Int) -> [(text: String, column: Int, width: Int)] {
    var characters: [(text: String, column: Int, width: Int)] = []
    for column in 0..<picture.columns {
      let text = picture.cell(row: row, column: column).text
      guard !text.isEmpty else { continue }
      let wide =
        column + 1 < picture.columns && picture.cell(row: row, column: column + 1).text.isEmpty
      characters.append((text, column, wide ? 2 : 1))
    }
    return characters
  }
}
