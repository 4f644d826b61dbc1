import TabShellPlatform
import TabShellSessions

// `tabshell`: the session commands (`send`, `sessions`, `kill-session`, `attach`) run here, in an
// executable that links the Swift runtime in and loads no library of the shell's, so that
// `tabshell send` starts as fast as `tmux` (docs/Contract.md, "Sessions"); every other command line
// is the shell's: `tabshell-host`, beside this executable, runs it in this process.
do throws(SessionUsageError) {
  if let invocation = try SessionInvocation.parse(Array(CommandLine.arguments.dropFirst())) {
    let context = SessionCommandContext.current()
    if case .attach(let session) = invocation {
      CurrentProcess.exitNow(AttachCommand.run(session: session, context))
    }
    CurrentProcess.exitNow(SessionCommands.run(invocation, context))
  }
} catch {
  try? SystemIO.writeAll(2, "error: \(error)\n".utf8)
  CurrentProcess.exitNow(2)
}
let host = HostExecutable.path
// SIGINT waits (blocked) while the process becomes the shell: `exec` puts its action back to the
// default, which would end the shell on a Ctrl-C typed meanwhile. The shell lets it through once
// it catches it (ScriptSignals).
SignalHandler.block(Signal.interrupt)
CurrentProcess.executeAgain(host)
try? SystemIO.writeAll(2, "error: cannot run the shell '\(host)': \(SystemError.current)\n".utf8)
CurrentProcess.exitNow(127)
