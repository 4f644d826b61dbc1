import TabShellKit

/// A screen command's refusal; the shell prints its description.
struct CounterError: Error, CustomStringConvertible {
  let description: String
}

extension CounterScreen {
  /// The commands that work while a counter is the visible screen. `help` lists them.
  static let commands = [increment, reset, focus]

  /// Each parameter is declared once, with its type: `command[step]` is an `Int?`.
  static let step = CommandArgument("N", optional: .integer, abstract: "how much (default 1)")

  static let increment = ScreenCommand(
    "increment", of: CounterScreen.self, parameters: [step],
    abstract: "add N to the counter and show it in the tab's badge"
  ) { counter, command in
    try counter.increment(by: command[step] ?? 1)
    command.write("\(counter.title): \(counter.count)")
  }

  static let reset = ScreenCommand(
    "reset", of: CounterScreen.self, abstract: "set the counter back to zero and clear the badge"
  ) { counter, command in
    counter.reset()
    command.write("\(counter.title): 0")
  }

  static let mode = CommandArgument("on|off", optional: .choice(["on", "off"]))

  static let focus = ScreenCommand(
    "focus", of: CounterScreen.self, parameters: [mode],
    abstract: "hide the tab bar while counting ('focus off' shows it again)"
  ) { counter, command in
    counter.setFocused(command[mode] != "off")
  }
}
