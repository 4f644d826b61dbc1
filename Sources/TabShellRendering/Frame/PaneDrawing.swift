@_spi(Host) import TabShellKit

/// A tab's panes drawn into its region (docs/Contract.md, "Split screens"): each pane's screen
/// in its frame, clipped to it, and the borders between them in box-drawing lines, the focused
/// pane's ring heavy (and green where there is colour, as tmux's active border), so that it shows
/// at every width and in every colour mode. A region smaller than the panes need cuts them at its
/// edge, as tmux does.
enum PaneDrawing {
  /// The region of `width` × `height` with `panes` drawn in it, each screen drawn by `draw` into a
  /// canvas of its pane's size; the focused pane's cursor, when it placed one, where it is in the
  /// region.
  static func region(
    _ panes: ShownPanes, width: Int, height: Int, draw: (ScreenInfo, inout Canvas) -> Void
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    var focusedFrame: PaneLayout.Frame?
    for pane in panes.panes {
      let frame = pane.frame
      guard frame.column < width, frame.row < height else { continue }
      var own = Canvas(width: frame.width, height: frame.height)
      draw(pane.screen, &own)
      canvas.place(own, row: frame.row, column: frame.column)
      guard pane.screen.id == panes.focused else { continue }
      focusedFrame = frame
      if let cursor = own.cursor, (0..<frame.width).contains(cursor.column),
        (0..<frame.height).contains(cursor.row), frame.column + cursor.column < width,
        frame.row + cursor.row < height
      {
        canvas.cursor = Canvas.Cursor(
          row: frame.row + cursor.row, column: frame.column + cursor.column, shape: cursor.shape)
      }
    }
    for cell in borders(of: panes.layout, focused: focusedFrame, width: width, height: height) {
      canvas.write(
        cluster: String(cell.character), width: 1, row: cell.row, column: cell.column,
        style: cell.isFocused ? focusedStyle : .plain)
    }
    return canvas
  }

  /// The focused pane's border: green, as tmux's `pane-active-border-style`.
  static let focusedStyle = Canvas.Style(foreground: .green)

  /// One cell of a border.
  struct BorderCell: Equatable {
    var row: Int
    var column: Int
    var character: Character
    /// Whether it is on the focused pane's ring.
    var isFocused: Bool
  }

  /// The border cells of a layout in a region of `width` × `height`, each drawn as the lines that
  /// meet there: a line reaches each neighbour that is a border cell too, and runs on past the
  /// region's edge; a line between two cells of the focused pane's ring is heavy.
  static func borders(
    of layout: PaneLayout, focused: PaneLayout.Frame?, width: Int, height: Int
  ) -> [BorderCell] {
    guard width > 0, height > 0 else { return [] }
    // 1: part of a vertical border, 2: of a horizontal one.
    var marks = [UInt8](repeating: 0, count: width * height)
    func mark(_ cell: PaneLayout.Cell, column: Int, row: Int) {
      guard cell.pane == nil else { return }
      var (x, y) = (column, row)
      for (index, child) in cell.children.enumerated() {
        mark(child, column: x, row: y)
        guard index < cell.children.count - 1 else { break }
        if cell.axis == .horizontal {
          x += child.width
          if x < width {
            for r in max(0, y)..<min(height, y + cell.height) { marks[r * width + x] |= 1 }
          }
          x += 1
        } else {
          y += child.height
          if y < height {
            for c in max(0, x)..<min(width, x + cell.width) { marks[y * width + c] |= 2 }
          }
          y += 1
        }
      }
    }
    mark(layout.root, column: 0, row: 0)

    func isBorder(_ column: Int, _ row: Int) -> Bool { marks[row * width + column] != 0 }
    func onRing(_ column: Int, _ row: Int) -> Bool {
      guard let f = focused else { return false }
      let (left, right, top, bottom) = (
        f.column - 1, f.column + f.width, f.row - 1, f.row + f.height
      )
      guard (left...right).contains(column), (top...bottom).contains(row) else { return false }
      return column == left || column == right || row == top || row == bottom
    }
    var cells: [BorderCell] = []
    for row in 0..<height {
      for column in 0..<width where isBorder(column, row) {
        let vertical = marks[row * width + column] & 1 != 0
        let horizontal = marks[row * width + column] & 2 != 0
        let ring = onRing(column, row)
        func arm(_ dx: Int, _ dy: Int, along: Bool) -> Int {
          let (x, y) = (column + dx, row + dy)
          let inside = x >= 0 && y >= 0 && x < width && y < height
          guard inside ? isBorder(x, y) : along else { return 0 }
          return ring && onRing(x, y) ? 2 : 1
        }
        let arms = Arms(
          up: arm(0, -1, along: vertical), down: arm(0, 1, along: vertical),
          left: arm(-1, 0, along: horizontal), right: arm(1, 0, along: horizontal))
        cells.append(
          BorderCell(
            row: row, column: column, character: arms.character,
            isFocused: ring && arms.isHeavy))
      }
    }
    return cells
  }
}

