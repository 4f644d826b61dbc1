import TabShellKit

/// Records every event a shell emits as a short line: `viewWillAppear b`, `did-select 2 b`.
final class Events {
  private var lines: [String] = []

  init(_ shell: Shell) {
    _ = shell.addObserver { [weak self] event in self?.lines.append(Events.describe(event)) }
  }

  /// The events since the last call, and forgets them.
  func take() -> [String] {
    defer { lines.removeAll() }
    return lines
  }

  static func describe(_ event: ShellEvent) -> String {
    var words = [event.name.rawValue]
    switch event {
    case .badgeChanged(let tab, let id, let value): words += [String(tab), id, value ?? "none"]
    case .screenLog(let screen, let message), .screenFailed(let screen, let message),
      .requestFailed(let screen, let message):
      words += [screen, message]
    default:
      if let tab = event.tab { words.append(String(tab)) }
      if let id = event.tabID { words.append(id) }
      if let screen = event.screen { words.append(screen) }
    }
    return words.joined(separator: " ")
  }
}
