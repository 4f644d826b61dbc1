extension FrameEncoder {
  /// The farthest a row is looked for sideways, in columns.
  static let maximumShift = 64
  /// What moving a row costs, in cells saved: a shift is used only when it saves more.
  static let shiftOverhead = 10

  /// When a row is mostly the old row moved left or right (two pages sliding with a drag), moves
  /// the old row on the screen with DCH (`ESC [ n P`, left) or ICH (`ESC [ n @`, right) and returns
  /// the row as the screen then shows it, for the diff; `nil` when that does not pay.
  ///
  /// The blanks that come in are plain (the pen is reset first, for terminals that fill them with
  /// the background colour). A wide character cut by the move (terminals differ on what they leave
  /// there) needs no care: its half at an end of the moved row is a cell that the new row, whose
  /// wide characters are whole, cannot have, so the diff writes that cell.
  mutating func shiftRow(_ row: Int, old: Cells, new: Cells) -> [StoredCell]? {
    let columns = new.count
    let limit = min(Self.maximumShift, columns / 3)
    guard limit >= 1 else { return nil }
    var unshifted = 0
    for index in 0..<columns where !same(old[index], new[index]) { unshifted += 1 }
    guard unshifted > columns / 4, unshifted > 2 * Self.shiftOverhead else { return nil }
    var best: (shift: Int, cost: Int)?
    for shift in candidateShifts(old: old, new: new, limit: limit) {
      let budget = min(unshifted - Self.shiftOverhead, best?.cost ?? Int.max)
      if let cost = shiftCost(shift, old: old, new: new, budget: budget) {
        best = (shift, cost)
      }
    }
    guard let shift = best?.shift else { return nil }
    moveTo(row: row, column: 0, in: new)
    setPen(Self.plainBlank)
    append(0x1B, 0x5B)
    appendNumber(abs(shift))
    output.append(shift > 0 ? 0x50 : 0x40)  // P (delete: left) or @ (insert: right)
    var shifted = [StoredCell](repeating: Self.plainBlank, count: columns)
    for index in 0..<columns where index + shift >= 0 && index + shift < columns {
      shifted[index] = old[index + shift]
    }
    return shifted
  }

  /// The shifts (positive: the content moved left) under which a few changed cells of the middle
  /// of the new row are found in the old row, smallest first.
  private func candidateShifts(old: Cells, new: Cells, limit: Int) -> [Int] {
    let columns = new.count
    var left = limit == 64 ? UInt64.max : (UInt64(1) << limit) - 1
    var right = left
    var samples = 0
    var index = limit
    // Up to four samples, spread over the middle, where either direction can reach.
    let step = max(1, (columns - 2 * limit) / 4)
    while index < columns - limit, samples < 4, left | right != 0 {
      defer { index += 1 }
      let cell = new[index]
      guard cell != Self.plainBlank, !same(old[index], cell) else { continue }
      var leftHits: UInt64 = 0
      var rightHits: UInt64 = 0
      for shift in 1...limit {
        if same(old[index + shift], cell) { leftHits |= 1 << (shift - 1) }
        if same(old[index - shift], cell) { rightHits |= 1 << (shift - 1) }
      }
      left &= leftHits
      right &= rightHits
      samples += 1
      index += step - 1
    }
    var shifts: [Int] = []
    for shift in 1...limit {
      if left & (1 << (shift - 1)) != 0 { shifts.append(shift) }
      if right & (1 << (shift - 1)) != 0 { shifts.append(-shift) }
      if shifts.count >= 6 { break }
    }
    return shifts
  }

  /// The cells that still differ after the old row moves by `shift`, plus the cost of the move;
  /// `nil` as soon as it passes `budget`.
  private func shiftCost(_ shift: Int, old: Cells, new: Cells, budget: Int) -> Int? {
    var cost = Self.shiftOverhead
    for index in 0..<new.count {
      let source = index + shift
      let matches =
        source >= 0 && source < new.count
        ? same(old[source], new[index]) : new[index] == Self.plainBlank
      if !matches {
        cost += 1
        if cost >= budget { return nil }
      }
    }
    return cost
  }
}
