import Foundation
import TabShellRPC
import TestSupport
import Testing

/// Round trips with well-behaved children: answers matched by id, the child's own messages queued
/// in order, stderr handed over line by line, a normal shutdown reaped.
struct RPCConnectionTests {
  @Test func roundTripsWithAShellChild() throws {
    let connection = try Children.shell(Children.echo)
    for _ in 0..<3 {
      #expect(try connection.request("ping", params: ["screen": "a"]) == .result("ok"))
    }
    #expect(connection.shutdown() == .exited(0))
    Children.expectGone(connection.process)
    #expect(throws: PluginFault.exited(.exited(0))) { try connection.request("ping") }
  }

  /// What a plugin writes just before it exits is taken, then its exit is the fault: the read
  /// that finds both does not throw while a message waits (the host would lose it).
  @Test func theLastMessagesOfAChildThatExitsAreTaken() throws {
    let connection = try Children.shell(
      #"printf '{"jsonrpc":"2.0","method":"host/log","params":{"message":"bye"}}\n'; exit 3"#)
    // Until the child has exited (a zombie), so that one read finds the message and the end.
    let deadline = Date().addingTimeInterval(10)
    while processState(connection.process.pid) != "Z", Date() < deadline { usleep(1_000) }
    try connection.processAvailable()
    #expect(
      connection.nextIncoming()
        == IncomingMessage(id: nil, method: "host/log", params: ["message": "bye"]))
    #expect(throws: PluginFault.exited(.exited(3))) { try connection.processAvailable() }
  }

  static let python = Children.python3 != nil

