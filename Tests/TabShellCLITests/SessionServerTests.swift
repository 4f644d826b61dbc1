import Glibc
import TabShellJSON
@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRPC
import TabShellSessions
import Testing

@testable import TabShellHost
@testable import TabShellLanguage
@testable import TabShellSessionServer

/// A session's server in process: requests over a real socket, answered by rounds of its loop,
/// and the faults it must survive (garbage, a request before `hello`, a wrong version, a client
/// that never reads).
struct SessionServerTests {
  /// A server on a socket in a private folder, and raw clients to it.
  final class Harness {
    let folder: String
    let server: SessionServer
    var clients: [Int32] = []

    init() throws {
      folder = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-server-test-")
      let process = ProcessContext(
        arguments: [], environment: ["HOME": "/proc/nonexistent"], currentDirectory: "/tmp",
        writeOutput: { _ in }, writeError: { _ in })
      let interpreter = ShellStartup.makeInterpreter(CommandLineOptions(), process)
      try interpreter.shell.apply(layout: "demo")
      let path = folder + "/work"
      let listener = try UnixSocket.listen(at: path)
      server = SessionServer(
        interpreter: interpreter, name: "work", socket: SocketFile(boundAt: path),
        listener: listener)
    }

    deinit {
      for client in clients { SystemIO.close(client) }
      server.interpreter.endBackgroundSources()
      _ = server.finish()
      FileSystem.removeTree(folder)
    }

    /// A new raw connection (blocking).
    func connect() throws -> Int32 {
      let fd = try UnixSocket.connect(to: server.socketPath)
      clients.append(fd)
      return fd
    }

    /// Writes `text` to `client` as it is.
    func write(_ client: Int32, _ text: String) {
      _ = Array(text.utf8).withUnsafeBytes { UnixSocket.send(client, $0) }
    }

    /// Runs rounds of the server until `client` has `count` lines to read (or 2 s passed); returns
    /// them.
    func lines(_ client: Int32, count: Int) -> [String] {
      var buffer = LineBuffer.session()
      var lines: [String] = []
      let deadline = MonotonicClock.now() + 2_000_000_000
      while lines.count < count, MonotonicClock.now() < deadline {
        server.runRound(timeout: 10)
        if SystemIO.wait([SystemIO.Watched(fd: client)], milliseconds: 0).first?.readable == true {
          if case .endOfFile = buffer.fill(from: client) { break }
        }
        while case .item(let line) = buffer.nextLine() {
          lines.append(String(decoding: line, as: UTF8.self))
        }
      }
      return lines
    }

    /// Whether the server closed `client` (it reads the end) within a few rounds.
    func isClosed(_ client: Int32) -> Bool {
      for _ in 0..<50 {
        server.runRound(timeout: 10)
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = bytes.withUnsafeMutableBytes {
          recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
        }
        if count == 0 { return true }
      }
      return false
    }

    /// Says hello on a new connection.
    func greeted() throws -> Int32 {
      let client = try connect()
      write(
        client,
        #"{"jsonrpc":"2.0","id":0,"method":"hello","params":{"protocol":1,"client":"test"}}"# + "\n"
      )
      _ = lines(client, count: 1)
      return client
    }
  }

  @Test func helloAnswersWithTheSessionAndPid() throws {
    let harness = try Harness()
    let client = try harness.connect()
    harness.write(
      client,
      #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"client":"send"}}"# + "\n")
    #expect(
      harness.lines(client, count: 1)
        == [
          #"{"jsonrpc":"2.0","id":1,"result":{"protocol":1,"session":"work","pid":\#(getpid())}}"#
        ])
  }

