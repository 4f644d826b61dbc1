import TabShellKit

/// `text`: shows its title and an optional text; always available, for tests and layouts.
final class TextScreenType: ScreenType {
  let name = "text"
  let summary = "shows its title and an optional --text"
  let defaultTitle = "Text"
  let icon = "□"
  let selectedIcon = "■"

  /// `--text TEXT`: what the screen shows under its title.
  static let text = CommandOption(
    "--text", .text, valueName: "TEXT", abstract: "the text shown under the title")

  var parameters: [CommandParameter] { [Self.text] }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    TextScreen(title: configuration.title, text: configuration[Self.text] ?? "")
  }
}

final class TextScreen: Screen {
  let title: String
  let text: String

  init(title: String, text: String) {
    self.title = title
    self.text = text
  }

  func draw(in canvas: inout Canvas) {
    // The title and the wrapped text, as one block in the middle of the region.
    let lines = text.isEmpty ? [] : Canvas.wrap(text, width: canvas.width)
    let top = max(0, (canvas.height - 1 - lines.count) / 2)
    canvas.writeCentered(title, row: top, bold: true)
    for (offset, line) in lines.enumerated() { canvas.writeCentered(line, row: top + 1 + offset) }
  }
}

/// `post`: the compose screen that a centre action button presents.
final class PostScreenType: ScreenType {
  let name = "post"
  let summary = "a compose screen, presented by an action button"
  let defaultTitle = "Post"
  let icon = "+"

  var parameters: [CommandParameter] { [TextScreenType.text] }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    TextScreen(title: configuration.title, text: configuration[TextScreenType.text] ?? "New post")
  }
}
