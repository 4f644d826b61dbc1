/// Resizing: the room a cell can give up, a change spread over a cell's children, the whole tree
/// fitted to a region, and a border moved. The arithmetic is tmux's (layout.c:
/// `layout_resize_check`, `layout_resize_adjust`, `layout_resize`, `layout_resize_pane_grow` and
/// `_shrink`), with this layout's minimum pane.
extension PaneLayout {
  /// How much a cell can shrink along an axis: a pane down to the minimum; a split along the axis
  /// all its children can give; a split the other way what its tightest child can.
  static func available(_ cell: Cell, along axis: Axis) -> Int {
    if cell.pane != nil { return max(0, cell.size(along: axis) - minimum(along: axis)) }
    if cell.axis == axis { return cell.children.reduce(0) { $0 + available($1, along: axis) } }
    return cell.children.map { available($0, along: axis) }.min() ?? 0
  }

  /// The least size a cell's panes need along an axis: each pane the minimum, with the borders.
  static func least(_ cell: Cell, along axis: Axis) -> Int {
    if cell.pane != nil { return minimum(along: axis) }
    let sizes = cell.children.map { least($0, along: axis) }
    return cell.axis == axis ? sizes.reduce(sizes.count - 1, +) : sizes.max() ?? 1
  }

  /// Changes a cell's size along an axis by `change` (already bounded to what it can give): a
  /// split the other way changes each child alike; a split along the axis spreads the change one
  /// cell at a time over its children in order, each shrinking only while it has room.
  static func adjust(_ cell: inout Cell, along axis: Axis, by change: Int) {
    cell.grow(along: axis, by: change)
    guard cell.pane == nil else { return }
    if cell.axis != axis {
      for index in cell.children.indices { adjust(&cell.children[index], along: axis, by: change) }
      return
    }
    var left = change
    while left != 0 {
      var changed = false
      for index in cell.children.indices where left != 0 {
        if left > 0 {
          adjust(&cell.children[index], along: axis, by: 1)
          left -= 1
          changed = true
        } else if available(cell.children[index], along: axis) > 0 {
          adjust(&cell.children[index], along: axis, by: -1)
          left += 1
          changed = true
        }
      }
      if !changed { break }
    }
  }

  /// The tree fitted to a region of `width` × `height` (tmux's `layout_resize`): each axis grows
  /// or shrinks by the difference, spread over the cells; it shrinks no cell under the minimum, so
  /// that a region too small for the panes leaves the tree larger than it. One pane alone is the
  /// region (at least 1 × 1).
  public func fit(width: Int, height: Int) -> PaneLayout {
    // One pane is the region, whatever its size.
    if let pane = root.pane { return PaneLayout(pane: pane, width: width, height: height) }
    var layout = self
    for (axis, size) in [(Axis.horizontal, max(1, width)), (.vertical, max(1, height))] {
      let current = layout.root.size(along: axis)
      let limit = Self.available(layout.root, along: axis)
      // A tree under its least size (a pane of a region too small for two split across it)
      // grows to it.
      var change = max(size, Self.least(layout.root, along: axis)) - current
      if change < 0 { change = max(change, -limit) }
      if change != 0 { Self.adjust(&layout.root, along: axis, by: change) }
    }
    return layout
  }

  /// The smallest size the tree can take along an axis (what ``fit(width:height:)`` leaves when the
  /// region is smaller).
  public func minimumSize(along axis: Axis) -> Int {
    root.size(along: axis) - Self.available(root, along: axis)
  }

  /// A border: the one after child `index` of the split at `path` (the child indices from the
  /// root down).
  @frozen
  public struct Border: Equatable, Sendable {
    /// The split's place in the tree: the child index at each level from the root.
    public var path: [Int]
    /// The border lies after this child.
    public var index: Int
    /// Which way the split runs: a border of a split side by side is a column, moved left or right.
    public var axis: Axis

    /// Makes a border.
    public init(path: [Int], index: Int, axis: Axis) {
      self.path = path
      self.index = index
      self.axis = axis
    }
  }

