import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellPlatform
import TabShellSessions

/// `tabshell --session NAME` (docs/Contract.md, "Sessions"): starts the session's server, then
/// goes on as its client (the line REPL; with `--tui`, attached full-screen); when NAME runs
/// already, is a client of it (as `tmux new -A` does), saying that the other options are not
/// applied.
///
/// The server is forked early, before any plugin loads or any thread exists, and twice (its
/// parent ends at once, so it belongs to no terminal and is nobody's zombie). It binds the socket,
/// sets `TABSHELL`, loads the plugins and runs the start-up file as the REPL does, sends what that
/// printed and then `ready` (or its error) through a pipe to the starting process, points its
/// stdin, stdout and stderr at /dev/null, and runs ``SessionServer``.
package enum SessionStarter {
  /// The last line the server sends through the pipe when it is ready.
  static let readyLine = "\u{0}ready\n"
  /// How long the starting process waits for the server to be ready, in seconds: a start-up file
  /// may load plugins and start programs, but one that has not finished by then waits on
  /// something (a `wait-for` that never comes, a plugin that never answers).
  static let startupTimeout = 30

  /// Starts (or finds) the session `name` and runs this process as its client.
  package static func start(
    _ name: String, _ options: CommandLineOptions, _ process: ProcessContext
  )
    -> Int32
  {
    guard let session = SessionName(name) else {
      process.writeError("error: --session: \(SessionError.badName(name))\n")
      return 2
    }
    if options.commands != nil || options.file != nil || options.checkOnly
      || options.record != nil || options.test != nil
    {
      process.writeError(
        "error: --session starts an interactive session; it runs no script (-c, FILE, --check, "
          + "--record, test)\n")
      return 2
    }
    let folder = SessionFolder(environment: process.environment)
    let socket = folder.socketPath(session)
    do throws(SessionError) {
      try folder.prepare()
      // Starts of one name take turns: one starts the server, the others join it once it is
      // ready (or replace it, had it died).
      let lock = try startLock(socket: socket, name: name)
      defer { lock.unlock() }
      if let client = try connectIfRunning(socket: socket, name: name) {
        lock.unlock()
        process.writeError(
          "warning: session '\(name)' runs already: this is a client of it (the other options "
            + "are not applied)\n")
        if options.fullScreen {
          client.close()
          return AttachCommand.run(session: name, context(process))
        }
        return SessionLineClient.run(client, process)
      }
      guard socket.utf8.count <= UnixSocket.pathLimit else { throw .pathTooLong(socket) }
      try startServer(session, socket: socket, options, process)
      lock.unlock()
      if options.fullScreen { return AttachCommand.run(session: name, context(process)) }
      let client = try SessionClient.connect(socket: socket, name: name, client: "line")
      return SessionLineClient.run(client, process)
    } catch {
      process.writeError("error: \(error)\n")
      return 1
    }
  }

  /// The start's lock of the session at `socket` (``SessionFolder/startLockPath(ofSocket:)``),
  /// held: another start of the name holds it until its server is ready, or at most
  /// ``startupTimeout`` and a little more.
  private static func startLock(socket: String, name: String) throws(SessionError) -> FileLock {
    let lock: FileLock
    do throws(SystemError) {
      lock = try FileLock(path: SessionFolder.startLockPath(ofSocket: socket))
    } catch {
      throw .system("cannot lock the start of session '\(name)'", error.description)
    }
    let seconds = startupTimeout + 5
    guard lock.lock(until: MonotonicClock.now() + UInt64(seconds) * 1_000_000_000) else {
      throw .startLocked(name, seconds: seconds)
    }
    return lock
  }

  /// A client of the session at `socket` when its server runs; `nil` when there is none (a stale
  /// socket is removed).
  private static func connectIfRunning(socket: String, name: String) throws(SessionError)
    -> SessionClient?
  {
    guard FileStatus.exists(socket) else { return nil }
    do throws(SessionError) {
      return try SessionClient.connect(socket: socket, name: name, client: "line")
    } catch .serverDied, .noSuchSession {
      return nil
    }
  }

  /// The process's streams as a session command's.
  static func context(_ process: ProcessContext) -> SessionCommandContext {
    SessionCommandContext(
      environment: process.environment, readStandardInput: { try? SystemIO.readAll(0) },
      writeOutput: { text in
        process.writeOutput(text)
        process.flush()
      }, writeError: process.errorSink)
  }

  /// Forks the server and waits until it is ready; what it printed while starting is written to
  /// stderr here. Throws its start-up error.
  private static func startServer(
    _ session: SessionName, socket: String, _ options: CommandLineOptions,
    _ process: ProcessContext
  ) throws(SessionError) {
    let pipe: (read: Int32, write: Int32)
    do throws(SystemError) {
      pipe = try SystemIO.makePipe()
    } catch {
      throw .system("cannot start the session's server", error.description)
    }
    process.flush()
    let middle: Int32
    do throws(SystemError) {
      middle = try ProcessControl.fork()
    } catch {
      SystemIO.close(pipe.read)
      SystemIO.close(pipe.write)
      throw .system("cannot start the session's server", error.description)
    }
    if middle == 0 {
      SystemIO.close(pipe.read)
      ProcessControl.startSession()
      if (try? ProcessControl.fork()) == 0 {
        SessionServerProcess.run(session, socket: socket, options, process, report: pipe.write)
      }
      CurrentProcess.exitNow(0)
    }
    SystemIO.close(pipe.write)
    _ = ProcessControl.reap(middle)
    let deadline = MonotonicClock.now() + UInt64(startupTimeout) * 1_000_000_000
    let outcome = StartupReport.read(pipe.read, until: deadline, show: process.errorSink)
    SystemIO.close(pipe.read)
    switch outcome {
    case .ready: return
    case .failed(let message): throw .refused(message)
    case .ended: throw .system("the session's server", "it ended while starting")
    case .timedOut:
      endUnstarted(socket: socket)
      throw .startTimedOut(session.text, seconds: startupTimeout)
    }
  }

  /// Ends the server listening at `socket` that did not start in time: the process that listens
  /// there (its credentials say which) gets SIGTERM, then SIGKILL after a second; its socket is
  /// removed. (A server that outlives this finds its report pipe closed when it is ready, and
  /// ends.)
  private static func endUnstarted(socket: String) {
    guard let fd = try? UnixSocket.connect(to: socket, timeout: SessionProtocol.answerTimeout)
    else { return }
    let file = SocketFile(boundAt: socket)
    let peer = UnixSocket.peer(of: fd)
    SystemIO.close(fd)
    guard let peer, peer.userID == CurrentProcess.userID, peer.processID > 0 else { return }
    ProcessControl.signal(peer.processID, Signal.terminate)
    let deadline = MonotonicClock.now() + 1_000_000_000
    while CurrentProcess.exists(peer.processID), MonotonicClock.now() < deadline {
      MonotonicClock.sleep(milliseconds: 10)
    }
    if CurrentProcess.exists(peer.processID) {
      ProcessControl.signal(peer.processID, Signal.kill)
    }
    file.remove()
  }
}
