import BuiltinScreens
import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport

@testable import TabShellLanguage

/// A screen that takes input and draws what the checks of pictures look at: on its first row a
/// plain `Menu:`, a bold green `[ OK ]` and `[Cancel]` on red, on its second a wide `字` and
/// `wide`, on its third the clicks it got; the cursor at its second row's fourth column. `set`
/// (a screen command) changes its third row's text; `set tick` makes it count on its third row
/// every 20 ms, until `set` again.
final class PaintType: ScreenType {
  let name = "paint"
  var takesInput: Bool { true }
  var made: [PaintScreen] = []
  var commands: [ScreenCommand] { [PaintScreen.setCommand] }
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    let screen = PaintScreen(context: configuration.context)
    made.append(screen)
    return screen
  }
}

final class PaintScreen: Screen {
  let context: ScreenContext
  /// The clicks it got, as `(column,row)` counted from its region's top-left.
  var clicks: [String] = []
  var note = ""
  var ticks = 0
  var timer: ScreenTimer?
  init(context: ScreenContext) { self.context = context }

  static let words = CommandArgument("TEXT", .text)
  static let setCommand = ScreenCommand(
    "row", of: PaintScreen.self, parameters: [words], abstract: "set the third row's text"
  ) { screen, command in
    screen.note = command[words]
    screen.timer?.cancel()
    guard screen.note == "tick" else { return }
    screen.timer = screen.context.every(.milliseconds(20)) { [weak screen] in
      screen?.ticks += 1
      screen?.context.setNeedsDisplay()
    }
  }

  func handle(_ input: ScreenInput) -> Bool {
    guard case .mouse(let mouse) = input, mouse.action == .press else { return true }
    clicks.append("(\(mouse.column),\(mouse.row))")
    return true
  }

  func draw(in canvas: inout Canvas) {
    canvas.write("Menu:", row: 0)
    canvas.write(
      "[ OK ]", row: 0, column: 6,
      style: Canvas.Style(foreground: .green, attributes: [.bold]))
    canvas.write("[Cancel]", row: 0, column: 13, style: Canvas.Style(background: .red))
    canvas.write("字 wide", row: 1)
    let third = note == "tick" ? "tick \(ticks)" : note
    canvas.write(note.isEmpty ? clicks.joined(separator: " ") : third, row: 2)
    canvas.cursor = Canvas.Cursor(row: 1, column: 3)
  }
}

final class PaintPlugin: TabShellPlugin {
  let name = "paint"
  let type = PaintType()
  var screenTypes: [any ScreenType] { [type] }
}

/// A shell with the built-in screens and `paint`, an interpreter on it working in a folder of its
/// own, and what it printed and reported.
final class PictureRun {
  let shell = Shell()
  let plugin = PaintPlugin()
  let folder = NSTemporaryDirectory() + "tabshell-pictures-\(UUID().uuidString)"
  var printed: [String] = []
  var reported: [String] = []
  lazy var interpreter = Interpreter(
    shell: shell, renderOptions: RenderOptions(width: 40, height: 10), currentDirectory: folder,
    output: { [unowned self] in printed.append($0) },
    report: { [unowned self] in reported.append("\($0)") })

  init() throws {
    try shell.register(BuiltinPlugin(), source: "built-in")
    try shell.register(plugin, source: "test")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// Runs `source` as the script `s.tabsh` in the folder.
  func script(_ source: String) -> Interpreter.Outcome {
    interpreter.run(interpreter.parse(source, file: "s.tabsh", directory: folder))
  }

  /// Runs `source` as `s.tabsh` with `--keep-going`: every failure is reported.
  func scriptGoingOn(_ source: String) -> Interpreter.Outcome {
    interpreter.settings.keepGoing = true
    return script(source)
  }

  /// A file the script wrote, as text.
  func file(_ name: String) throws -> String {
    try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
  }

  /// The screen `paint` made with this id.
  func paint(_ id: String) -> PaintScreen? {
    plugin.type.made.first { $0.context.screenID == id }
  }
}
