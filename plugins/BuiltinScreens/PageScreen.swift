import TabShellKit

/// `page`: a full page in one colour, as the pages of a swipeable tab bar.
final class PageScreenType: ScreenType {
  let name = "page"
  let summary = "a page in one colour (--param color=red|blue|yellow|orange|gray)"
  let defaultTitle = "Page"
  let icon = "▤"

  static let colors: [String: BarColor] = [
    "red": .red, "blue": .blue, "yellow": .yellow, "orange": .orange, "gray": .gray,
  ]

  /// `--color NAME`: the page's colour (default gray).
  static let color = CommandOption(
    "--color", .choice(colors.keys.sorted()), valueName: "NAME",
    abstract: "the page's colour (default gray)")

  var parameters: [CommandParameter] { [Self.color] }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    // The host checked the word against the choices, all of them keys of `colors`.
    let name = configuration[Self.color] ?? "gray"
    return PageScreen(
      title: configuration.title, colorName: name, color: Self.colors[name] ?? .gray)
  }
}

final class PageScreen: Screen {
  let title: String
  let colorName: String
  let color: BarColor

  init(title: String, colorName: String, color: BarColor) {
    self.title = title
    self.colorName = colorName
    self.color = color
  }

  func draw(in canvas: inout Canvas) {
    // In colour the page is a solid block of its colour with its name in a contrasting one; in
    // plain text, a shaded block with the name in the middle.
    canvas.background = Canvas.Color(color)
    let fill = String(repeating: "░", count: canvas.width)
    for row in 0..<canvas.height { canvas.write(fill, row: row, color: color) }
    let brightness = 299 * Int(color.red) + 587 * Int(color.green) + 114 * Int(color.blue)
    let ink = brightness > 150_000 ? BarColor.black : BarColor(red: 255, green: 255, blue: 255)
    let top = max(0, canvas.height / 2 - 1)
    canvas.writeCentered(" \(title) ", row: top, color: ink, bold: true)
    canvas.writeCentered(" \(colorName) ", row: top + 1, color: ink)
  }
}
