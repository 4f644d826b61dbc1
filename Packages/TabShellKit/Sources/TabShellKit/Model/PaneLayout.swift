/// How a tab's panes share its region (docs/Contract.md, "Split screens"): a tree whose leaves are
/// panes (their screens' handles) and whose inner cells split their room side by side or one above
/// the other, each cell with its size in cells, as tmux lays out a window's panes (its layout.c).
///
/// A border takes one column between cells side by side and one row between cells one above the
/// other; a pane is at least ``minimumWidth`` × ``minimumHeight``. The children of a split run the
/// other way from its parent's (a split in a split of the same axis is merged into it), and a
/// split has at least two children. The tree tiles its root's size exactly; the root is the
/// region it is laid out for (``fit(width:height:)``), or larger when that region is too small for
/// the panes at their minimum (then what is drawn is cut at the region's edge, as tmux cuts it).
///
/// A value: every operation returns the changed layout or refuses with nothing changed.
@_spi(Host)
@frozen
public struct PaneLayout: Equatable, Sendable {
  /// Which way a split divides its room.
  @frozen
  public enum Axis: String, Equatable, Sendable, CaseIterable {
    /// Side by side, a one-column border between each two.
    case horizontal
    /// One above the other, a one-row border between each two.
    case vertical
  }

  /// A cell of the tree: a pane, or a split of its room among its children.
  @frozen
  public struct Cell: Equatable, Sendable {
    /// The handle of the pane's screen; `nil` for a split.
    public var pane: Int?
    /// Which way a split divides its room (for a pane, unused).
    public var axis: Axis
    /// A split's cells, left to right or top to bottom; empty for a pane.
    public var children: [Cell]
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A pane of a size.
    public static func pane(_ handle: Int, width: Int, height: Int) -> Cell {
      Cell(pane: handle, axis: .horizontal, children: [], width: width, height: height)
    }

    /// A split of a size.
    public static func split(_ axis: Axis, _ children: [Cell], width: Int, height: Int) -> Cell {
      Cell(pane: nil, axis: axis, children: children, width: width, height: height)
    }

    /// Its size along an axis: its width side by side, its height one above the other.
    @inline(__always)
    public func size(along axis: Axis) -> Int { axis == .horizontal ? width : height }

    mutating func grow(along axis: Axis, by change: Int) {
      if axis == .horizontal { width += change } else { height += change }
    }

    /// The handles of its panes, left to right and top to bottom.
    public var panes: [Int] {
      if let pane { return [pane] }
      return children.flatMap(\.panes)
    }
  }

  /// A pane's place: its top-left cell (0-based, from the region's top-left) and its size.
  @frozen
  public struct Frame: Equatable, Sendable {
    /// The pane's screen handle.
    public var pane: Int
    /// The column of its left edge.
    public var column: Int
    /// The row of its top edge.
    public var row: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Makes a frame.
    public init(pane: Int, column: Int, row: Int, width: Int, height: Int) {
      self.pane = pane
      self.column = column
      self.row = row
      self.width = width
      self.height = height
    }

    /// Whether a cell is inside it.
    public func contains(column: Int, row: Int) -> Bool {
      column >= self.column && column < self.column + width && row >= self.row
        && row < self.row + height
    }
  }

  /// The smallest pane: 2 columns.
  public static let minimumWidth = 2
  /// The smallest pane: 1 row.
  public static let minimumHeight = 1

  /// The smallest size of a pane along an axis.
  @inline(__always)
  public static func minimum(along axis: Axis) -> Int {
    axis == .horizontal ? minimumWidth : minimumHeight
  }

  /// The tree.
  public internal(set) var root: Cell

  /// One pane filling a region (at least 1 × 1).
  public init(pane handle: Int, width: Int, height: Int) {
    root = .pane(handle, width: max(1, width), height: max(1, height))
  }

  /// A layout of a tree made elsewhere (tests, ``PaneArrangement``).
  public init(root: Cell) {
    self.root = root
  }

  /// The columns the tree spans.
  public var width: Int { root.width }
  /// The rows the tree spans.
  public var height: Int { root.height }

  /// The handles of the panes, left to right and top to bottom (the order of the tab's panes).
  public var panes: [Int] { root.panes }

  /// Every pane's place, in the order of ``panes``.
  public var frames: [Frame] {
    var frames: [Frame] = []
    Self.collect(root, column: 0, row: 0, into: &frames)
    return frames
  }

  private static func collect(_ cell: Cell, column: Int, row: Int, into frames: inout [Frame]) {
    if let pane = cell.pane {
      frames.append(
        Frame(pane: pane, column: column, row: row, width: cell.width, height: cell.height))
      return
    }
    var (x, y) = (column, row)
    for child in cell.children {
      collect(child, column: x, row: y, into: &frames)
      if cell.axis == .horizontal { x += child.width + 1 } else { y += child.height + 1 }
    }
  }

  /// The place of one pane.
  public func frame(of handle: Int) -> Frame? { frames.first { $0.pane == handle } }
}
