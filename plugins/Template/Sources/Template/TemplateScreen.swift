import TabShellKit

/// The `template` screen type: `add-tab template` or `push template` makes one.
final class TemplateScreenType: ScreenType {
  let name = "template"
  let summary = "says hello; 'hello [NAME]' greets someone"
  let defaultTitle = "Template"
  let icon = "◇"
  let selectedIcon = "◆"

  /// Commands that work while this screen is visible; `help` lists them.
  var commands: [ScreenCommand] { [Self.hello] }

  /// Its screens take input: keys, text and clicks reach ``TemplateScreen/handle(_:)``.
  var takesInput: Bool { true }

  /// An argument is declared once, with its type: `command[Self.who]` is a `String?`.
  static let who = CommandArgument("NAME", optional: .text, abstract: "whom to greet")

  static let hello = ScreenCommand(
    "hello", of: TemplateScreen.self, parameters: [who],
    abstract: "greet NAME (default: world) and count it in the tab's badge"
  ) { screen, command in
    screen.greet()
    command.write("hello, \(command[who] ?? "world")")
  }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    TemplateScreen(title: configuration.title, context: configuration.context)
  }
}

/// One screen. The host calls the lifecycle methods; each has an empty default, and one that throws
/// marks the screen as failed without harming the shell.
final class TemplateScreen: Screen {
  let title: String
  let context: ScreenContext
  var greetings = 0
  var seconds = 0

  init(title: String, context: ScreenContext) {
    self.title = title
    self.context = context
  }

  func viewDidLoad() throws {
    context.log("\(title) loaded")
    // A timer: every second while the screen exists (the host stops it when the screen leaves).
    context.every(.seconds(1)) { [weak self] in
      self?.seconds += 1
      self?.context.setNeedsDisplay()
    }
  }

  /// Counts a greeting in the tab's badge.
  func greet() {
    greetings += 1
    context.setBadge(String(greetings))
  }

  /// Input while the screen is visible (or sent by a script's `send-keys`, `type`): Enter or a
  /// click greets; anything else is not handled, and the host does what it does by default.
  func handle(_ input: ScreenInput) -> Bool {
    switch input {
    case .key(Key(.enter)): greet()
    case .mouse(let mouse) where mouse.action == .press: greet()
    default: return false
    }
    return true
  }

  func draw(in canvas: inout Canvas) {
    let top = max(0, canvas.height / 2 - 1)
    canvas.writeCentered(title, row: top, style: Canvas.Style(attributes: .bold))
    canvas.writeCentered(
      "greetings: \(greetings)", row: top + 1, style: Canvas.Style(foreground: .cyan))
    canvas.writeCentered(
      "open \(seconds) s; Enter greets", row: top + 2, style: Canvas.Style(attributes: .dim))
  }
}
