@_spi(Host) import TabShellKit
import TabShellRendering

/// A screen snapshot (`expect screen --snapshot NAME`, docs/Contract.md, "Pictures, recordings,
/// locators"): a picture's text and styles as a text file that reads and diffs well.
///
///     screen 40x6
///     cursor 2 4
///     text
///     |Menu: [ OK ] [Cancel]
///     |字 wide
///     (a `|` line a row, trailing blanks left out)
///     styles
///     a fg 2, bg default, bold
///     b fg default, bg 1
///     |      aaaaaa bbbbbbbb
///     (a `|` line a row: a letter a cell, blank for the terminal's colours and no attribute)
struct ScreenSnapshot: Equatable {
  /// A cell: its character (empty for a wide one's right half) and its style in words.
  struct Cell: Equatable {
    var text: String
    var style: String
  }

  var columns: Int
  var rows: [[Cell]]
  /// Row and column from 1; `nil`: hidden.
  var cursor: (row: Int, column: Int)?

  static let plain = ExpectCommand.describe(.plain)
  /// The letters that name styles, in the order they are given.
  static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  /// A picture's snapshot.
  init(_ picture: Picture) {
    columns = picture.columns
    rows = (0..<picture.rows).map { row in
      (0..<picture.columns).map { column in
        let cell = picture.cell(row: row, column: column)
        return Cell(text: cell.text, style: ExpectCommand.describe(cell.style))
      }
    }
    cursor = picture.cursor.map { ($0.row + 1, $0.column + 1) }
  }

  static func == (left: ScreenSnapshot, right: ScreenSnapshot) -> Bool {
    left.columns == right.columns && left.rows == right.rows
      && left.cursor?.row == right.cursor?.row && left.cursor?.column == right.cursor?.column
  }

  /// The file's text.
  var text: String {
    var lines = ["screen \(columns)x\(rows.count)"]
    lines.append(cursor.map { "cursor \($0.row) \($0.column)" } ?? "cursor hidden")
    lines.append("text")
    for row in rows {
      lines.append("|" + row.map(\.text).joined().trimmingTrailingBlanks)
    }
    lines.append("styles")
    var names: [String: Character] = [:]
    var order: [String] = []
    var styleRows: [String] = []
    for row in rows {
      var line = ""
      for cell in row {
        if cell.style == Self.plain {
          line.append(" ")
          continue
        }
        if names[cell.style] == nil {
          names[cell.style] = Self.letter(order.count)
          order.append(cell.style)
        }
        line.append(names[cell.style] ?? "?")
      }
      styleRows.append("|" + line.trimmingTrailingBlanks)
    }
    lines += order.map { "\(names[$0] ?? "?") \($0)" }
    return (lines + styleRows).map { $0 + "\n" }.joined()
  }

  /// The letter of the Nth style: a-z, A-Z, 0-9, then letters past Latin.
  private static func letter(_ index: Int) -> Character {
    if index < letters.count { return letters[index] }
    return Character(Unicode.Scalar(0x100 + index - letters.count) ?? "?")
  }

  /// Reads a snapshot's text; `nil` when it is not one.
  init?(text: String) {
    var lines = LineDifference.lines(text)[...]
    guard let size = lines.popFirst(), size.hasPrefix("screen "),
      case let numbers = size.dropFirst(7).split(separator: "x"), numbers.count == 2,
      let columns = Int(numbers[0]), let height = Int(numbers[1]), columns >= 0, height >= 0,
      let cursorLine = lines.popFirst(), cursorLine.hasPrefix("cursor "),
      lines.popFirst() == "text", lines.count >= height
    else { return nil }
    let place = cursorLine.dropFirst(7).split(separator: " ").compactMap { Int($0) }
    cursor = place.count == 2 ? (place[0], place[1]) : nil
    self.columns = columns
    var texts: [[String]] = []
    for _ in 0..<height {
      guard let line = lines.popFirst(), line.hasPrefix("|") else { return nil }
      var cells: [String] = []
      for character in line.dropFirst() {
        cells.append(String(character))
        if displayWidth(of: character) == 2 { cells.append("") }
      }
      texts.append(cells)
    }
    guard lines.popFirst() == "styles" else { return nil }
    var names: [Character: String] = [:]
    while let line = lines.first, !line.hasPrefix("|"), let letter = line.first {
      names[letter] = String(line.dropFirst(2))
      lines.removeFirst()
    }
    guard lines.count == height else { return nil }
    rows = zip(texts, lines).map { cells, styles in
      let letters = Array(styles.dropFirst())
      return (0..<columns).map { column in
        let letter = column < letters.count ? letters[column] : " "
        return Cell(
          text: column < cells.count ? cells[column] : " ",
          style: letter == " " ? Self.plain : names[letter] ?? "?")
      }
    }
  }

  /// How `actual` differs from this one: its size, its cursor, and up to `limit` cells, each
  /// `row R column C: expected 'X' (STYLE), got 'Y' (STYLE)`, then how many more.
  func differences(_ actual: ScreenSnapshot, limit: Int = 10) -> [String] {
    guard columns == actual.columns, rows.count == actual.rows.count else {
      return [
        "the screen is \(actual.columns)x\(actual.rows.count), expected \(columns)x\(rows.count)"
      ]
    }
    var lines: [String] = []
    if cursor?.row != actual.cursor?.row || cursor?.column != actual.cursor?.column {
      let place = { (cursor: (row: Int, column: Int)?) in
        cursor.map { "row \($0.row) column \($0.column)" } ?? "hidden"
      }
      lines.append("the cursor is \(place(actual.cursor)), expected \(place(cursor))")
    }
    var cells = 0
    for (row, (wanted, got)) in zip(rows, actual.rows).enumerated() {
      for column in 0..<columns where wanted[column] != got[column] {
        cells += 1
        guard cells <= limit else { continue }
        let (a, b) = (wanted[column], got[column])
        lines.append(
          "row \(row + 1) column \(column + 1): expected \(quoted(a.text)) (\(a.style)), got "
            + "\(quoted(b.text)) (\(b.style))")
      }
    }
    if cells > limit { lines.append("(\(cells - limit) more cells differ)") }
    return lines
  }
}
