@_spi(Host) import TabShellKit
import TabShellRendering

/// `choose-tab`: tmux's `choose-tree` for tabs (prefix `w`; docs/Contract.md, "A terminal
/// workspace"): a list of the tabs, one of them chosen, that the arrows move through and Enter
/// taps. In the full-screen mode the keys go to the `choose` focus while it is open, and the list
/// shows in the output panel; in a script the same steps are commands.
enum ChooseTabCommand {
  /// What `choose-tab` does.
  enum Step: String, CaseIterable, Sendable {
    case open, up, down, select, cancel
  }

  static let step = Argument(
    "STEP", optional: .choice(Step.allCases.map(\.rawValue)),
    abstract: "open (the default), up, down, select (tap the chosen tab) or cancel")

  static let chooseTab = Declaration(
    name: "choose-tab", parameters: [step],
    abstract: "choose a tab from a list: arrows and Enter (prefix w)",
    discussion: """
      'choose-tab' opens the list, the selected tab chosen, and prints it: each tab's position, \
      id and title, '>' before the chosen one. 'up' and 'down' move the choice (wrapping \
      around) and print the list again; 'select' taps the chosen tab as 'tab' does and closes \
      the list, 'cancel' closes it. In the full-screen mode the list shows in the output panel \
      and the keys go to the choose focus until it closes: Up, Down, k, j move, Enter selects, \
      Escape and q cancel (keys --focus choose).
      """
  ) { interpreter, arguments in
    let step = arguments[step].flatMap(Step.init(rawValue:)) ?? .open
    try interpreter.chooseTab(step)
  }
}

extension Interpreter {
  /// One step of `choose-tab`.
  func chooseTab(_ step: ChooseTabCommand.Step) throws {
    let tabs = shell.model.tabs
    guard !tabs.isEmpty else { throw ShellError.noTabs }
    if step == .open {
      view.chosenTab = shell.model.selectedIndex ?? 0
      host?.fullScreen?.keyFocus = .choose
      printChooser()
      return
    }
    guard let chosen = view.chosenTab else {
      throw LanguageError.failed(
        "choose-tab \(step.rawValue): no list is open ('choose-tab' opens one)")
    }
    switch step {
    case .open: break
    case .up, .down:
      let count = tabs.count
      view.chosenTab = (min(chosen, count - 1) + (step == .up ? count - 1 : 1)) % count
      printChooser()
    case .select, .cancel:
      view.chosenTab = nil
      // The keys go back to a screen that takes input, else to the bar, whatever the tap does.
      defer {
        if let fullScreen = host?.fullScreen {
          fullScreen.closePanel()
          fullScreen.keyFocus = shell.visibleScreenTakesInput ? .screen : .bar
        }
      }
      if step == .select { try send(.tap(.position(min(chosen, tabs.count - 1) + 1))) }
    }
  }

  /// The list: a line a tab, `>` before the chosen one.
  private func printChooser() {
    guard let chosen = view.chosenTab else { return }
    for (index, tab) in shell.model.tabs.enumerated() {
      let mark = index == chosen ? ">" : " "
      output("\(mark) \(index + 1)  \(tab.id)  \(tab.item.title)")
    }
  }
}
