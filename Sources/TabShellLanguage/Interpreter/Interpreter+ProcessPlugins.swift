@_spi(Host) import TabShellKit
import TabShellLoader

extension Interpreter {
  /// After a command, once a process plugin is loaded: applies what the process plugins asked
  /// for meanwhile (each request a change of its own) and marks the screens that failed, runs
  /// the hooks that set off, then fails the command with the faults that happened while it ran
  /// (a plugin that stopped during a lifecycle callback or a draw, which the core does not see
  /// as the command's failure).
  func settlePlugins() throws {
    plugins.settle(reading: true)
    if hooks.hasWork { try runHooks() }
    let faults = plugins.takeFaults()
    guard !faults.isEmpty else { return }
    throw LanguageError.pluginFailed(faults.joined(separator: "; "))
  }

  /// After a command that failed: the same, but the faults it did not already fail with are
  /// reported on their own, at the same place.
  func settlePluginsAfterFailure(_ failure: Diagnostic) {
    plugins.settle(reading: true)
    for fault in plugins.takeFaults() where !failure.error.description.contains(fault) {
      report(
        Diagnostic(file: failure.file, location: failure.location, error: .pluginFailed(fault)))
    }
  }

  /// In the REPL while it waits for input, when a process plugin wrote something (or has work
  /// left): its requests are applied and the hooks they set off run; a fault is reported as
  /// `error: MESSAGE`. `.exit` when a hook ran `exit`.
  package func runPluginWork() -> Outcome {
    anyFailed = false
    do {
      try settlePlugins()
    } catch let request as ExitRequest {
      return .exit(request.status(anyFailed: anyFailed))
    } catch is Interrupted {
      return .interrupted
    } catch is AlreadyReported {
      return .failure
    } catch {
      report(diagnostic(for: error, at: SourceLocation(line: 1, column: 1), file: nil))
      return .failure
    }
    return .success
  }
}
