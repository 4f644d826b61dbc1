extension FrameEncoder {
  /// Moves the cursor with the shortest sequence: CUP (`ESC [ r ; c H`), or from where it is, CUU
  /// or CUD for the row and then CR, BS, CHA, CUB, CUF or the unchanged cells of the row written
  /// again for the column. `cells` is the target row's new cells (`nil` outside the grid).
  mutating func moveTo(row target: Int, column: Int, in cells: Cells?) {
    if cells != nil, !started { start() }
    if positionKnown, row == target, column == self.column { return }
    moved = true
    defer {
      row = target
      self.column = column
      positionKnown = true
    }
    let absolute = Self.positionCost(row: target, column: column)
    guard positionKnown, Self.rowMoveCost(target - row) + columnMoveCost(to: column) < absolute
    else {
      appendPosition(row: target, column: column)
      return
    }
    appendRowMove(target - row)
    appendColumnMove(to: column, in: cells)
  }

  /// The bytes of `ESC [ r ; c H` (either number left out when it is 1).
  private static func positionCost(row: Int, column: Int) -> Int {
    var cost = 3
    if row > 0 || column > 0 { cost += digits(row + 1) }
    if column > 0 { cost += 1 + digits(column + 1) }
    return cost
  }

  private mutating func appendPosition(row: Int, column: Int) {
    append(0x1B, 0x5B)
    if row > 0 || column > 0 { appendNumber(row + 1) }
    if column > 0 {
      output.append(0x3B)  // ;
      appendNumber(column + 1)
    }
    output.append(0x48)  // H
  }

  /// The bytes of a relative sequence `ESC [ n X` (the 1 left out).
  private static func relativeCost(_ count: Int) -> Int {
    count == 0 ? 0 : count == 1 ? 3 : 3 + digits(count)
  }

  private mutating func appendRelative(_ count: Int, _ final: UInt8) {
    guard count > 0 else { return }
    append(0x1B, 0x5B)
    if count > 1 { appendNumber(count) }
    output.append(final)
  }

  /// The bytes of CUU or CUD by `rows` (negative: up).
  private static func rowMoveCost(_ rows: Int) -> Int { relativeCost(abs(rows)) }

  private mutating func appendRowMove(_ rows: Int) {
    appendRelative(abs(rows), rows < 0 ? 0x41 : 0x42)  // A (up) or B (down)
  }

  /// The bytes of the shortest move along the row (without writing cells again).
  private func columnMoveCost(to target: Int) -> Int {
    if target >= column { return Self.relativeCost(target - column) }
    if target == 0 { return 1 }
    return min(column - target, Self.relativeCost(column - target), 3 + Self.digits(target + 1))
  }

  private mutating func appendColumnMove(to target: Int, in cells: Cells?) {
    if target == column { return }
    if target > column {
      let gap = target - column
      if let cells, rewritesGap(to: target, in: cells, limit: Self.relativeCost(gap)) { return }
      appendRelative(gap, 0x43)  // C
      return
    }
    let back = column - target
    if target == 0 {
      output.append(0x0D)  // CR
    } else if back <= min(Self.relativeCost(back), 3 + Self.digits(target + 1)) {
      for _ in 0..<back { output.append(0x08) }  // BS
    } else if Self.relativeCost(back) <= 3 + Self.digits(target + 1) {
      appendRelative(back, 0x44)  // D
    } else {
      append(0x1B, 0x5B)
      appendNumber(target + 1)
      output.append(0x47)  // G
    }
  }

  /// Writes the unchanged cells of the row from the cursor to `end` again when they take at most
  /// `limit` bytes in the pen's style; returns whether it did.
  private mutating func rewritesGap(to end: Int, in cells: Cells, limit: Int) -> Bool {
    guard let pen else { return false }
    var cost = 0
    for index in column..<end {
      let cell = cells[index]
      guard !cell.isCluster, cell.sameStyle(as: pen) else { return false }
      if cell.width == 2, index + 1 >= end { return false }
      cost += Self.utf8Length(cell.glyph, width: cell.width)
      if cost > limit { return false }
    }
    for index in column..<end { put(cells[index]) }
    return true
  }
}
