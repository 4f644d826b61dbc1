@_spi(Host) import TabShellKit

/// What ``TerminalLayout/paneArea(_:options:)`` reads of a shell, asked without laying out the
/// bar: two shells (or one shell at two moments) with equal inputs have the same pane area in a
/// terminal of the same options. A host keeps the inputs it measured the area from and measures
/// it again only when they differ, which a plain tab switch rarely makes them.
package struct PaneAreaInputs: Equatable {
  /// Whether the bar shows: not hidden (by the bar or a screen on the selected tab's stack), and
  /// a tab or the action button to show (``BarEntries``).
  package var barShown: Bool
  /// Whether the bar has an action button, whose cap may take a row of its own.
  package var hasActionButton: Bool
  /// With an action button, the count of the shell's changes (``TabShellKit/Shell/changes``):
  /// whether the cap takes a row follows the visible screen and the button's title, so any change
  /// may move the area. 0 without one.
  package var capChanges: Int

  /// The inputs of a shell now.
  package init(_ shell: Shell) {
    let facts = shell.paneAreaFacts
    self.init(barShown: facts.barShown, hasActionButton: facts.hasActionButton) { shell.changes }
  }

  /// The inputs of a shell from its ``TabShellKit/Shell/paneAreaFacts``; `changes` gives its
  /// count of changes, asked only when there is an action button.
  package init(barShown: Bool, hasActionButton: Bool, changes: () -> Int) {
    self.barShown = barShown
    self.hasActionButton = hasActionButton
    capChanges = hasActionButton ? changes() : 0
  }
}
