import TabShellRPC
import Testing

/// Requests pipelined: several written before their answers are taken, in any order; the plugin
/// must answer in the order it received them.
struct PipelinedRequestTests {
  @Test func answersAreTakenInAnyOrder() throws {
    let connection = try Children.shell(Children.echo)
    let ids = try (0..<3).map { _ in try connection.sendRequest("ping") }
    #expect(ids == [1, 2, 3])
    #expect(try connection.response(to: 3) == .result("ok"))
    #expect(try connection.response(to: 1) == .result("ok"))
    #expect(try connection.response(to: 2) == .result("ok"))
    #expect(try connection.request("ping") == .result("ok"))
    #expect(connection.shutdown() == .exited(0))
  }

  @Test func anAnswerOutOfOrderIsAFault() throws {
    let connection = try Children.shell(
      #"read a; read b; echo '{"jsonrpc":"2.0","id":2,"result":0}'; sleep 30"#)
    let first = try connection.sendRequest("one")
    _ = try connection.sendRequest("two")
    #expect(throws: PluginFault.wrongID(expected: 1, got: "2")) {
      try connection.response(to: first)
    }
    Children.expectGone(connection.process)
  }

  /// The answers read before the plugin exited are delivered; the next one waited for is the fault.
  @Test func answersBeforeAnExitAreDelivered() throws {
    let connection = try Children.shell(
      #"read a; read b; echo '{"jsonrpc":"2.0","id":1,"result":1}'; exit 5"#)
    let first = try connection.sendRequest("one")
    let second = try connection.sendRequest("two")
    #expect(try connection.response(to: first) == .result(1))
    #expect(throws: PluginFault.exited(.exited(5))) { try connection.response(to: second) }
    Children.expectGone(connection.process)
  }

  @Test func aChangeIsPipelinedWithItsDraw() throws {
    let client = try PluginClient(executable: PluginClientTests.hello)
    try client.createScreen(id: "a", type: "hello", title: "A")
    try client.createScreen(id: "b", type: "hello", title: "B")
    let change = try client.lifecycle(
      [
        (.viewDidLoad, "b"), (.viewWillAppear, "b"), (.viewWillDisappear, "a"),
        (.viewDidDisappear, "a"), (.viewDidAppear, "b"),
      ], thenDraw: ("b", 20, 1))
    #expect(change.refusals == [nil, nil, nil, nil, nil])
    #expect(change.drawing.map { $0.map(\.text) } == .success(["Hello from sh"]))
    #expect(try client.lifecycle([(.viewWillAppear, "a")]) == .init(refusals: [nil], drawing: nil))
    #expect(client.shutdown() == .exited(0))
  }

  @Test(.enabled(if: PluginClientTests.python, "python3 is not installed"))
  func aRefusalInAChangeConcernsOnlyItsCall() throws {
    let client = try PluginClient(executable: PluginClientTests.example)
    try client.createScreen(id: "a", type: "counter", title: "A")
    let change = try client.lifecycle(
      [(.viewDidLoad, "a"), (.viewWillAppear, "gone"), (.viewWillAppear, "a")],
      thenDraw: ("gone", 10, 2))
    let unknown = RPCError(code: RPCError.unknownScreen, message: "no screen 'gone'")
    #expect(change == .init(refusals: [nil, unknown, nil], drawing: .failure(unknown)))
    #expect(client.shutdown() == .exited(0))
  }
}
