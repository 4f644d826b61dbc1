@_spi(Host) import TabShellKit

/// One button of the bar: a tab's item or the centre action button.
struct BarEntry {
  /// The tab's position (1-based), shown before its title so that what the user sees is what they
  /// type (`tab 3`, the key 3); `nil` for the action button, which has none.
  var position: Int?
  var title: String
  var icon: String
  var badge: String?
  /// The mark of a tab that rang the bell or had activity since it was last selected.
  var mark: BarMark? = nil
  var isEnabled: Bool
  var isSelected: Bool
  var isAction: Bool
}

/// The bar's buttons, left to right: the tabs, with the action button (if any) in the middle so
/// that the tabs split evenly on both sides (with an odd count, the right side has one more).
///
/// Entries are made on demand, so a bar of a thousand tabs costs only what is visible.
struct BarEntries {
  let shell: Shell
  /// The number of tabs.
  let tabCount: Int
  /// The action button's index among the entries, if there is one.
  let actionIndex: Int?

  init(_ shell: Shell) {
    self.shell = shell
    tabCount = shell.tabCount
    actionIndex = shell.bar.actionButton == nil ? nil : shell.tabCount / 2
  }

  /// Tabs plus the action button.
  var count: Int { tabCount + (actionIndex == nil ? 0 : 1) }

  /// The selected tab's entry index.
  var selectedIndex: Int? {
    shell.selectedPosition.map { index(ofPosition: $0) }
  }

  /// The tab position (1-based) of an entry index; `nil` for the action button.
  func position(ofIndex index: Int) -> Int? {
    guard let actionIndex else { return index + 1 }
    if index == actionIndex { return nil }
    return index < actionIndex ? index + 1 : index
  }

  /// The entry index of a tab position (1-based).
  func index(ofPosition position: Int) -> Int {
    if let actionIndex, position - 1 >= actionIndex { return position }
    return position - 1
  }

  /// The entry at an index.
  func entry(at index: Int) -> BarEntry {
    if let actionIndex, let button = shell.bar.actionButton {
      if index == actionIndex {
        return BarEntry(
          position: nil, title: button.title, icon: button.icon, badge: nil, isEnabled: true,
          isSelected: false,
          isAction: true)
      }
      return tabEntry(position: index < actionIndex ? index + 1 : index)
    }
    return tabEntry(position: index + 1)
  }

  private func tabEntry(position: Int) -> BarEntry {
    let selected = position == shell.selectedPosition
    guard let item = shell.item(at: position) else {
      return BarEntry(
        position: position, title: "", icon: "", badge: nil, isEnabled: false, isSelected: false,
        isAction: false)
    }
    return BarEntry(
      position: position, title: item.title, icon: selected ? item.selectedIcon : item.icon,
      badge: item.badge, mark: BarMark(item),
      isEnabled: item.isEnabled, isSelected: selected, isAction: false)
  }
}

/// The mark the bar draws on a tab, apart from its badge, until the tab is selected: `!` for a
/// bell, else `#` for activity (as tmux marks its windows).
package enum BarMark: String, Sendable {
  case bell = "!"
  case activity = "#"

  /// The mark of a tab's item, if any.
  package init?(_ item: BarItem) {
    if item.hasBell {
      self = .bell
    } else if item.hasActivity {
      self = .activity
    } else {
      return nil
    }
  }
}
