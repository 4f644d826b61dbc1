import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellPlatform
import TabShellRendering
import TabShellSessions

/// The server's process of a session (see ``SessionStarter``): from the fork to its exit.
enum SessionServerProcess {
  /// Binds the socket, sets up the shell as the REPL does (plugins, start-up file), tells the
  /// starting process through `report` (what it printed, then ``SessionStarter/readyLine``, or
  /// `NUL` and its error, which the starting process prints after `error: `), detaches from the terminal's streams and serves until the session ends.
  package static func run(
    _ session: SessionName, socket: String, _ options: CommandLineOptions,
    _ process: ProcessContext, report: Int32
  ) -> Never {
    // Whether the starting process is gone (it gave up waiting, or was interrupted): the pipe
    // is closed, which must not end this process with SIGPIPE.
    var starterGone = false
    func tell(_ text: String) {
      guard !starterGone else { return }
      let written = Array(text.utf8).withUnsafeBytes {
        SystemIO.writeAll(report, $0, until: .max)
      }
      if written != .written { starterGone = true }
    }
    func fail(_ message: String) -> Never {
      tell("\u{0}\(message)\n")
      CurrentProcess.exitNow(1)
    }
    // Alone from now on: nothing the starting process had open, no signal it had blocked.
    SystemIO.closeDescriptors(except: report)
    SignalHandler.unblockAll()
    let listener: Int32
    do throws(SystemError) {
      listener = try UnixSocket.listen(at: socket)
    } catch  where error == UnixSocket.addressInUse {
      fail("\(SessionError.nameInUse(session.text))")
    } catch {
      fail("cannot make the socket '\(socket)': \(error)")
    }
    let socketFile = SocketFile(boundAt: socket)
    // Terminal tabs' programs and process plugins find the session through it.
    _ = CurrentProcess.setEnvironmentValue("TABSHELL", socket)
    var process = process
    process.environment["TABSHELL"] = socket
    process.stdinIsTerminal = false
    process.stdoutIsTerminal = false
    process.terminalWidth = nil
    // What starting prints goes to the starting process, which shows it on its terminal.
    process.writeOutput = tell
    process.errorSink = tell
    process.flush = {}
    let interpreter = ShellStartup.makeInterpreter(options, process)
    for path in options.plugins {
      do throws(PluginLoadError) {
        try interpreter.plugins.load(path: interpreter.resolve(path), source: path)
      } catch {
        socketFile.remove()
        fail("--plugin \(path): \(error)")
      }
    }
    if !options.noStartupFile, !options.noPluginFolder {
      ShellStartup.loadInstalledPlugins(
        into: interpreter.plugins, explicit: options.plugins, process)
    }
    // A terminal tab the start-up file adds starts at the region it will have on the starting
    // process's terminal (still this process's until it is ready), where the session is usually
    // drawn first: no resize when that terminal attaches.
    let startingTerminal = [1, 0, 2].lazy.compactMap { Renderer.terminalSize(fd: $0) }.first
    if let size = startingTerminal { ShellStartup.startTabsFullScreen(interpreter, size: size) }
    let startupStatus = ShellStartup.runStartup(interpreter, options, process, writeError: tell)
    interpreter.view.fullScreenToCome = nil
    if let status = startupStatus {
      socketFile.remove()
      fail("the start-up file ended the session (status \(status))")
    }
    tell(SessionStarter.readyLine)
    SystemIO.close(report)
    // Nobody waits for this session any more: its starter said it did not start.
    if starterGone {
      socketFile.remove()
      interpreter.endBackgroundSources()
      interpreter.plugins.shutdown()
      CurrentProcess.exitNow(1)
    }
    let null = SystemIO.openNullDevice()
    if null >= 0 {
      for target: Int32 in [0, 1, 2] { SystemIO.redirect(null, to: target) }
      SystemIO.close(null)
    }
    let server = SessionServer(
      interpreter: interpreter, name: session.text, socket: socketFile, listener: listener)
    // Attached clients draw the full-screen mode, in the colours of the terminal that started it.
    SessionScreen.install(on: server, options: options, environment: process.environment)
    let status = server.run()
    interpreter.endBackgroundSources()
    interpreter.plugins.shutdown()
    CurrentProcess.exitNow(status)
  }
}
