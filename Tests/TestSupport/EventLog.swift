import TabShellKit

/// Records every event a shell emits, as compact text, for tests that check exact event sequences.
public final class EventLog {
  /// The events since the last ``take()``.
  public private(set) var events: [ShellEvent] = []

  /// Starts recording the events of `shell`.
  public init(_ shell: Shell) {
    shell.addObserver { [weak self] in self?.events.append($0) }
  }

  /// The events since the last call, as text, and forgets them.
  public func take() -> [String] {
    defer { events.removeAll() }
    return events.map(describe)
  }
}

/// An event as one short line: `viewWillAppear b`, `did-select 2 b`, `tab-moved 1 3 a`.
public func describe(_ event: ShellEvent) -> String {
  var words = [event.name.rawValue]
  switch event {
  case .tabMoved(let from, let to, let id): words += [String(from), String(to), id]
  case .badgeChanged(let tab, let id, let value): words += [String(tab), id, value ?? "none"]
  case .didBounce(let direction): words.append(direction.rawValue)
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
