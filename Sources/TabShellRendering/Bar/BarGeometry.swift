@_spi(Host) import TabShellKit

/// Where the bar's buttons go in a given width: which of them are visible (a window around the
/// selection when they do not all fit, or where the user scrolled it), the "+N" markers for the
/// hidden tabs, and each slot's column and width.
///
/// The work is proportional to the number of visible slots, not to the number of buttons.
struct BarGeometry: Equatable {
  /// Columns a slot needs at least before the bar shows a window instead.
  static let minimumSlot = 8

  /// The first visible entry.
  var first: Int
  /// Entries hidden on the left and on the right.
  var hiddenLeft: Int
  var hiddenRight: Int
  /// The markers, e.g. "+3 " and " +12" (empty when nothing is hidden on that side). They count
  /// tabs: the action button is not one (a side that hides only the button shows a bare "+").
  var leftMarker: String
  var rightMarker: String
  /// The visible slots: their column and width.
  var slots: [(column: Int, width: Int)]

  static func == (a: BarGeometry, b: BarGeometry) -> Bool {
    a.first == b.first && a.hiddenLeft == b.hiddenLeft && a.hiddenRight == b.hiddenRight
      && a.slots.map(\.column) == b.slots.map(\.column)
      && a.slots.map(\.width) == b.slots.map(\.width)
  }

  /// Lays out `count` entries in `width` columns, keeping `selected` (an entry index) visible, or
  /// showing the window `scroll` asks for.
  ///
  /// When every entry gets `minimumSlot` columns, all are shown. Otherwise the bar shows a window
  /// grown from the selected entry outwards, one entry at a time on alternate sides (or from the
  /// scroll's anchor towards its side first), while the entries' `desired` widths (at least
  /// `minimumSlot`), the gaps and the markers fit. `actionIndex` is the entry that is not a tab.
  init(
    count: Int, selected: Int?, width: Int, appearance: BarAppearance,
    minimumSlot: Int = BarGeometry.minimumSlot, actionIndex: Int? = nil,
    scroll: BarScroll.Anchor? = nil, desired: (Int) -> Int = { _ in 0 }
  ) {
    let width = max(1, width)
    let gap = appearance.positioning == .centered ? max(0, appearance.itemSpacing) : 0
    var low = 0
    var high = count  // the window is low..<high
    var left = ""
    var right = ""
    var needs: [Int] = []
    if count > 0, count * minimumSlot + (count - 1) * gap > width {
      let (anchor, rightFirst, alternate) = Self.start(count: count, selected: selected, scroll)
      var cramped = false
      func need(_ index: Int) -> Int {
        cramped && index != anchor ? minimumSlot : max(minimumSlot, desired(index))
      }
      func marker(_ hidden: Range<Int>, leading: Bool) -> String {
        Self.marker(hidden, actionIndex: actionIndex, leading: leading)
      }
      func window() -> (low: Int, high: Int) {
        Self.window(
          count: count, around: anchor, rightFirst: rightFirst, alternate: alternate, width: width,
          gap: gap, need: need,
          markers: { low, high in
            Self.width(marker(0..<low, leading: true))
              + Self.width(marker(high..<count, leading: false))
          })
      }
      (low, high) = window()
      if high - low == 1, count > 1 {
        // Only the anchor fits at its ease: its neighbours make do with the minimum.
        cramped = true
        (low, high) = window()
      }
      left = marker(0..<low, leading: true)
      right = marker(high..<count, leading: false)
      needs = (low..<high).map(need)
      if high - low == 1, minimumSlot + Self.width(left) + Self.width(right) > width {
        // Not even the numbers fit beside one button: the markers shrink to a bare "+".
        left = low > 0 ? "+" : ""
        right = high < count ? "+" : ""
      }
    }
    first = low
    hiddenLeft = low
    hiddenRight = count - high
    leftMarker = left
    rightMarker = right
    slots = Self.slots(
      high - low, from: Self.width(left), to: width - Self.width(right), gap: gap,
      appearance: appearance, needs: needs, minimumSlot: minimumSlot)
  }