  /// The border on one side of a pane: the one between the branch holding it and the next (for
  /// `right` and `down`) or the previous (for `left` and `up`) cell of its nearest split along
  /// that axis where there is one. `nil` at the edge of the room.
  public func border(of handle: Int, toward direction: Direction) -> Border? {
    guard let path = path(of: handle) else { return nil }
    var depth = path.count
    while depth > 0 {
      depth -= 1
      let parentPath = Array(path[..<depth])
      let parent = cell(at: parentPath)
      guard parent.axis == direction.axis else { continue }
      let index = path[depth]
      if direction.isForward, index < parent.children.count - 1 {
        return Border(path: parentPath, index: index, axis: direction.axis)
      }
      if !direction.isForward, index > 0 {
        return Border(path: parentPath, index: index - 1, axis: direction.axis)
      }
    }
    return nil
  }

  /// The tree with a border moved `change` cells (right or down when positive), as far as the
  /// cells on the side it moves into can give (tmux's grow and shrink): each step takes room from
  /// the nearest cell with some to give, beyond the border, and gives it to the cell beside the
  /// border on the other side. Returns the layout and how far it moved.
  public func moving(_ border: Border, by change: Int) -> (layout: PaneLayout, moved: Int) {
    guard contains(border) else { return (self, 0) }
    var layout = self
    var moved = 0
    layout.update(at: border.path) { split in
      var needed = change
      while needed != 0 {
        let step =
          needed > 0
          ? Self.grow(&split, index: border.index, along: border.axis, needed: needed)
          : -Self.shrink(&split, index: border.index, along: border.axis, needed: -needed)
        if step == 0 { break }
        needed -= step
        moved += step
      }
    }
    return (layout, moved)
  }

  /// The border after child `index` moves toward the end: child `index` grows, the first child
  /// after it with room shrinks. How far it moved.
  private static func grow(_ split: inout Cell, index: Int, along axis: Axis, needed: Int) -> Int {
    guard
      let remove = split.children.indices.dropFirst(index + 1).first(where: {
        available(split.children[$0], along: axis) > 0
      })
    else { return 0 }
    let size = min(available(split.children[remove], along: axis), needed)
    adjust(&split.children[index], along: axis, by: size)
    adjust(&split.children[remove], along: axis, by: -size)
    return size
  }

  /// The border after child `index` moves toward the start: the nearest child at or before it
  /// with room shrinks, child `index + 1` grows. How far it moved.
  private static func shrink(_ split: inout Cell, index: Int, along axis: Axis, needed: Int) -> Int
  {
    guard index + 1 < split.children.count,
      let remove = split.children.indices.prefix(index + 1).last(where: {
        available(split.children[$0], along: axis) > 0
      })
    else { return 0 }
    let size = min(available(split.children[remove], along: axis), needed)
    adjust(&split.children[index + 1], along: axis, by: size)
    adjust(&split.children[remove], along: axis, by: -size)
    return size
  }

  /// Whether a border is one of this tree's: its path leads to a split of its axis with a cell
  /// after its index.
  public func contains(_ border: Border) -> Bool {
    var cell = root
    for index in border.path {
      guard cell.children.indices.contains(index) else { return false }
      cell = cell.children[index]
    }
    return cell.pane == nil && cell.axis == border.axis && border.index >= 0
      && border.index + 1 < cell.children.count
  }

  /// The child indices from the root down to a pane's cell.
  func path(of handle: Int) -> [Int]? {
    func search(_ cell: Cell, _ path: inout [Int]) -> Bool {
      if cell.pane == handle { return true }
      for (index, child) in cell.children.enumerated() {
        path.append(index)
        if search(child, &path) { return true }
        path.removeLast()
      }
      return false
    }
    var path: [Int] = []
    return search(root, &path) ? path : nil
  }

  /// The cell at a path.
  func cell(at path: [Int]) -> Cell {
    var cell = root
    for index in path { cell = cell.children[index] }
    return cell
  }

  /// Changes the cell at a path in place.
  mutating func update(at path: [Int], _ change: (inout Cell) -> Void) {
    func visit(_ cell: inout Cell, _ rest: ArraySlice<Int>) {
      guard let first = rest.first else {
        change(&cell)
        return
      }
      visit(&cell.children[first], rest.dropFirst())
    }
    visit(&root, path[...])
  }
}
