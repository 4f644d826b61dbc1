import TabShellHost
import TabShellPlatform
import TabShellSessions

extension TabShellCommand {
  /// `tabshell send`, `sessions`, `kill-session` and `attach` (docs/Contract.md, "Sessions"), run
  /// by the host as the fast client runs them: the same code, on the process's streams.
  static func runSessionCommand(_ invocation: SessionInvocation, _ process: ProcessContext) -> Int32
  {
    process.flush()
    let context = SessionCommandContext(
      environment: process.environment,
      readStandardInput: { try? SystemIO.readAll(0) },
      writeOutput: { text in
        process.writeOutput(text)
        process.flush()
      },
      writeError: process.errorSink)
    if case .attach(let session) = invocation {
      return AttachCommand.run(session: session, context)
    }
    return SessionCommands.run(invocation, context)
  }
}
