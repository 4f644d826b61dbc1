@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellPlatform

extension Interpreter {
  /// After a command, once a process plugin is loaded: applies what the process plugins asked
  /// for meanwhile (each request a change of its own) and marks the screens that failed, runs
  /// the hooks that set off, then fails the command with the faults that happened while it ran
  /// (a plugin that stopped during a lifecycle callback or a draw, which the core does not see
  /// as the command's failure).
  func settlePlugins() throws {
    plugins.settle(reading: true)
    if observation.hooks.hasWork { try runHooks() }
    let faults = plugins.takeFaults()
    guard !faults.isEmpty else { return }
    throw LanguageError.pluginFailed(faults.joined(separator: "; "))
  }

  /// After a command that failed: the same, but the faults it did not already fail with are
  /// reported on their own, at the same place.
  func settlePluginsAfterFailure(_ failure: Diagnostic) {
    plugins.settle(reading: true)
    for fault in plugins.takeFaults() where !failure.error.description.contains(text: fault) {
      report(
        Diagnostic(file: failure.file, location: failure.location, error: .pluginFailed(fault)))
    }
  }
}
