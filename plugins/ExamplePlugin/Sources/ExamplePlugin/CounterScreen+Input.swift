import TabShellKit

extension CounterScreen {
  /// Input while the counter is visible (or sent to it by a script): the keys `+` and `-`, or
  /// `Up` and `Down`, count one up or down; typed text counts each `+` and `-` in it; a left click
  /// anywhere in the region counts one up, the wheel up or down. Anything else is not handled,
  /// so the host does with it what it does by default (a drag stays a swipe).
  func handle(_ input: ScreenInput) -> Bool {
    switch input {
    case .key(Key("+")), .key(Key(.up)):
      return count(by: 1)
    case .key(Key("-")), .key(Key(.down)):
      return count(by: -1)
    case .text(let text, isPaste: false):
      let steps = text.map { $0 == "+" ? 1 : $0 == "-" ? -1 : 0 }
      guard steps.contains(where: { $0 != 0 }) else { return false }
      for step in steps where step != 0 { _ = count(by: step) }
      return true
    case .mouse(let mouse):
      switch (mouse.action, mouse.button) {
      case (.press, 1), (.wheelUp, _): return count(by: 1)
      case (.wheelDown, _): return count(by: -1)
      default: return false
      }
    default:
      return false
    }
  }

  /// Counts `step` up, and says the input was handled (a count past `Int`'s range stays where
  /// it is).
  private func count(by step: Int) -> Bool {
    try? increment(by: step)
    return true
  }
}