  /// The version is the newest of those offered (`protocols`, else `protocol`) that the server
  /// speaks too.
  @Test(arguments: [
    (#"{"protocol":1}"#, 1), (#"{"protocol":2}"#, 2), (#"{"protocol":1,"protocols":[1,2]}"#, 2),
    (#"{"protocol":1,"protocols":[2,7,1]}"#, 2), (#"{"protocol":1,"protocols":[1]}"#, 1),
  ])
  func helloChoosesTheNewestVersionBothSpeak(_ params: String, _ version: Int) throws {
    let harness = try Harness()
    let client = try harness.connect()
    harness.write(client, #"{"jsonrpc":"2.0","id":1,"method":"hello","params":\#(params)}"# + "\n")
    #expect(
      harness.lines(client, count: 1)
        == [
          #"{"jsonrpc":"2.0","id":1,"result":{"protocol":\#(version),"session":"work","pid":\#(getpid())}}"#
        ])
    #expect(harness.server.connections.first?.version == version)
  }

  @Test(arguments: [
    (
      #"{"protocol":3}"#,
      #""code":1,"message":"protocol 3 is not spoken here (this server speaks 1 and 2)""#
    ),
    (
      #"{"protocol":3,"protocols":[3,4]}"#,
      #""code":1,"message":"protocols 3, 4 are not spoken here (this server speaks 1 and 2)""#
    ),
    (
      #"{"protocol":1,"protocols":["2"]}"#,
      #""code":-32602,"message":"hello needs \"protocol\" (a number), and \"protocols\" (numbers) if any""#
    ),
    (
      #"{"protocol":1,"protocols":[]}"#,
      #""code":-32602,"message":"hello needs \"protocol\" (a number), and \"protocols\" (numbers) if any""#
    ),
  ])
  func helloInNoVersionSpokenHereIsRefusedAndClosed(_ params: String, _ error: String) throws {
    let harness = try Harness()
    let client = try harness.connect()
    harness.write(client, #"{"jsonrpc":"2.0","id":1,"method":"hello","params":\#(params)}"# + "\n")
    #expect(harness.lines(client, count: 1) == [#"{"jsonrpc":"2.0","id":1,"error":{\#(error)}}"#])
    #expect(harness.isClosed(client))
  }

  @Test func requestBeforeHelloIsRefusedAndClosed() throws {
    let harness = try Harness()
    let client = try harness.connect()
    harness.write(
      client, #"{"jsonrpc":"2.0","id":1,"method":"run","params":{"commands":"quit"}}"# + "\n")
    #expect(
      harness.lines(client, count: 1)
        == [
          #"{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"the first request must be 'hello'"}}"#
        ])
    #expect(harness.isClosed(client))
    #expect(harness.server.ending == nil)
  }

  @Test func garbageGetsOneErrorAndIsClosed() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    harness.write(client, "\u{1}\u{2}garbage\n")
    let answer = harness.lines(client, count: 1)
    #expect(
      answer.count == 1
        && answer[0].hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#))
    #expect(harness.isClosed(client))
  }

  @Test func lineLongerThanTheLimitIsRefused() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    // Written by the rounds as the server reads: the socket holds less than the line.
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: SessionProtocol.messageLimit + 10)
    var sent = 0
    SystemIO.setNonBlocking(client)
    while sent < long.count {
      if case .sent(let count) = long.withUnsafeBytes({
        UnixSocket.send(client, UnsafeRawBufferPointer(rebasing: $0[sent...]))
      }) {
        sent += count
      }
      harness.server.runRound(timeout: 1)
      if harness.server.connections.isEmpty { break }
    }
    #expect(harness.isClosed(client))
  }

  @Test func runGivesOutputErrorsAndStatusAsAScriptLine() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    harness.write(
      client,
      #"{"jsonrpc":"2.0","id":2,"method":"run","params":{"commands":"echo hi; tab 2"}}"# + "\n"
        + #"{"jsonrpc":"2.0","id":3,"method":"run","params":{"commands":"echo a\ntab 99"}}"# + "\n"
        + #"{"jsonrpc":"2.0","id":4,"method":"run","params":{"commands":"echo 'oops"}}"# + "\n")
    let answers = harness.lines(client, count: 3).map { try? JSON.parse($0) }
    #expect(answers.count == 3)
    #expect(answers.first??["result"] == ["status": 0, "output": "hi\n", "errors": ""])
    #expect(answers.dropFirst().first??["result"]?["status"] == 1)
    #expect(answers.dropFirst().first??["result"]?["output"] == "a\n")
    let errors = answers.dropFirst().first??["result"]?["errors"]?.stringValue ?? ""
    #expect(errors.hasPrefix("send:2:"), "\(errors)")
    #expect(answers.last??["result"]?["status"] == 2)
    #expect(harness.server.interpreter.shell.selectedPosition == 2)
  }

