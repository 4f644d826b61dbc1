@_spi(Host) import TabShellKit
import TabShellRendering

/// `state --script`: the commands that rebuild a shell's state from an empty shell (docs/Contract.md,
/// "State as a script").
///
/// Running them gives the same `state --json`, the `loaded` flags aside: the same tabs (type, id,
/// title, icons, parameters, position, badge, enabled), stacks, presented screen, action button,
/// hidden flag and selection, and `last-tab` goes to the same tab. Ids are written out, and the ids
/// the shell gave out to screens that are gone are claimed and released first, so that the screens
/// made after the script get the ids they would have got here. What a screen keeps inside itself,
/// and the bar's appearance (which only layouts set), are not written.
enum StateScript {
  /// The script, one command a line.
  /// With the compact bar, `set bar compact` comes first, so that a terminal tab's program
  /// starts at the region it has then.
  static func lines(_ shell: Shell, bar: BarStyle = .full) -> [String] {
    var script = StateScriptWriter(shell: shell)
    script.write()
    if bar == .compact { script.lines.insert("set bar compact", at: min(1, script.lines.count)) }
    return script.lines
  }
}

/// Writes one shell's state as commands, in the order that rebuilds it: tabs, the stacks of the
/// tabs that are not selected, the selection (with the tab `last-tab` goes back to), the selected
/// tab's stack, badges, disabled tabs, the action button, the hidden flag, the presented screen,
/// and the tabs' panes.
private struct StateScriptWriter {
  let shell: Shell
  let tabs: [TabInfo]
  var lines: [String] = []

  init(shell: Shell) {
    self.shell = shell
    tabs = shell.tabs
  }

  mutating func write() {
    lines.append("# The state of a TabShell, as the commands that rebuild it (state --script).")
    requireTypes()
    claimRetiredIDs()
    for tab in tabs { addTab(tab) }
    let selected = shell.selectedPosition.map { tabs[$0 - 1] }
    let previous = shell.previousTabID.flatMap { id in tabs.first { $0.id == id } }
    for tab in tabs where tab.id != selected?.id && tab.id != previous?.id {
      pushStack(of: tab, selecting: true)
    }
    if let previous {
      command(["tab"], then: [previous.id])
      pushStack(of: previous, selecting: false)
    }
    if let selected {
      if previous == nil,
        selected.id != tabs[0].id || lines.contains(where: { $0.hasPrefix("tab ") })
      {
        selectWithNoPrevious(selected)
      } else {
        command(["tab"], then: [selected.id])
      }
      pushStack(of: selected, selecting: false)
    }
    for tab in tabs {
      if let badge = tab.item.badge { command(["badge"], then: [tab.id, badge], hasOptions: true) }
    }
    for tab in tabs where !tab.item.isEnabled { command(["disable-tab"], then: [tab.id]) }
    if let button = shell.bar.actionButton { addAction(button) }
    if shell.bar.isHidden { command(["hide-bar"]) }
    if let modal = shell.modalScreen {
      command(
        ["present", modal.type, "--id", modal.id] + details(of: modal) + program(modal.parameters))
    }
    // Last, when the region the panes share has its size (the bar hidden or not).
    for tab in tabs where !tab.panes.isEmpty || tab.stack[0].id != tab.id { addPanes(of: tab) }
  }

  /// `require screen TYPE` for each type that a plugin other than the built-in one provides.
  private mutating func requireTypes() {
    var types = tabs.flatMap { $0.panes.map(\.type) + $0.stack.map(\.type) }
    types += shell.modalScreen.map { [$0.type] } ?? []
    if let button = shell.bar.actionButton { types.append(button.screenType) }
    var seen: Set<String> = []
    for type in types where seen.insert(type).inserted {
      if let plugin = shell.registry.plugin(providing: type), plugin != "builtin" {
        command(["require", "screen", type])
      }
    }
  }

