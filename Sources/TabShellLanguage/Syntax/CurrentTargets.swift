@_spi(Host) import TabShellKit

/// What `.` stands for in a command that names a tab or a screen (docs/Contract.md, "The command
/// language"): the selected tab, or the visible screen, when the command runs. The binder puts
/// their ids in place of the `.` (``Binder/current``), in one place for every command: a
/// parameter of kind ``ArgumentKindCode/tab`` names a tab, an option `--to ID` a screen.
struct CurrentTargets: Sendable {
  /// The word that stands for them.
  static let word = "."

  /// The selected tab's id, if any.
  var selectedTab: String?
  /// The visible screen's id, if any.
  var visibleScreen: String?

  /// The selected tab and the visible screen of `shell` now.
  init(_ shell: Shell) {
    selectedTab = shell.selectedPosition.flatMap { shell.tab(at: $0)?.id }
    visibleScreen = shell.visibleScreen?.id
  }

  /// Whether a parameter names a screen by its id: the option `--to ID`, which every command
  /// that acts on a screen other than the visible one takes.
  static func namesScreen(_ parameter: Parameter) -> Bool {
    parameter.role == .option && parameter.spec.name == "--to" && parameter.spec.valueName == "ID"
  }
}
