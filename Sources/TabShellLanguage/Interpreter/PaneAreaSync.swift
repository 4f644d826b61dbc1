@_spi(Host) import TabShellKit
import TabShellRendering

/// The pane area the interpreter last measured (``Interpreter/syncPaneArea()``) and what it was
/// measured from: the shell, the view's options (as the count of their changes,
/// ``ViewState/optionChanges``) and what the area reads of the shell
/// (``TabShellRendering/PaneAreaInputs``). Checked three times a command, so kept out of
/// ``ViewState``, whose fields are reached through its metadata (it holds resilient types of
/// the core), and made of plain numbers: the core's ``TabShellKit/ShellModel/PaneArea`` is
/// resilient too.
struct PaneAreaSync {
  private var shell: ObjectIdentifier?
  private var options = 0
  /// Meaningful once ``shell`` is set.
  private var inputs = PaneAreaInputs(barShown: false, hasActionButton: false) { 0 }
  private var width = 0
  private var height = 0
  /// The shell's count of changes (``TabShellKit/Shell/changes``) when it was last seen to have
  /// this area: while the count stays the same, nothing is asked again.
  private var agreed: Int?

  /// What ``check(_:optionChanges:)`` found.
  enum Verdict {
    /// The shell has the area last measured, which still holds.
    case agreed
    /// The area last measured still holds, but the shell has another: tell it this one.
    case tell(width: Int, height: Int)
    /// What the area is measured from changed: measure it (with these inputs) and pass it to
    /// ``measured(_:shell:inputs:optionChanges:)``.
    case measure(PaneAreaInputs)
  }

  /// Whether the area last measured still holds and the shell has it. `optionChanges` is the
  /// view's ``ViewState/optionChanges``. What the area reads of the shell is asked only when the
  /// shell changed since it was last seen to have the area.
  mutating func check(_ shell: Shell, optionChanges: Int) -> Verdict {
    let changes = shell.changes
    guard ObjectIdentifier(shell) == self.shell, optionChanges == options else {
      return .measure(PaneAreaInputs(shell))
    }
    if agreed == changes { return .agreed }
    let facts = shell.paneAreaFacts
    let inputs = PaneAreaInputs(barShown: facts.barShown, hasActionButton: facts.hasActionButton) {
      changes
    }
    guard inputs == self.inputs else { return .measure(inputs) }
    guard facts.width == width, facts.height == height else {
      return .tell(width: width, height: height)
    }
    agreed = changes
    return .agreed
  }

  /// Keeps an area measured after ``check(_:optionChanges:)``; the area when the shell does not
  /// have it, else `nil`.
  mutating func measured(
    _ area: ShellModel.PaneArea, shell: Shell, inputs: PaneAreaInputs, optionChanges: Int
  ) -> ShellModel.PaneArea? {
    let told = shell.paneArea
    self.shell = ObjectIdentifier(shell)
    options = optionChanges
    self.inputs = inputs
    (width, height) = (area.width, area.height)
    agreed = told.width == width && told.height == height ? shell.changes : nil
    return agreed == nil ? area : nil
  }
}
