import CReadline
import TabShellHost
@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellSessionServer
import TabShellSessions

/// libFuzzer's entry point for the session protocol (docs/Sessions.md): the bytes are what hostile
/// clients send to a session's server, which runs in this process with its attached clients'
/// screen on a socket of its own, one round of its loop at a time.
///
/// The first byte says how the clients come: bits 0-1 how many (1 to 4), bit 2 whether each says
/// `hello` first (protocols 1 and 2), bit 3 whether each then attaches (80 × 24; frames follow),
/// bit 4 whether they read what the server writes (else they never read). The rest, cut at each
/// 0xFF, goes to the clients in turn, each piece in one write. Once the server has taken it all
/// in, the clients close; every connection must then be gone within a few rounds.
///
/// Input that names something that waits (`sleep`, `wait-for`), starts programs (`terminal`,
/// `load`) or reads files (`source`) is skipped: those are not what this target fuzzes. A session
/// that the input ends (`kill`, `quit`, a `q` typed in the bar) is finished as its server finishes
/// one, and a new one takes the next input. A crash, a trap, a hang, a connection left open or
/// memory without bound is what libFuzzer reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  let skipped = ["sleep", "wait-for", "terminal", "load", "source"]
  if skipped.contains(where: text.contains) { return -1 }
  let fuzzed = FuzzedServer.current
  fuzzed.serve(bytes)
  if fuzzed.server.ending != nil {
    fuzzed.end()
    FuzzedServer.current = FuzzedServer()
  }
  return 0
}

/// The server the inputs go to, made again when an input ends its session.
final class FuzzedServer {
  nonisolated(unsafe) static var current = FuzzedServer()

  let folder: String
  let server: SessionServer

  init() {
    guard let folder = try? FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-fuzz-sessions-")
    else { fatalError("no temporary folder") }
    self.folder = folder
    let process = ProcessContext(
      arguments: [], environment: ["HOME": "/nonexistent"], currentDirectory: "/nonexistent",
      writeOutput: { _ in }, writeError: { _ in })
    let interpreter = ShellStartup.makeInterpreter(CommandLineOptions(), process)
    try? interpreter.shell.apply(layout: "demo")
    let path = folder + "/fuzz"
    guard let listener = try? UnixSocket.listen(at: path) else { fatalError("no socket") }
    server = SessionServer(
      interpreter: interpreter, name: "fuzz", socket: SocketFile(boundAt: path),
      listener: listener)
    server.installScreen(options: CommandLineOptions(), environment: [:])
  }

  /// One input: its clients connect, send their pieces and close.
  func serve(_ bytes: [UInt8]) {
    let header = bytes[0]
    let reading = header & 16 != 0
    var clients: [Int32] = []
    for _ in 0...Int(header & 3) {
      guard let fd = try? UnixSocket.connect(to: server.socketPath) else { break }
      SystemIO.setNonBlocking(fd)
      clients.append(fd)
    }
    defer { close(clients) }
    var pending = clients.map { _ in [UInt8]() }
    for index in clients.indices {
      if header & 4 != 0 {
        pending[index] +=
          Array(
            #"{"jsonrpc":"2.0","id":0,"method":"hello","params":{"protocol":1,"protocols":[1,2]}}"#
              .utf8) + [0x0A]
      }
      if header & 8 != 0 {
        pending[index] +=
          Array(
            #"{"jsonrpc":"2.0","id":1,"method":"attach","params":{"columns":80,"rows":24}}"#.utf8)
          + [0x0A]
      }
    }
    for (index, piece) in bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false)
      .enumerated() where !clients.isEmpty
    {
      pending[index % clients.count] += piece
    }
    // Rounds until every client has written all it had (or the server stopped reading it), and
    // a few more for the server to take it in.
    var quiet = 0
    for _ in 0..<2_000 where quiet < 8 {
      var wrote = false
      for index in clients.indices where !pending[index].isEmpty {
        if case .sent(let count) = pending[index].withUnsafeBytes({
          UnixSocket.send(clients[index], $0)
        }),
          count > 0
        {
          pending[index].removeFirst(count)
          wrote = true
        }
      }
      server.runRound(timeout: 0)
      if reading { drain(clients) }
      quiet = wrote ? 0 : quiet + 1
    }
  }

  /// Reads what the server wrote to `clients`, and throws it away.
  private func drain(_ clients: [Int32]) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    for fd in clients {
      for _ in 0..<64 {
        let result = buffer.withUnsafeMutableBytes { SystemIO.readOnce(fd, into: $0) }
        guard case .read(let count) = result, count > 0 else { break }
      }
    }
  }

  /// Closes the clients; the server must have let every connection go within a few rounds (one
  /// closing has a second to take its last words).
  private func close(_ clients: [Int32]) {
    for fd in clients { SystemIO.close(fd) }
    let deadline = MonotonicClock.now() + 3_000_000_000
    while server.ending == nil, !server.connections.isEmpty, MonotonicClock.now() < deadline {
      server.runRound(timeout: 10)
    }
    precondition(
      server.ending != nil || server.connections.isEmpty,
      "the server kept a connection its client closed")
  }

  /// Ends the session as its server does, and its programs and plugins.
  func end() {
    _ = server.finish()
    // The session's end left readline with no incremental search under way: the next session's
    // history is a new one, and a search left holds the old one's lines.
    precondition(tabshell_rl_search_under_way() == nil, "a search outlived its session")
    server.interpreter.endBackgroundSources()
    server.interpreter.plugins.shutdown()
    FileSystem.removeTree(folder)
  }
}