  /// A child that, before each answer, sends a notification and a request of its own, and logs
  /// to stderr; it answers `fail` with an error.
  static let chatty = #"""
    import json, sys
    for line in sys.stdin:
        m = json.loads(line)
        if "method" not in m:
            continue
        sys.stderr.write("got " + m["method"] + "\n"); sys.stderr.flush()
        out = [{"jsonrpc": "2.0", "method": "host/log", "params": {"message": m["method"]}},
               {"jsonrpc": "2.0", "id": "q" + str(m["id"]), "method": "host/setBadge",
                "params": {"screen": "a", "value": None}}]
        if m["method"] == "fail":
            out.append({"jsonrpc": "2.0", "id": m["id"],
                        "error": {"code": -32000, "message": "no such thing", "data": [1]}})
        else:
            out.append({"jsonrpc": "2.0", "id": m["id"], "result": m.get("params")})
        sys.stdout.write("".join(json.dumps(o) + "\n" for o in out)); sys.stdout.flush()
    """#

  @Test(.enabled(if: python, "python3 is not installed")) func queuesTheChildsOwnMessages() throws {
    let stderr = Lines()
    let connection = try Children.python(Self.chatty, stderr: stderr)
    #expect(try connection.request("first", params: ["n": 1]) == .result(["n": 1]))
    #expect(
      try connection.request("fail")
        == .error(RPCError(code: -32000, message: "no such thing", data: [1])))
    var messages: [IncomingMessage] = []
    while let message = connection.nextIncoming() { messages.append(message) }
    #expect(
      messages == [
        IncomingMessage(id: nil, method: "host/log", params: ["message": "first"]),
        IncomingMessage(
          id: "q1", method: "host/setBadge", params: ["screen": "a", "value": nil]),
        IncomingMessage(id: nil, method: "host/log", params: ["message": "fail"]),
        IncomingMessage(
          id: "q2", method: "host/setBadge", params: ["screen": "a", "value": nil]),
      ])
    try connection.respond(to: "q1", with: .result(nil))
    try connection.respond(
      to: "q2", with: .error(RPCError(code: RPCError.requestFailed, message: "no tab")))
    #expect(connection.shutdown() == .exited(0))
    #expect(stderr.all == ["got first", "got fail"])
    Children.expectGone(connection.process)
  }

  @Test func stderrIsHandedOverLineByLine() throws {
    let stderr = Lines()
    var limits = RPCLimits()
    limits.maxStderrLineBytes = 8
    let connection = try Children.shell(
      #"printf 'one\ntwo\r\n0123456789ab\n\377x\nlast' >&2; read l || exit 0"#, limits: limits,
      stderr: stderr)
    #expect(connection.shutdown() == .exited(0))
    #expect(stderr.all == ["one", "two", "01234567", "89ab", "\u{FFFD}x", "last"])
  }

  /// An answer followed at once by the child's exit: the answer is delivered, the exit is the
  /// fault of the next call.
  @Test func anAnswerBeforeAnExitIsDelivered() throws {
    let connection = try Children.shell(
      #"read l; echo '{"jsonrpc":"2.0","id":1,"result":5}'; exit 0"#)
    #expect(try connection.request("ping") == .result(5))
    let fault = Children.waitForFault(connection)
    #expect(fault == .exited(.exited(0)))
    Children.expectGone(connection.process)
  }

  /// Blank lines are allowed between messages; a line of exactly the limit is accepted.
  @Test func blankLinesAndALineOfTheLimit() throws {
    let answer = #"{"jsonrpc":"2.0","id":1,"result":1}"#
    let padded = answer + String(repeating: " ", count: 100 - answer.utf8.count)
    var limits = RPCLimits()
    limits.maxLineBytes = 100
    let connection = try Children.shell(
      "read l; printf '\\n  \\n%s\\n' '\(padded)'; read l || exit 0", limits: limits)
    #expect(try connection.request("ping") == .result(1))
    #expect(connection.shutdown() == .exited(0))
  }

  /// Everything a spawned program printed on its stdout, once it has exited.
  static func outputOf(_ executable: String, _ arguments: [String], environment: [String]? = nil)
    throws -> String
  {
    let process = try ChildProcess(
      executable: executable, arguments: arguments, environment: environment)
    #expect(process.waitForExit(until: .max) == .exited(0))
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(process.stdout, &buffer, buffer.count), count > 0 {
      output += buffer[0..<count]
    }
    process.terminate(grace: 0)
    process.closeOutputs()
    Children.expectGone(process)
    return String(decoding: output, as: UTF8.self)
  }

  /// The child gets the environment it is given and no descriptor but 0, 1 and 2.
  @Test func theChildGetsItsEnvironmentAndNoOtherDescriptors() throws {
    #expect(
      try Self.outputOf("/usr/bin/env", [], environment: ["PLUGIN_TEST=yes"]) == "PLUGIN_TEST=yes\n"
    )
    // The fourth is the one `ls` opens to read the folder.
    #expect(try Self.outputOf("/bin/ls", ["/proc/self/fd"]) == "0\n1\n2\n3\n")
  }

  /// The child runs in its own process group, with no signal blocked or ignored (though this
  /// thread blocks SIGUSR1 and the process ignores SIGUSR2).
  @Test func theChildHasItsOwnGroupAndACleanSignalState() throws {
    var block = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGUSR1)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &block, &previousMask)
    let previousAction = signal(SIGUSR2, SIG_IGN)
    defer {
      signal(SIGUSR2, previousAction)
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
    let status = try Self.outputOf("/bin/grep", ["-E", "^Sig(Blk|Ign)", "/proc/self/status"])
    // Signals 1–31; glibc keeps its own real-time signals (32 and up) as they are.
    let masks = status.split(separator: "\n").map {
      (UInt64($0.split(separator: "\t").last ?? "", radix: 16) ?? .max) & 0x7FFF_FFFF
    }
    #expect(masks == [0, 0], "\(status)")
    let process = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
    #expect(getpgid(process.pid) == process.pid)
    #expect(getpgid(process.pid) != getpgid(0))
    #expect(process.terminate(grace: 1) == .signaled(SIGTERM))
    Children.expectGone(process)
  }
}
