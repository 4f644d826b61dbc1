@_spi(Host) import TabShellKit
import TabShellRendering

/// A cell of a screen's region, counted from 1 as scripts count rows and columns.
struct Cell: Equatable, Sendable {
  var row: Int
  var column: Int
}

extension CommandOption where Value == Cell? {
  /// An option that takes a cell as two whole numbers from 1, `--at ROW COL` (the binder takes
  /// an option's value in as many words as its value's names).
  convenience init(cell name: String, abstract: String) {
    self.init(
      spec: ParameterSpec(
        name: name, valueName: "ROW COL", kind: .integer(1...RenderOptions.maximumWidth),
        role: .option,
        isOptional: true, abstract: abstract),
      extract: { Cell?.extract($0) })
  }
}

extension Cell: Bindable {
  /// A cell bound as two whole numbers, row then column.
  static func extract(_ bound: ArgumentValue?) -> Cell? {
    guard case .list(let parts)? = bound, parts.count == 2,
      case .integer(let row) = parts[0], case .integer(let column) = parts[1]
    else { return nil }
    return Cell(row: row, column: column)
  }
}