  /// Where a window starts: the entry it grows from, the side it tries first, and whether it
  /// alternates sides (around the selection) or keeps to one side while it can (a scrolled window:
  /// a page to the right grows from its first entry rightwards, a page to the left from its last
  /// entry leftwards, then the other way once that side is full).
  private static func start(count: Int, selected: Int?, _ scroll: BarScroll.Anchor?)
    -> (anchor: Int, rightFirst: Bool, alternate: Bool)
  {
    let clamp = { (index: Int) in min(max(0, index), count - 1) }
    switch scroll {
    case .from(let first)?: return (clamp(first), true, false)
    case .to(let last)?: return (clamp(last), false, false)
    case nil: return (clamp(selected ?? 0), true, true)
    }
  }

  /// The window `low..<high` grown from `anchor`, one entry at a time (on alternate sides, or on
  /// one side while it can), while the entries' needs, the gaps between them and the markers fit in
  /// `width`.
  private static func window(
    count: Int, around anchor: Int, rightFirst: Bool, alternate: Bool, width: Int, gap: Int,
    need: (Int) -> Int, markers: (Int, Int) -> Int
  ) -> (low: Int, high: Int) {
    var (low, high) = (anchor, anchor + 1)
    var used = need(anchor)
    var rightFirst = rightFirst
    while true {
      var grew = false
      for side in rightFirst ? [true, false] : [false, true] {
        let index = side ? high : low - 1
        guard index >= 0, index < count else { continue }
        let total = used + gap + need(index)
        let (newLow, newHigh) = side ? (low, high + 1) : (low - 1, high)
        if total + markers(newLow, newHigh) <= width {
          (low, high, used, grew) = (newLow, newHigh, total, true)
          break
        }
        // A scrolled page keeps to its side while that side has entries.
        if !alternate { break }
      }
      if !grew { return (low, high) }
      if alternate { rightFirst.toggle() }
    }
  }

  /// "+N " on the left, " +N" on the right (N the tabs among the `hidden` entries), "+ " or " +"
  /// when only the action button is hidden there, or "" when nothing is.
  static func marker(_ hidden: Range<Int>, actionIndex: Int?, leading: Bool) -> String {
    guard !hidden.isEmpty else { return "" }
    let tabs = hidden.count - (actionIndex.map { hidden.contains($0) ? 1 : 0 } ?? 0)
    let count = tabs > 0 ? String(tabs) : ""
    return leading ? "+\(count) " : " +\(count)"
  }

  private static func width(_ marker: String) -> Int { marker.utf8.count }

  /// Slots between two columns: `centered` gives each its item width and centres the group when
  /// that fits; otherwise the slots share the space: each its `needs` (when given and they fit) and
  /// an equal part of the rest (the first ones take the remainder).
  private static func slots(
    _ k: Int, from start: Int, to end: Int, gap: Int, appearance: BarAppearance, needs: [Int],
    minimumSlot: Int
  ) -> [(column: Int, width: Int)] {
    guard k > 0 else { return [] }
    let space = max(0, end - start)
    let gaps = (k - 1) * gap
    var result: [(column: Int, width: Int)] = []
    result.reserveCapacity(k)
    // An item width below the minimum would leave no room for the selected title.
    let itemWidth = max(minimumSlot, appearance.itemWidth)
    if appearance.positioning == .centered, k * itemWidth + gaps <= space {
      var column = start + (space - k * itemWidth - gaps) / 2
      for _ in 0..<k {
        result.append((column, itemWidth))
        column += itemWidth + gap
      }
      return result
    }
    let share = max(0, space - gaps)
    let base =
      needs.count == k && needs.reduce(0, +) <= share ? needs : Array(repeating: 0, count: k)
    let rest = share - base.reduce(0, +)
    var column = start
    for index in 0..<k {
      let w = base[index] + rest / k + (index < rest % k ? 1 : 0)
      result.append((column, w))
      column += w + gap
    }
    return result
  }
}
