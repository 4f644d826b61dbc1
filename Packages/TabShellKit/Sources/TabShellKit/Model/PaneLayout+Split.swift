/// Splitting a pane and closing one, as tmux's `layout_split_pane` and `layout_destroy_cell` do.
extension PaneLayout {
  /// Why a pane cannot be split.
  @frozen
  public enum SplitRefusal: Equatable, Sendable, Error {
    /// The pane is `size` cells along the axis: two panes and a border need `needed`.
    case tooSmall(size: Int, needed: Int, axis: Axis)
    /// The new pane would be `size` cells (asked for), leaving the pane split `left`: each must be
    /// at least `minimum`.
    case badSize(size: Int, left: Int, minimum: Int, axis: Axis)
  }

  /// The size a new pane gets when pane `handle` is split along `axis`: `size` cells when given
  /// (checked: both panes at least the minimum), else half (the new pane the smaller half of an
  /// odd size, as tmux's). The pane's size along the axis too.
  public func newPaneSize(splitting handle: Int, along axis: Axis, size: Int?) throws(SplitRefusal)
    -> (new: Int, of: Int)
  {
    guard let frame = frame(of: handle) else { return (0, 0) }
    let whole = axis == .horizontal ? frame.width : frame.height
    let minimum = Self.minimum(along: axis)
    guard whole >= 2 * minimum + 1 else {
      throw .tooSmall(size: whole, needed: 2 * minimum + 1, axis: axis)
    }
    guard let size else {
      return (max(minimum, min((whole + 1) / 2 - 1, whole - 1 - minimum)), whole)
    }
    guard size >= minimum, whole - 1 - size >= minimum else {
      throw .badSize(size: size, left: whole - 1 - size, minimum: minimum, axis: axis)
    }
    return (size, whole)
  }

  /// The tree with pane `handle` split along `axis`: the new pane `new` after it, `size` cells
  /// along the axis (from ``newPaneSize(splitting:along:size:)``), the pane keeping the rest less
  /// the border. In a split along the same axis the new pane joins it; otherwise the pane becomes
  /// a split of the two.
  public func splitting(_ handle: Int, along axis: Axis, new: Int, size: Int) -> PaneLayout {
    guard let path = path(of: handle) else { return self }
    let cell = cell(at: path)
    let whole = cell.size(along: axis)
    var old = cell
    var added = Cell.pane(new, width: cell.width, height: cell.height)
    old.grow(along: axis, by: -(size + 1))
    added.grow(along: axis, by: size - whole)
    var layout = self
    let parentPath = Array(path.dropLast())
    if let index = path.last, self.cell(at: parentPath).axis == axis {
      layout.update(at: path) { $0 = old }
      layout.update(at: parentPath) { $0.children.insert(added, at: index + 1) }
    } else {
      layout.update(at: path) {
        $0 = .split(axis, [old, added], width: cell.width, height: cell.height)
      }
    }
    return layout
  }

  /// The tree without pane `handle` (never the last): its room, and the border beside it, go to
  /// its next sibling (its previous one when it was the last), as tmux's; a split left with one
  /// child is replaced by it, merged into its parent when they run the same way.
  public func removing(_ handle: Int) -> PaneLayout {
    guard let path = path(of: handle), let index = path.last else { return self }
    var layout = self
    let parentPath = Array(path.dropLast())
    layout.update(at: parentPath) { split in
      let gone = split.children[index]
      let neighbour = index == split.children.count - 1 ? index - 1 : index + 1
      Self.adjust(
        &split.children[neighbour], along: split.axis, by: gone.size(along: split.axis) + 1)
      split.children.remove(at: index)
    }
    layout.root = Self.normalized(layout.root)
    return layout
  }

  /// A cell with every split of one child replaced by that child and every split inside a split
  /// of the same axis merged into it.
  static func normalized(_ cell: Cell) -> Cell {
    guard cell.pane == nil else { return cell }
    var children: [Cell] = []
    for child in cell.children.map(normalized) {
      if child.pane == nil, child.axis == cell.axis {
        children += child.children
      } else {
        children.append(child)
      }
    }
    if children.count == 1 { return children[0] }
    var result = cell
    result.children = children
    return result
  }
}
