import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TestSupport

/// An interpreter on a shell with the built-in plugin, its output, errors and the commands its
/// gestures resolved to kept for the test to read.
final class GestureSession {
  let shell: Shell
  let interpreter: Interpreter
  var output: [String] {
    get { lines.output }
    set { lines.output = newValue }
  }
  var errors: [String] {
    get { lines.errors }
    set { lines.errors = newValue }
  }
  /// The interpreter's host: the commands the gestures resolved to, with whether each succeeded.
  let host = TestHost()

  convenience init(layout: String? = "demo", columns: Int = 80, rows: Int = 24) throws {
    let shell = Shell()
    try shell.register(BuiltinPlugin(), source: "built-in")
    if let layout { try shell.apply(layout: layout) }
    try self.init(shell, columns: columns, rows: rows)
  }

  /// On a shell made already.
  init(_ shell: Shell, columns: Int, rows: Int) throws {
    self.shell = shell
    let printed = CollectedLines()
    lines = printed
    interpreter = Interpreter(
      shell: shell, renderOptions: RenderOptions(width: columns, height: rows),
      currentDirectory: "/", output: { printed.output.append($0) },
      report: { printed.errors.append("\($0)") })
    interpreter.host = host
  }

  private let lines: CollectedLines

  /// Runs a line as typed; returns its status.
  @discardableResult
  func run(_ line: String) -> Int32 {
    interpreter.runLine(line).status
  }

  /// What `hit` prints for a cell.
  func hit(_ column: Int, _ row: Int) -> String {
    output.removeAll()
    run("hit \(column) \(row)")
    return output.last ?? "(nothing)"
  }

  /// Takes the output, errors and resolved commands so far.
  func take() -> (output: [String], errors: [String], resolved: [String]) {
    defer {
      output.removeAll()
      errors.removeAll()
      host.forgetResolved()
    }
    return (output, errors, host.resolved)
  }

  /// The selected tab's id.
  var selected: String? { shell.selectedPosition.flatMap { shell.tab(at: $0)?.id } }

  /// The cell (1-based) where `text` is drawn in `show`'s output, if it is.
  func find(_ text: String) -> (column: Int, row: Int)? {
    let frame = Renderer.frame(
      shell, options: interpreter.view.renderOptions, scroll: interpreter.view.barScroll)
    for (index, line) in frame.enumerated() {
      guard let range = line.range(of: text) else { continue }
      return (displayWidth(of: line[..<range.lowerBound]) + 1, index + 1)
    }
    return nil
  }
}

/// Lines an interpreter printed and reported.
private final class CollectedLines {
  var output: [String] = []
  var errors: [String] = []
}