  @Test func infoCountsTabsAndClients() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    harness.write(client, #"{"jsonrpc":"2.0","id":5,"method":"info"}"# + "\n")
    let answer = try JSON.parse(try #require(harness.lines(client, count: 1).first))
    let tabs = harness.server.interpreter.shell.tabCount
    #expect(answer["result"]?["name"] == "work")
    #expect(answer["result"]?["tabs"] == .int(tabs))
    #expect(answer["result"]?["clients"] == 0)
    #expect(answer["result"]?["started"] == .int(harness.server.started))
  }

  @Test func eventsStreamTheTraceAsJSON() throws {
    let harness = try Harness()
    let watcher = try harness.greeted()
    harness.write(watcher, #"{"jsonrpc":"2.0","id":1,"method":"events"}"# + "\n")
    #expect(harness.lines(watcher, count: 1) == [#"{"jsonrpc":"2.0","id":1,"result":{}}"#])
    let sender = try harness.greeted()
    harness.write(
      sender, #"{"jsonrpc":"2.0","id":2,"method":"run","params":{"commands":"badge 2 5"}}"# + "\n")
    _ = harness.lines(sender, count: 1)
    let id = harness.server.interpreter.shell.tabs[1].id
    #expect(
      harness.lines(watcher, count: 1)
        == [
          #"{"jsonrpc":"2.0","method":"event","params":{"event":"badge-changed","tab":2,"id":"\#(id)","value":"5"}}"#
        ])
  }

  @Test func attachIsRefusedWithoutAttachedClients() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    harness.write(
      client,
      #"{"jsonrpc":"2.0","id":6,"method":"attach","params":{"columns":80,"rows":24}}"# + "\n")
    #expect(
      harness.lines(client, count: 1)
        == [
          #"{"jsonrpc":"2.0","id":6,"error":{"code":1,"message":"this server cannot attach clients yet"}}"#
        ])
  }

  @Test func killAnswersThenEnds() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    harness.write(client, #"{"jsonrpc":"2.0","id":7,"method":"kill"}"# + "\n")
    #expect(harness.lines(client, count: 1) == [#"{"jsonrpc":"2.0","id":7,"result":{}}"#])
    #expect(harness.server.ending?.reason == .killed)
    _ = harness.server.finish()
    #expect(!FileStatus.exists(harness.server.socketPath))
  }

  @Test func runThatEndsTheSessionSaysSoInItsAnswer() throws {
    let harness = try Harness()
    let client = try harness.greeted()
    harness.write(
      client, #"{"jsonrpc":"2.0","id":3,"method":"run","params":{"commands":"exit 4"}}"# + "\n")
    #expect(
      harness.lines(client, count: 1) == [
        #"{"jsonrpc":"2.0","id":3,"result":{"status":4,"output":"","errors":"","ended":true}}"#
      ])
    #expect(harness.server.ending?.status == 4)
  }

  @Test func finishLeavesANewerServersSocketAlone() throws {
    let harness = try Harness()
    // The socket was removed and a newer server bound its own at the same path.
    FileSystem.remove(harness.server.socketPath)
    let newer = try UnixSocket.listen(at: harness.server.socketPath)
    defer { SystemIO.close(newer) }
    let before = FileStatus.of(harness.server.socketPath, followingLinks: false)
    _ = harness.server.finish()
    #expect(before != nil)
    #expect(FileStatus.of(harness.server.socketPath, followingLinks: false) == before)
  }

  @Test func silentClientStallsNothingAndFloodIsCutOff() throws {
    let harness = try Harness()
    // The silent client's time to say `hello` outlasts the flood's rounds, which took more than
    // the 3 s default on a busy machine (the whole suite beside a build): it is to stay open.
    harness.server.limits.helloTimeout = 60_000
    let silent = try harness.connect()  // Never says anything.
    let flood = try harness.greeted()
    _ = silent
    // Requests whose answers are never read: the server cuts the connection off at the cap.
    let request =
      #"{"jsonrpc":"2.0","id":1,"method":"run","params":{"commands":"echo \#(String(repeating: "z", count: 4000))"}}"#
      + "\n"
    let batch = String(repeating: request, count: 16)
    SystemIO.setNonBlocking(flood)
    for _ in 0..<4000 where harness.server.connections.count > 1 {
      harness.write(flood, batch)
      harness.server.runRound(timeout: 0)
    }
    #expect(harness.server.connections.count == 1)  // The silent one, still open.
    let other = try harness.greeted()
    harness.write(other, #"{"jsonrpc":"2.0","id":9,"method":"info"}"# + "\n")
    #expect(harness.lines(other, count: 1).count == 1)
  }
}