  /// Claims and releases the ids of screens that are gone: never given out again, as here.
  private mutating func claimRetiredIDs() {
    let retired = shell.retiredIDs
    guard !retired.isEmpty else { return }
    lines.append("# Ids given out before, which new screens must not get.")
    for id in retired {
      command(["add-tab", "text", "--id", id])
      command(["close-tab"], then: [id], hasOptions: true)
      lines[lines.count - 2] += "; " + lines.removeLast()
    }
  }

  /// Selects a tab so that `last-tab` has no tab to go back to: from a tab that is closed at once
  /// (its id, with a `_`, is one the shell never makes).
  private mutating func selectWithNoPrevious(_ tab: TabInfo) {
    var id = "_none"
    while shell.isLive(id) { id += "_" }
    lines.append("# Selected with no tab to go back to ('last-tab'), as here.")
    command(["add-tab", "text", "--id", id])
    command(["tab"], then: [id])
    command(["tab"], then: [tab.id])
    command(["close-tab"], then: [id], hasOptions: true)
  }

  private mutating func addTab(_ tab: TabInfo) {
    // A tab of panes starts as its first pane; a tab whose first pane closed keeps an id no
    // screen has, so it starts as a stand-in of that id, split, and the stand-in closed.
    let root = tab.panes.first ?? tab.stack[0]
    let standIn = root.id != tab.id
    var words = ["add-tab", standIn ? "text" : root.type, "--id", tab.id]
    let type = try? shell.registry.screenType(named: words[1])
    // The title of a tab of panes follows its focused pane's, unless it was given.
    let keepsTitle = shell.model.index(ofID: tab.id).map { shell.model.tabs[$0].keepsTitle }
    if tab.panes.isEmpty && !standIn
      ? tab.item.title != Self.defaultTitle(type) && !isOwnTitle(tab.item.title, of: root.id)
      : keepsTitle == true
    {
      words += ["--title", tab.item.title]
    }
    if tab.item.icon != type?.icon { words += ["--icon", tab.item.icon] }
    let defaultSelectedIcon = tab.item.icon != type?.icon ? tab.item.icon : type?.selectedIcon
    if tab.item.selectedIcon != defaultSelectedIcon {
      words += ["--selected-icon", tab.item.selectedIcon]
    }
    if standIn {
      command(words)
      return
    }
    command(words + parameters(root.parameters) + program(root.parameters))
  }

