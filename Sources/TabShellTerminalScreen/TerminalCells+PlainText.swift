import CVTerm

/// Plain text written to the cells without libvterm's state (``TerminalEmulator``'s fast path for
/// printable ASCII, which ``ParameterGuard`` finds).
extension TerminalCells {
  /// Writes `text` (printable ASCII) to a row from a column as libvterm's state prints it, when the
  /// cell before the column holds `printed` as the state just wrote it: each cell in that one's
  /// style (the pen, whether it is protected) with its character. Whether it wrote them (not when
  /// that cell is not such a character, or the text does not fit the row).
  mutating func writePlainly(
    _ text: UnsafeRawBufferPointer, after printed: UInt8, row: Int, column: Int
  )
    -> Bool
  {
    guard let base = text.baseAddress, row >= 0, row < rows, column >= 1,
      column + text.count <= columns
    else { return false }
    let line = lines[row]
    let model = line[column - 1]
    guard model.glyph == UInt32(printed) else { return false }
    tabshell_cells_put_ascii(
      line + column, model.style, base.assumingMemoryBound(to: UInt8.self), Int32(text.count))
    damage(row: row, columns: column..<column + text.count)
    return true
  }
}
