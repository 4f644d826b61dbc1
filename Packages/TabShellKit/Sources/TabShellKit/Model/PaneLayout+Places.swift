/// Where things are: the pane or the border at a cell, and the panes beside a pane.
extension PaneLayout {
  /// A way to go from a pane.
  @frozen
  public enum Direction: String, Equatable, Sendable, CaseIterable {
    /// Toward the left edge.
    case left
    /// Toward the right edge.
    case right
    /// Toward the top.
    case up
    /// Toward the bottom.
    case down

    /// The axis a move this way crosses: side by side for left and right.
    public var axis: Axis { self == .left || self == .right ? .horizontal : .vertical }
    /// Whether it goes toward the end (right, down).
    public var isForward: Bool { self == .right || self == .down }
  }

  /// What is at a cell of the tree's room.
  @frozen
  public enum Place: Equatable, Sendable {
    /// A pane.
    case pane(Int)
    /// A border.
    case border(Border)
  }

  /// What is at a cell (0-based from the room's top-left); `nil` outside the tree.
  public func place(column: Int, row: Int) -> Place? {
    guard column >= 0, row >= 0, column < width, row < height else { return nil }
    var cell = root
    var (x, y) = (0, 0)
    var path: [Int] = []
    while cell.pane == nil {
      var found = false
      for (index, child) in cell.children.enumerated() {
        let (w, h) = (child.width, child.height)
        if column < x + w, row < y + h {
          path.append(index)
          cell = child
          found = true
          break
        }
        if cell.axis == .horizontal {
          if column == x + w { return .border(Border(path: path, index: index, axis: .horizontal)) }
          x += w + 1
        } else {
          if row == y + h { return .border(Border(path: path, index: index, axis: .vertical)) }
          y += h + 1
        }
      }
      if !found { return nil }
    }
    return cell.pane.map(Place.pane)
  }

  /// Where a border is: for one side by side its column (and the rows it spans), for one above
  /// the other its row (and the columns); and the pane whose right (or bottom) border it is, for
  /// the `resize-pane` it stands for.
  public func position(of border: Border) -> (offset: Int, before: Int)? {
    var (x, y) = (0, 0)
    var cell = root
    for index in border.path {
      guard cell.children.indices.contains(index) else { return nil }
      for child in cell.children[..<index] {
        if cell.axis == .horizontal { x += child.width + 1 } else { y += child.height + 1 }
      }
      cell = cell.children[index]
    }
    guard cell.pane == nil, cell.children.indices.contains(border.index + 1) else { return nil }
    var offset = border.axis == .horizontal ? x : y
    for child in cell.children[...border.index] { offset += child.size(along: border.axis) + 1 }
    // The last pane along the axis in the cell before the border: its border after is this one.
    var before = cell.children[border.index]
    while before.pane == nil {
      before =
        before.axis == border.axis ? before.children[before.children.count - 1] : before.children[0]
    }
    return (offset - 1, before.pane ?? 0)
  }

  /// The panes beside pane `handle` that way: those whose edge faces its edge across a border,
  /// and whose span overlaps its own (tmux's `window_pane_find_left` and the others, without its
  /// wrapping round), in the order of ``panes``.
  public func neighbours(of handle: Int, _ direction: Direction) -> [Int] {
    let frames = frames
    guard let from = frames.first(where: { $0.pane == handle }) else { return [] }
    return frames.filter { other in
      guard other.pane != handle else { return false }
      let faces: Bool
      let (start, end, otherStart, otherEnd): (Int, Int, Int, Int)
      switch direction {
      case .left: faces = other.column + other.width + 1 == from.column
      case .right: faces = from.column + from.width + 1 == other.column
      case .up: faces = other.row + other.height + 1 == from.row
      case .down: faces = from.row + from.height + 1 == other.row
      }
      if direction.axis == .horizontal {
        (start, end, otherStart, otherEnd) =
          (from.row, from.row + from.height, other.row, other.row + other.height)
      } else {
        (start, end, otherStart, otherEnd) =
          (from.column, from.column + from.width, other.column, other.column + other.width)
      }
      return faces && otherStart < end && start < otherEnd
    }.map(\.pane)
  }
}
