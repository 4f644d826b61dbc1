@_spi(Host) import TabShellKit

/// An action as the command line that sends it again, for a recording (docs/Contract.md,
/// "Recording"): a click as `tab feed`, the wheel as `swipe left`, a drag let go early as `swipe
/// left --cancel`, a key to a screen as `send-keys Up`. The names come from the commands' declarations.
enum ActionScript {
  /// The command line; an action no command sends (a programmatic selection, a screen's request,
  /// half a drag) is written as a comment that says so.
  static func line(_ action: ShellAction) -> String {
    guard let words = words(action) else { return "# \(action)" }
    return ScriptWords.line(words)
  }

  /// The words of the command that sends the action, or `nil` when no command does.
  static func words(_ action: ShellAction) -> [String]? {
    switch action {
    case .tap(let tab): [NavigationCommands.tab.name, tab.description]
    case .selectLastTab: [NavigationCommands.lastTab.name]
    case .swipe(let direction, let cancelled):
      [NavigationCommands.swipe.name, direction.rawValue]
        + (cancelled ? [NavigationCommands.cancel.spec.name] : [])
    case .closeTab(let tab): [TabCommands.closeTab.name, tab.description]
    case .moveTab(let tab, let position):
      [TabCommands.moveTab.name, tab.description, String(position)]
    case .renameTab(let tab, let title): [TabCommands.renameTab.name, tab.description, title]
    case .setBadge(let tab, let value?): [BarCommands.badge.name, tab.description, value]
    case .setBadge(let tab, nil):
      [BarCommands.badge.name, tab.description, BarCommands.clear.spec.name]
    case .setEnabled(let tab, let enabled):
      [(enabled ? BarCommands.enableTab : BarCommands.disableTab).name, tab.description]
    case .setBarHidden(let hidden): [(hidden ? BarCommands.hideBar : BarCommands.showBar).name]
    case .toggleBar: [BarCommands.toggleBar.name]
    case .removeActionButton: nil
    case .tapActionButton: [TabCommands.action.name]
    case .pop: [StackCommands.pop.name]
    case .popToRoot: [StackCommands.popToRoot.name]
    case .dismiss: [StackCommands.dismiss.name]
    case .applyLayout(let name): [TabCommands.layout.name, name]
    case .input(let input, let screen): ScreenInputCommands.words(input, to: screen)
    case .closePane(let pane): [PaneCommands.closePane.name] + to(pane)
    case .zoom(let pane): [PaneCommands.zoom.name] + to(pane)
    case .selectPane(let pane?, nil): [PaneCommands.selectPane.name, pane]
    case .selectPane(nil, let direction?):
      [PaneCommands.selectPane.name, "--" + direction.rawValue]
    case .resizePane(let pane, let side, let cells):
      [PaneCommands.resizePane.name] + to(pane) + ["--" + side.rawValue, String(cells)]
    case .arrangePanes(let pane, let arrangement):
      [PaneCommands.layoutPanes.name] + to(pane) + [arrangement.rawValue]
    case .select, .beginSwipe, .endSwipe, .addTab, .setAppearance, .setActionButton, .push,
      .present, .reset, .request, .split, .selectPane, .moveBorder, .setArea:
      nil
    }
  }

  /// `--to ID` for a pane named, nothing for the focused one.
  private static func to(_ pane: String?) -> [String] {
    pane.map { [PaneCommands.pane.spec.name, $0] } ?? []
  }
}
