extension Shell {
  /// Pushes a new screen onto the selected tab's stack; returns its id.
  ///
  /// With `hidesBar`, the bar is hidden while that screen is on the stack.
  @discardableResult
  public func push(
    type: String, id: String? = nil, title: String? = nil, hidesBar: Bool = false,
    parameters: [String: String] = [:]
  ) throws(ShellError) -> String {
    let index = try stackIndex()
    let screenType = try self.screenType(named: type)
    let node = try makeNode(
      type: screenType, id: id, title: title, hidesBar: hidesBar, parameters: parameters)
    begin()
    tabRecords[index].stack.append(node)
    commit()
    return node.id
  }

  /// Pops the top screen of the selected tab's stack.
  public func pop() throws(ShellError) {
    let index = try stackIndex()
    guard tabRecords[index].stack.count > 1 else { throw .atRoot(tab: tabRecords[index].id) }
    begin()
    leave(CollectionOfOne(tabRecords[index].stack.removeLast()))
    commit()
  }

  /// Pops the selected tab's stack to its root; at the root it changes nothing.
  public func popToRoot() throws(ShellError) {
    let index = try stackIndex()
    guard tabRecords[index].stack.count > 1 else { return }
    begin()
    leave(tabRecords[index].stack[1...].reversed())
    tabRecords[index].stack.removeSubrange(1...)
    commit()
  }

  /// Presents a new screen modally over everything; returns its id.
  @discardableResult
  public func present(
    type: String, id: String? = nil, title: String? = nil, parameters: [String: String] = [:]
  ) throws(ShellError) -> String {
    if let modal { throw .modalPresented(id: modal.id) }
    let screenType = try self.screenType(named: type)
    let node = try makeNode(type: screenType, id: id, title: title, parameters: parameters)
    begin()
    modal = node
    commit()
    return node.id
  }

  /// Dismisses the presented screen; it leaves for good.
  public func dismiss() throws(ShellError) {
    guard let node = modal else { throw .noModal }
    begin()
    modal = nil
    leave(CollectionOfOne(node))
    commit()
  }

  /// Closes every tab, the modal screen and the action button, and shows the bar with its default
  /// appearance: the state a layout starts from.
  public func reset() {
    begin()
    if let node = modal { leave(CollectionOfOne(node)) }
    modal = nil
    for index in tabRecords.indices.reversed() {
      emit(.tabClosed(tab: index + 1, id: tabRecords[index].id))
      leave(tabRecords[index].stack.reversed())
    }
    tabRecords = []
    lazyIndexByID = nil
    selectedIndex = nil
    previousSelectedID = nil
    bar = Bar()
    commit()
  }

  /// The selected tab's index, for changes to its stack.
  private func stackIndex() throws(ShellError) -> Int {
    if let modal { throw .modalPresented(id: modal.id) }
    guard let selectedIndex else { throw .noTabs }
    return selectedIndex
  }
}
