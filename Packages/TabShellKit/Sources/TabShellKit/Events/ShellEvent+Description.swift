@_spi(Host)
extension ShellEvent: CustomStringConvertible {
  /// The event as one readable line, as `trace on` prints it and the tests compare it:
  /// `viewWillAppear b`, `did-select 2 b`, `did-bounce left`, `tab-moved 1 -> 3 a`,
  /// `badge-changed 1 a none`, `screen-failed b: viewWillAppear failed: boom`, `bell t`,
  /// `exited t 3`, `pane-split a -> b`. The one formatter
  /// of events as text.
  public var description: String {
    let name = self.name.rawValue
    switch self {
    case .didBounce(let direction): return "\(name) \(direction.rawValue)"
    case .badgeChanged(let tab, let id, let value): return "\(name) \(tab) \(id) \(value ?? "none")"
    case .tabMoved(let from, let to, let id): return "\(name) \(from) -> \(to) \(id)"
    case .screenLog(let screen, let message), .screenFailed(let screen, let message),
      .requestFailed(let screen, let message):
      return "\(name) \(screen): \(message)"
    case .exited(let screen, _, let status): return "\(name) \(screen) \(status)"
    case .paneSplit(let screen, let from, _): return "\(name) \(from) -> \(screen)"
    default:
      if let screen { return "\(name) \(screen)" }
      if let tab, let tabID { return "\(name) \(tab) \(tabID)" }
      return name
    }
  }
}
