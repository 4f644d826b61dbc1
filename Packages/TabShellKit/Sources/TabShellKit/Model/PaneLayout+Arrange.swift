/// The arrangements `layout-panes` makes, as tmux's `select-layout` makes them (layout-set.c): the
/// panes in their order, side by side or one above the other in equal parts, or in a grid.
extension PaneLayout {
  /// A named arrangement of a tab's panes.
  @frozen
  public enum Arrangement: String, Equatable, Sendable, CaseIterable {
    /// Side by side, equal widths.
    case evenHorizontal = "even-horizontal"
    /// One above the other, equal heights.
    case evenVertical = "even-vertical"
    /// As many rows as columns or one more, equal sizes, the last row filled from the left.
    case tiled
  }

  /// The panes of this layout arranged anew in a region of `width` × `height` (the region's size
  /// is what the tree spans when the panes fit at their minimum, else the minimum they need).
  public func arranged(_ arrangement: Arrangement, width: Int, height: Int) -> PaneLayout {
    let panes = panes
    guard panes.count > 1 else { return PaneLayout(pane: panes[0], width: width, height: height) }
    switch arrangement {
    case .evenHorizontal:
      return PaneLayout(root: Self.even(panes, along: .horizontal, width: width, height: height))
    case .evenVertical:
      return PaneLayout(root: Self.even(panes, along: .vertical, width: width, height: height))
    case .tiled:
      return PaneLayout(root: Self.tiled(panes, width: width, height: height))
    }
  }

  /// One split of the panes along `axis`, its room shared out as evenly as it goes, the first
  /// cells a cell larger when it does not go evenly.
  static func even(_ panes: [Int], along axis: Axis, width: Int, height: Int) -> Cell {
    let count = panes.count
    let needed = count * (minimum(along: axis) + 1) - 1
    let (w, h) =
      axis == .horizontal
      ? (max(width, needed), max(1, height)) : (max(1, width), max(height, needed))
    var split = Cell.split(
      axis, panes.map { .pane($0, width: w, height: h) }, width: w, height: h)
    spread(&split)
    return split
  }

  /// Shares a split's room out among its children as evenly as it goes (tmux's
  /// `layout_spread_cell`): each gets the same, the first ones one more until the room is used.
  static func spread(_ split: inout Cell) {
    let count = split.children.count
    let size = split.size(along: split.axis)
    let each = (size - (count - 1)) / count
    guard each > 0 else { return }
    var remainder = size - count * (each + 1) + 1
    for index in split.children.indices {
      var target = each
      if remainder > 0 {
        target += 1
        remainder -= 1
      }
      let change = target - split.children[index].size(along: split.axis)
      adjust(&split.children[index], along: split.axis, by: change)
    }
  }

  /// The panes in a grid (tmux's `layout_set_tiled`): rows and columns as equal as they go (one
  /// more row than columns at most), each row's last pane and the last row taking what is left.
  static func tiled(_ panes: [Int], width: Int, height: Int) -> Cell {
    let count = panes.count
    var (rows, columns) = (1, 1)
    while rows * columns < count {
      rows += 1
      if rows * columns < count { columns += 1 }
    }
    let paneWidth = max(minimumWidth, (width - (columns - 1)) / columns)
    let paneHeight = max(minimumHeight, (height - (rows - 1)) / rows)
    let totalWidth = max(width, (paneWidth + 1) * columns - 1)
    let totalHeight = max(height, (paneHeight + 1) * rows - 1)
    var rowCells: [Cell] = []
    var next = 0
    for _ in 0..<rows where next < count {
      let inRow = min(columns, count - next)
      if inRow == 1 {
        rowCells.append(.pane(panes[next], width: totalWidth, height: paneHeight))
        next += 1
        continue
      }
      var row = Cell.split(
        .horizontal,
        panes[next..<next + inRow].map { .pane($0, width: paneWidth, height: paneHeight) },
        width: totalWidth, height: paneHeight)
      next += inRow
      let used = inRow * (paneWidth + 1) - 1
      if totalWidth > used {
        adjust(&row.children[inRow - 1], along: .horizontal, by: totalWidth - used)
      }
      rowCells.append(row)
    }
    var grid = Cell.split(.vertical, rowCells, width: totalWidth, height: totalHeight)
    let used = rowCells.count * (paneHeight + 1) - 1
    if totalHeight > used {
      adjust(&grid.children[rowCells.count - 1], along: .vertical, by: totalHeight - used)
    }
    return rowCells.count == 1 ? rowCells[0] : grid
  }
}
