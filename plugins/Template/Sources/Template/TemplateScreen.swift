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

  /// An argument is declared once, with its type: `command[Self.who]` is a `String?`.
  static let who = CommandArgument("NAME", optional: .text, abstract: "whom to greet")

  static let hello = ScreenCommand(
    "hello", of: TemplateScreen.self, parameters: [who],
    abstract: "greet NAME (default: world) and count it in the tab's badge"
  ) { screen, command in
    screen.greetings += 1
    command.context.setBadge(String(screen.greetings))
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

  init(title: String, context: ScreenContext) {
    self.title = title
    self.context = context
  }

  func viewDidLoad() throws {
    context.log("\(title) loaded")
  }

  func draw(in canvas: inout Canvas) {
    let top = max(0, canvas.height / 2 - 1)
    canvas.writeCentered(title, row: top, bold: true)
    canvas.writeCentered("greetings: \(greetings)", row: top + 1)
  }
}
