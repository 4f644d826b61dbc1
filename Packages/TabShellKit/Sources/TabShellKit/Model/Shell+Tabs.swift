extension Shell {
  /// Adds a tab whose root is a new screen of `type`; returns the tab's id.
  ///
  /// The first tab added becomes the selection and appears at once. `position` (1-based) defaults to
  /// the end; adding a tab never moves the selection to another tab.
  @discardableResult
  public func addTab(
    type: String, id: String? = nil, title: String? = nil, icon: String? = nil,
    selectedIcon: String? = nil, at position: Int? = nil, parameters: [String: String] = [:]
  ) throws(ShellError) -> String {
    let screenType = try self.screenType(named: type)
    if let position, !(1...tabRecords.count + 1).contains(position) {
      throw .positionOutOfRange(position, count: tabRecords.count + 1)
    }
    let node = try makeNode(type: screenType, id: id, title: title, parameters: parameters)
    let item = BarItem(
      title: node.title, icon: icon ?? screenType.icon,
      selectedIcon: selectedIcon ?? icon ?? screenType.selectedIcon)
    let index = (position ?? tabRecords.count + 1) - 1
    begin()
    tabRecords.insert(TabRecord(id: node.id, item: item, stack: [node]), at: index)
    if index == tabRecords.count - 1, lazyIndexByID != nil {
      lazyIndexByID?[node.id] = index
    } else {
      lazyIndexByID = nil
    }
    emit(.tabAdded(tab: index + 1, id: node.id))
    if let selected = selectedIndex {
      if index <= selected { selectedIndex = selected + 1 }
    } else {
      selectedIndex = index
      emitAfter(.didSelect(tab: index + 1, id: node.id))
    }
    commit()
    return node.id
  }

  /// Closes a tab: its screens leave for good. Closing the selected tab selects its right-hand
  /// neighbour (else its left-hand one), preferring enabled tabs.
  public func closeTab(_ tab: String) throws(ShellError) {
    let index = try index(of: tab)
    let record = tabRecords[index]
    begin()
    tabRecords.remove(at: index)
    lazyIndexByID = nil
    if previousSelectedID == record.id { previousSelectedID = nil }
    emit(.tabClosed(tab: index + 1, id: record.id))
    if let selected = selectedIndex {
      if selected == index {
        selectedIndex = neighbour(of: index)
        if let new = selectedIndex {
          previousSelectedID = nil
          emitAfter(.didSelect(tab: new + 1, id: tabRecords[new].id))
        }
      } else if index < selected {
        selectedIndex = selected - 1
      }
    }
    leave(record.stack.reversed())
    commit()
  }

  /// Moves a tab to a new position (1-based); the selection stays with its tab.
  public func moveTab(_ tab: String, to position: Int) throws(ShellError) {
    let index = try index(of: tab)
    guard tabRecords.indices.contains(position - 1) else {
      throw .positionOutOfRange(position, count: tabRecords.count)
    }
    let selectedID = selectedIndex.map { tabRecords[$0].id }
    begin()
    let record = tabRecords.remove(at: index)
    tabRecords.insert(record, at: position - 1)
    lazyIndexByID = nil
    if let selectedID { selectedIndex = self.index(ofID: selectedID) }
    if index != position - 1 { emit(.tabMoved(from: index + 1, to: position, id: record.id)) }
    commit()
  }

  /// Renames a tab (its bar item and its root screen).
  public func renameTab(_ tab: String, to title: String) throws(ShellError) {
    let index = try index(of: tab)
    begin()
    tabRecords[index].item.title = title
    tabRecords[index].stack[0].title = title
    commit()
  }

  /// Sets a tab's badge; `nil` clears it.
  public func setBadge(_ tab: String, to value: String?) throws(ShellError) {
    let index = try index(of: tab)
    setBadge(index: index, to: value)
  }

  func setBadge(index: Int, to value: String?) {
    guard tabRecords[index].item.badge != value else { return }
    begin()
    tabRecords[index].item.badge = value
    emit(.badgeChanged(tab: index + 1, id: tabRecords[index].id, value: value))
    commit()
  }

  /// Enables or disables a tab. A disabled tab cannot be tapped and swipes pass over it; disabling
  /// the selected tab keeps it selected.
  public func setEnabled(_ tab: String, _ enabled: Bool) throws(ShellError) {
    let index = try index(of: tab)
    begin()
    tabRecords[index].item.isEnabled = enabled
    commit()
  }

  /// The index to select when the tab at `index` (already removed) was the selection.
  private func neighbour(of index: Int) -> Int? {
    if tabRecords.isEmpty { return nil }
    let right = tabRecords[index...].firstIndex { $0.item.isEnabled }
    let left = tabRecords[..<index].lastIndex { $0.item.isEnabled }
    return right ?? left ?? min(index, tabRecords.count - 1)
  }
}