/// The lines that meet in a cell: each 0 (none), 1 (light) or 2 (heavy).
struct Arms: Hashable {
  var up: Int
  var down: Int
  var left: Int
  var right: Int

  /// Whether any line is heavy.
  var isHeavy: Bool { up == 2 || down == 2 || left == 2 || right == 2 }

  /// The box-drawing character with these lines (U+2500 to U+257F has every mix of light and
  /// heavy).
  var character: Character {
    let key = ((up * 3 + down) * 3 + left) * 3 + right
    return Self.table[key].flatMap { Character(Unicode.Scalar($0)!) } ?? " "
  }

  /// The characters by ((up × 3 + down) × 3 + left) × 3 + right.
  private static let table: [UInt32?] = {
    var table = [UInt32?](repeating: nil, count: 81)
    func set(_ up: Int, _ down: Int, _ left: Int, _ right: Int, _ scalar: UInt32) {
      table[((up * 3 + down) * 3 + left) * 3 + right] = scalar
    }
    // Straight lines, whole, half and mixed.
    set(0, 0, 1, 1, 0x2500)
    set(0, 0, 2, 2, 0x2501)
    set(1, 1, 0, 0, 0x2502)
    set(2, 2, 0, 0, 0x2503)
    set(0, 0, 1, 2, 0x257C)
    set(0, 0, 2, 1, 0x257E)
    set(1, 2, 0, 0, 0x257D)
    set(2, 1, 0, 0, 0x257F)
    set(0, 0, 1, 0, 0x2574)
    set(1, 0, 0, 0, 0x2575)
    set(0, 0, 0, 1, 0x2576)
    set(0, 1, 0, 0, 0x2577)
    set(0, 0, 2, 0, 0x2578)
    set(2, 0, 0, 0, 0x2579)
    set(0, 0, 0, 2, 0x257A)
    set(0, 2, 0, 0, 0x257B)
    // Corners: down and right, down and left, up and right, up and left.
    for (index, (d, r)) in [(1, 1), (1, 2), (2, 1), (2, 2)].enumerated() {
      set(0, d, 0, r, 0x250C + UInt32(index))
    }
    for (index, (d, l)) in [(1, 1), (1, 2), (2, 1), (2, 2)].enumerated() {
      set(0, d, l, 0, 0x2510 + UInt32(index))
    }
    for (index, (u, r)) in [(1, 1), (1, 2), (2, 1), (2, 2)].enumerated() {
      set(u, 0, 0, r, 0x2514 + UInt32(index))
    }
    for (index, (u, l)) in [(1, 1), (1, 2), (2, 1), (2, 2)].enumerated() {
      set(u, 0, l, 0, 0x2518 + UInt32(index))
    }
    // Tees: up, down and one side.
    let tees: [(Int, Int, Int)] = [
      (1, 1, 1), (1, 1, 2), (2, 1, 1), (1, 2, 1), (2, 2, 1), (2, 1, 2), (1, 2, 2), (2, 2, 2),
    ]
    for (index, (u, d, side)) in tees.enumerated() {
      set(u, d, 0, side, 0x251C + UInt32(index))
      set(u, d, side, 0, 0x2524 + UInt32(index))
    }
    // Tees: left, right and up or down.
    let sides: [(Int, Int, Int)] = [
      (1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 2, 1), (1, 1, 2), (2, 1, 2), (1, 2, 2), (2, 2, 2),
    ]
    for (index, (l, r, vertical)) in sides.enumerated() {
      set(0, vertical, l, r, 0x252C + UInt32(index))
      set(vertical, 0, l, r, 0x2534 + UInt32(index))
    }
    // Crosses.
    let crosses: [(Int, Int, Int, Int)] = [
      (1, 1, 1, 1), (1, 1, 2, 1), (1, 1, 1, 2), (1, 1, 2, 2), (2, 1, 1, 1), (1, 2, 1, 1),
      (2, 2, 1, 1), (2, 1, 2, 1), (2, 1, 1, 2), (1, 2, 2, 1), (1, 2, 1, 2), (2, 1, 2, 2),
      (1, 2, 2, 2), (2, 2, 2, 1), (2, 2, 1, 2), (2, 2, 2, 2),
    ]
    for (index, (u, d, l, r)) in crosses.enumerated() { set(u, d, l, r, 0x253C + UInt32(index)) }
    return table
  }()
}