  /// The splits that make a tab's panes from its first, each new pane given the room the panes
  /// after it take, so that at the same size every pane comes out as here; then its focus and
  /// zoom.
  private mutating func addPanes(of tab: TabInfo) {
    guard let position = tabs.firstIndex(where: { $0.id == tab.id }) else { return }
    let root = tab.panes.first ?? tab.stack[0]
    if root.id != tab.id {
      command(
        ["split", "--to", tab.id, "--vertical", root.type, "--id", root.id] + details(of: root)
          + program(root.parameters))
      command(["close-pane", "--to", tab.id])
    }
    guard let state = shell.state.tabs[position].panes else { return }
    let screens = Dictionary(tab.panes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    split(state, screens: screens)
    if let focus = shell.state.tabs[position].focus {
      command(["select-pane"], then: [focus], hasOptions: true)
      if shell.state.tabs[position].zoomed == true { command(["zoom", "--to", focus]) }
    }
  }

  /// Splits a cell's first pane (which fills it) into its cells, then each cell into its own.
  private mutating func split(_ cell: ShellState.Pane, screens: [String: ScreenInfo]) {
    guard let cells = cell.cells, let axis = cell.split else { return }
    for index in cells.indices.dropFirst() {
      guard let from = Self.firstPane(cells[index - 1]), let id = Self.firstPane(cells[index]),
        let screen = screens[id]
      else { continue }
      let rest = cells[index...]
      let size =
        axis == "vertical"
        ? rest.reduce(rest.count - 1) { $0 + $1.height }
        : rest.reduce(rest.count - 1) { $0 + $1.width }
      command(
        ["split", "--to", from, "--" + axis, "--size", String(size), screen.type, "--id", id]
          + details(of: screen) + program(screen.parameters))
    }
    for child in cells { split(child, screens: screens) }
  }

  /// The id of a cell's first pane (left, top).
  private static func firstPane(_ cell: ShellState.Pane) -> String? {
    cell.pane ?? cell.cells?.first.flatMap(firstPane)
  }

  /// Pushes the screens above a tab's root, after selecting the tab when `selecting`.
  private mutating func pushStack(of tab: TabInfo, selecting: Bool) {
    guard tab.stack.count > 1 else { return }
    if selecting { command(["tab"], then: [tab.id]) }
    for screen in tab.stack.dropFirst() {
      var words = ["push", screen.type, "--id", screen.id] + details(of: screen)
      if screen.hidesBar { words.append("--hides-bar") }
      command(words + program(screen.parameters))
    }
  }

  private mutating func addAction(_ button: ActionButton) {
    var words = ["add-action", button.screenType]
    let type = try? shell.registry.screenType(named: button.screenType)
    if button.title != Self.defaultTitle(type) { words += ["--title", button.title] }
    if button.icon != type?.icon { words += ["--icon", button.icon] }
    command(words)
  }

  /// The title a screen of `type` gets when none is given: its default title as the core keeps
  /// every title (``screenTitle(_:)``).
  private static func defaultTitle(_ type: (any ScreenType)?) -> String? {
    type.map { screenTitle($0.defaultTitle) }
  }

  /// `--title` when it was given and is not the type's default, and the parameters.
  private func details(of screen: ScreenInfo) -> [String] {
    let type = try? shell.registry.screenType(named: screen.type)
    let given = screen.title != Self.defaultTitle(type) && !isOwnTitle(screen.title, of: screen.id)
    return (given ? ["--title", screen.title] : []) + parameters(screen.parameters)
  }

  /// Whether `title` is the one the screen `id` gave itself (a terminal tab's program's, the
  /// name of its foreground process), not a given one (`--title`, `rename-tab`, a pane's): such a
  /// title is not pinned, the screen made again gives itself one again.
  private func isOwnTitle(_ title: String, of id: String) -> Bool {
    guard let record = shell.model.screen(id: id) else { return false }
    return !record.keepsTitle && record.title == title
  }

  /// `--text TEXT` and `--param KEY=VALUE`, in the order of the keys, but the program and its
  /// arguments (``program(_:)``).
  private func parameters(_ parameters: [String: String]) -> [String] {
    var words: [String] = []
    if let text = parameters["text"] { words += ["--text", text] }
    let program = Self.programKeys(parameters)
    for key in parameters.keys.sorted() where key != "text" && !program.contains(key) {
      words += ["--param", key + "=" + (parameters[key] ?? "")]
    }
    return words
  }

  /// `-- PROGRAM ARGS...`: the parameters `program`, `arg1`, `arg2`... as the words after `--`
  /// that made them (a terminal tab's program), last on the line; none without `program`.
  private func program(_ parameters: [String: String]) -> [String] {
    let keys = Self.programKeys(parameters)
    return keys.isEmpty ? [] : ["--"] + keys.map { parameters[$0] ?? "" }
  }

  /// `program`, then `arg1`, `arg2`... up to the first missing one; none without `program`.
  private static func programKeys(_ parameters: [String: String]) -> [String] {
    guard parameters["program"] != nil else { return [] }
    var keys = ["program"]
    while parameters["arg\(keys.count)"] != nil { keys.append("arg\(keys.count)") }
    return keys
  }

  /// One command: `words` (its name, options...), then `positionals` (ids, a badge); for a command
  /// that has options, after `--` when one of them looks like an option (a command without options
  /// takes such a word as it is).
  private mutating func command(
    _ words: [String], then positionals: [String] = [], hasOptions: Bool = false
  ) {
    var words = words
    if hasOptions, positionals.contains(where: { $0.hasPrefix("--") }) { words.append("--") }
    lines.append(ScriptWords.line(words + positionals))
  }
}
