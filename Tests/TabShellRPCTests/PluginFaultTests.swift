import Foundation
import TabShellJSON
import TabShellRPC
import Testing

/// Each way a child can misbehave gives its one fault, stops the child and leaves nothing behind:
/// no zombie, no member of its process group. Every call afterwards throws the same fault.
struct PluginFaultTests {
  struct Case: CustomStringConvertible, Sendable {
    var description: String
    /// The child, a `/bin/sh -c` script.
    var script: String
    /// The fault expected.
    var fault: PluginFault
    /// Wait for the fault without sending anything (as an event loop does between commands).
    var idle = false
    var limits = RPCLimits()
  }

  static func limits(_ change: (inout RPCLimits) -> Void) -> RPCLimits {
    var limits = RPCLimits()
    change(&limits)
    return limits
  }

  static let log = #"{"jsonrpc":"2.0","method":"host/log","params":{"message":"x"}}"#

  static let cases: [Case] = [
    Case(description: "exits", script: "read l; exit 3", fault: .exited(.exited(3))),
    Case(description: "exits while idle", script: "exit 4", fault: .exited(.exited(4)), idle: true),
    Case(
      description: "is killed", script: "read l; kill -9 $$", fault: .exited(.signaled(SIGKILL))),
    Case(
      description: "closes stdout", script: "read l; exec 1>&-; sleep 30", fault: .closedStdout),
    Case(
      description: "closes stdout while idle", script: "exec 1>&-; sleep 30", fault: .closedStdout,
      idle: true),
    Case(
      description: "writes a line that is not JSON", script: "read l; echo hello; sleep 30",
      fault: .notJSON(JSONError(.unexpectedByte(UInt8(ascii: "h")), at: 0), excerpt: "hello")),
    Case(
      description: "writes a line that is not JSON, with controls (ESC, U+202E)",
      script: #"read l; printf 'a\033[2J\342\200\256b\n'; sleep 30"#,
      fault: .notJSON(JSONError(.unexpectedByte(UInt8(ascii: "a")), at: 0), excerpt: "a?[2J?b")),
    Case(
      description: "writes invalid UTF-8", script: #"read l; printf '"\377"\n'; sleep 30"#,
      fault: .notUTF8(offset: 1)),
    Case(
      description: "writes a line that is too long", script: "read l; printf '%0101d' 0; sleep 30",
      fault: .lineTooLong(limit: 100), limits: limits { $0.maxLineBytes = 100 }),
    Case(
      description: "writes a line that is too long while idle",
      script: "printf '%0100000d' 0; sleep 30", fault: .lineTooLong(limit: 100), idle: true,
      limits: limits { $0.maxLineBytes = 100 }),
    Case(
      description: "writes JSON that is not JSON-RPC 2.0",
      script: #"read l; echo '{"jsonrpc":"1.0","id":1,"result":0}'; sleep 30"#,
      fault: .invalidMessage(#""jsonrpc" must be "2.0""#)),
    Case(
      description: "writes an array", script: "read l; echo '[1]'; sleep 30",
      fault: .invalidMessage("a message must be an object, not an array")),
    Case(
      description: "sends a request whose id is an object",
      script: #"read l; echo '{"jsonrpc":"2.0","id":{},"method":"host/log"}'; sleep 30"#,
      fault: .invalidMessage(#""id" must be a number, a string or null"#)),
    Case(
      description: "answers with the wrong id",
      script: #"read l; echo '{"jsonrpc":"2.0","id":7,"result":0}'; sleep 30"#,
      fault: .wrongID(expected: 1, got: "7")),
    Case(
      description: "answers with a string id",
      script: #"read l; echo '{"jsonrpc":"2.0","id":"1","result":0}'; sleep 30"#,
      fault: .wrongID(expected: 1, got: #""1""#)),
    Case(
      description: "answers no request",
      script: #"echo '{"jsonrpc":"2.0","id":1,"result":0}'; sleep 30"#,
      fault: .wrongID(expected: nil, got: "1"), idle: true),
    Case(
      description: "does not answer", script: "read l; sleep 30",
      fault: .timedOut(method: "ping", seconds: 0.2), limits: RPCLimits(timeout: 0.2)),
    Case(
      description: "does not answer and ignores SIGTERM",
      script: "trap '' TERM; read l; while :; do sleep 1; done",
      fault: .timedOut(method: "ping", seconds: 0.2), limits: RPCLimits(timeout: 0.2)),
    Case(
      description: "floods", script: "while :; do echo '\(log)'; done",
      fault: .flooded(limit: 1_000, perSecond: true), idle: true,
      limits: limits { $0.maxQueued = 1_000_000 }),
    Case(
      description: "fills the queue",
      script: "i=0; while [ $i -lt 20 ]; do echo '\(log)'; i=$((i+1)); done; sleep 30",
      fault: .flooded(limit: 10, perSecond: false), idle: true,
      limits: limits {
        $0.maxQueued = 10
        $0.maxPerSecond = 1_000_000
      }),
  ]

  @Test(arguments: cases)
  func faultStopsTheChild(_ test: Case) throws {
    let connection = try Children.shell(test.script, limits: test.limits)
    let fault: PluginFault?
    if test.idle {
      fault = Children.waitForFault(connection)
    } else {
      fault = #expect(throws: PluginFault.self) { try connection.request("ping") }
    }
    #expect(fault == test.fault)
    #expect(connection.fault == test.fault)
    Children.expectGone(connection.process)
    #expect(throws: test.fault) { try connection.request("ping") }
    #expect(throws: test.fault) { try connection.notify("ping") }
    #expect(connection.pollDescriptors.isEmpty)
  }

  /// A write to a child that closed its stdin fails with a fault, not SIGPIPE (which would end
  /// this test process), and leaves no SIGPIPE pending or blocked.
  @Test func closedStdinIsAFaultNotASignal() throws {
    let stderr = Lines()
    let connection = try Children.shell(
      "exec 0<&-; echo ready >&2; sleep 30", stderr: stderr)
    while stderr.all.isEmpty { try connection.processAvailable() }
    #expect(throws: PluginFault.closedStdin) { try connection.request("ping") }
    Children.expectGone(connection.process)
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0)
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &mask)
    #expect(sigismember(&mask, SIGPIPE) == 0)
  }

  /// A child that does not read its stdin: once the pipe is full, the host's write waits no longer
  /// than the time limit.
  @Test func aChildThatDoesNotReadTimesOut() throws {
    let connection = try Children.shell("sleep 30", limits: RPCLimits(timeout: 0.2))
    let big = JSONValue.string(String(repeating: "x", count: 200_000))
    #expect(throws: PluginFault.notReading(seconds: 0.2)) {
      try connection.request("big", params: ["text": big])
    }
    Children.expectGone(connection.process)
  }

  /// A normal shutdown of a child that ignores the end of its input and SIGTERM: SIGKILL, reaped.
  @Test func shutdownEndsAStubbornChild() throws {
    // Once it ignores SIGTERM (said on stderr): before, a SIGTERM would end it and test nothing.
    let stderr = Lines()
    let connection = try Children.shell(
      "trap '' TERM; echo ready >&2; while :; do sleep 1; done", stderr: stderr)
    while stderr.all.isEmpty { try connection.processAvailable() }
    #expect(connection.shutdown() == .signaled(SIGKILL))
    Children.expectGone(connection.process)
  }

  @Test func aMissingExecutableCannotStart() {
    #expect(
      throws: PluginFault.couldNotStart(
        path: "/proc/self/no-such-plugin", reason: "No such file or directory")
    ) { try RPCConnection(executable: "/proc/self/no-such-plugin") }
    #expect(throws: PluginFault.couldNotStart(path: "/", reason: "Permission denied")) {
      try RPCConnection(executable: "/")
    }
  }

  @Test(arguments: [
    (PluginFault.exited(.exited(3)), "the plugin exited with status 3"),
    (.exited(.signaled(SIGKILL)), "the plugin was killed by SIGKILL"),
    (
      .timedOut(method: "screen/draw", seconds: 2),
      "the plugin did not answer 'screen/draw' within 2 s"
    ),
    (.timedOut(method: "ping", seconds: 0.25), "the plugin did not answer 'ping' within 0.25 s"),
    (.wrongID(expected: 3, got: "7"), "the plugin answered request 3 with id 7"),
    (.notReading(seconds: 2), "the plugin did not read its input for 2 s"),
    (.lineTooLong(limit: 1_048_576), "the plugin wrote a line longer than 1048576 bytes"),
    (
      .notJSON(JSONError(.unexpectedByte(104), at: 0), excerpt: "hello"),
      "the plugin wrote a line that is not JSON (unexpected character 'h' at byte 0): hello"
    ),
    (
      .flooded(limit: 1_000, perSecond: true),
      "the plugin sent more than 1000 messages in one second"
    ),
  ])
  func faultsReadAsSentences(_ fault: PluginFault, _ text: String) {
    #expect(fault.description == text)
  }
}
