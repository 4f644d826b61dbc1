import TabShellKit

/// A screen command's refusal; the shell prints its description.
struct CounterError: Error, CustomStringConvertible {
  let description: String
}

extension CounterScreen {
  /// The commands that work while a counter is the visible screen. `help` lists them.
  static let commands: [ScreenCommand] = [
    ScreenCommand(
      "increment",
      arguments: [
        ArgumentDeclaration("N", .integer, optional: true, abstract: "how much (default 1)")
      ],
      abstract: "add N to the counter and show it in the tab's badge"
    ) { command, arguments in
      let counter = try counter(of: command)
      let text = arguments[0] ?? "1"
      guard let step = Int(text) else {
        throw CounterError(description: "'\(text)' is not a number")
      }
      try counter.increment(by: step)
      command.output("\(counter.title): \(counter.count)")
    },
    ScreenCommand("reset", abstract: "set the counter back to zero and clear the badge") {
      command, _ in
      let counter = try counter(of: command)
      counter.reset()
      command.output("\(counter.title): 0")
    },
    ScreenCommand(
      "focus",
      arguments: [ArgumentDeclaration("on|off", .choice(["on", "off"]), optional: true)],
      abstract: "hide the tab bar while counting ('focus off' shows it again)"
    ) { command, arguments in
      let counter = try counter(of: command)
      counter.setFocused(arguments[0] != "off")
    },
  ]

  private static func counter(of command: ScreenCommandContext) throws -> CounterScreen {
    guard let counter = command.screen as? CounterScreen else {
      throw CounterError(description: "the visible screen is not a counter")
    }
    return counter
  }
}
