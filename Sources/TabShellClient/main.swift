import TabShellPlatform
import TabShellSessions

// `tabshell-client`: the session commands (`send`, `sessions`, `kill-session`, `attach`), which the
// front `tabshell` runs here, in an executable that links the Swift runtime in and loads no plugin,
// so that `tabshell send` starts as fast as `tmux` (docs/Contract.md, "Sessions").
do throws(SessionUsageError) {
  if let invocation = try SessionInvocation.parse(Array(CommandLine.arguments.dropFirst())) {
    let context = SessionCommandContext.current()
    if case .attach(let session) = invocation {
      CurrentProcess.exitNow(AttachCommand.run(session: session, context))
    }
    CurrentProcess.exitNow(SessionCommands.run(invocation, context))
  }
  try? SystemIO.writeAll(
    2,
    ("error: tabshell-client runs the session commands only: "
      + SessionInvocation.declarations.map(\.name).joined(separator: ", ") + "\n").utf8)
  CurrentProcess.exitNow(2)
} catch {
  try? SystemIO.writeAll(2, "error: \(error)\n".utf8)
  CurrentProcess.exitNow(2)
}
