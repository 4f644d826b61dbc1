@_spi(Host) import TabShellKit

/// Where the bar's buttons go in a given width: which of them are visible (a window around the
/// selection when they do not all fit), the "+N" markers for the hidden ones, and each slot's column
/// and width.
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
  /// The markers, e.g. "+3 " and " +12" (empty when nothing is hidden on that side).
  var leftMarker: String
  var rightMarker: String
  /// The visible slots: their column and width.
  var slots: [(column: Int, width: Int)]

  static func == (a: BarGeometry, b: BarGeometry) -> Bool {
    a.first == b.first && a.hiddenLeft == b.hiddenLeft && a.hiddenRight == b.hiddenRight
      && a.slots.map(\.column) == b.slots.map(\.column)
      && a.slots.map(\.width) == b.slots.map(\.width)
  }

  /// Lays out `count` entries in `width` columns, keeping `selected` (an entry index) visible.
  ///
  /// When every entry gets `minimumSlot` columns, all are shown. Otherwise the bar shows a window
  /// grown from the selected entry outwards, one entry at a time on alternate sides, while the
  /// entries' `desired` widths (at least `minimumSlot`), the gaps and the markers fit.
  init(
    count: Int, selected: Int?, width: Int, appearance: BarAppearance,
    minimumSlot: Int = BarGeometry.minimumSlot, desired: (Int) -> Int = { _ in 0 }
  ) {
    let width = max(1, width)
    let gap = appearance.positioning == .centered ? max(0, appearance.itemSpacing) : 0
    var low = 0
    var high = count  // the window is low..<high
    var left = ""
    var right = ""
    var needs: [Int] = []
    if count > 0, count * minimumSlot + (count - 1) * gap > width {
      let anchor = min(max(0, selected ?? 0), count - 1)
      var cramped = false
      func need(_ index: Int) -> Int {
        cramped && index != anchor ? minimumSlot : max(minimumSlot, desired(index))
      }
      (low, high) = Self.window(count: count, around: anchor, width: width, gap: gap, need: need)
      if high - low == 1, count > 1 {
        // Only the selected entry fits at its ease: its neighbours make do with the minimum.
        cramped = true
        (low, high) = Self.window(count: count, around: anchor, width: width, gap: gap, need: need)
      }
      left = Self.marker(low, leading: true)
      right = Self.marker(count - high, leading: false)
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

  /// The window `low..<high` grown from `anchor`, one entry at a time on alternate sides (right
  /// first), while the entries' needs, the gaps between them and the markers fit in `width`.
  private static func window(
    count: Int, around anchor: Int, width: Int, gap: Int, need: (Int) -> Int
  ) -> (low: Int, high: Int) {
    func markers(_ low: Int, _ high: Int) -> Int {
      Self.width(marker(low, leading: true)) + Self.width(marker(count - high, leading: false))
    }
    var (low, high) = (anchor, anchor + 1)
    var used = need(anchor)
    var rightFirst = true
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
      }
      if !grew { return (low, high) }
      rightFirst.toggle()
    }
  }

  /// "+N " on the left, " +N" on the right, or "" when nothing is hidden.
  static func marker(_ hidden: Int, leading: Bool) -> String {
    guard hidden > 0 else { return "" }
    return leading ? "+\(hidden) " : " +\(hidden)"
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
