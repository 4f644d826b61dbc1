import Foundation
import TabShellJSON
import TabShellRPC
import Testing

/// The example plugins through the transport, as the host's adapter will drive them: the
/// handshake, one screen's whole lifecycle in the order of docs/Contract.md, "Lifecycle", a draw,
/// commands and the requests they make; and handshakes that fail.
struct PluginClientTests {
  static let python = Children.python3 != nil
  static let example = Children.root.appendingPathComponent("plugins/python/example_counter.py")
    .path
  static let hello = Children.root.appendingPathComponent("plugins/sh/hello.sh").path

  /// The requests the plugin made that were read so far (nothing more is read).
  static func requests(_ client: PluginClient) throws -> [HostRequest] {
    try client.takeHostRequests(reading: false)
  }

  @Test(.enabled(if: python, "python3 is not installed: the Python example cannot run"))
  func thePythonExampleLivesAWholeLifecycle() throws {
    let stderr = Lines()
    let client = try PluginClient(
      executable: Self.example, hostVersion: "test", stderrHandler: { stderr.append($0) })
    #expect(client.description.name == "example-python")
    // The kit chose the newest version offered; only the list takes input.
    #expect(client.protocolVersion == 2)
    #expect(client.description.screenTypes.map(\.name) == ["counter", "clock", "list"])
    #expect(client.description.screenTypes.map(\.takesInput) == [false, false, true])
    let counter = try #require(client.description.screenTypes.first)
    #expect(counter.commands.map(\.name) == ["increment", "reset", "focus"])
    #expect(
      counter.commands[0].arguments == [
        .init(valueName: "N", kind: .integer, isOptional: true, abstract: "how much (default 1)")
      ])
    #expect(client.description.layouts.map(\.name) == ["python-demo"])

    try client.createScreen(id: "c", type: "counter", title: "Count", parameters: ["start": "3"])
    for callback in [LifecycleCallback.viewDidLoad, .viewWillAppear, .viewDidAppear] {
      try client.lifecycle(callback, screen: "c")
    }
    #expect(
      try Self.requests(client) == [
        HostRequest(
          id: nil, method: "host/log", screen: "c",
          params: ["screen": "c", "message": "counter 'Count' loaded at 3"])
      ])
    let drawn = try client.draw(screen: "c", width: 20, height: 4)
    #expect(drawn.text == ["", "       Count", "      count: 3"])
    #expect(drawn.lines[1] == [DrawnScreen.Span("       Count", bold: true)])

    let increment = counter.commands[0]
    let words = increment.typedArguments(positionals: ["39"], options: [])
    #expect(
      try client.runCommand(
        screen: "c", command: "increment", arguments: words.arguments, options: words.options)
        == ["Count: 42"])
    #expect(
      try Self.requests(client) == [
        HostRequest(
          id: nil, method: "host/setBadge", screen: "c", params: ["screen": "c", "value": "42"])
      ])
    #expect(
      throws: PluginError.refused(
        RPCError(code: -32000, message: "start 'x' is not a whole number"))
    ) {
      try client.createScreen(id: "d", type: "counter", title: "D", parameters: ["start": "x"])
    }
    for callback in [LifecycleCallback.viewWillDisappear, .viewDidDisappear] {
      try client.lifecycle(callback, screen: "c")
    }
    try client.deinitScreen("c")
    #expect(throws: PluginError.refused(RPCError(code: -32002, message: "no screen 'c'"))) {
      try client.draw(screen: "c", width: 20, height: 4)
    }
    #expect(client.shutdown() == .exited(0))
    #expect(stderr.all == [])
    Children.expectGone(client.connection.process)
  }

  @Test func theShellExampleSpeaksTheSameProtocol() throws {
    let client = try PluginClient(executable: Self.hello)
    #expect(
      client.description
        == PluginDescription(
          name: "hello-sh",
          screenTypes: [
            .init(
              name: "hello", summary: "says hello, from a POSIX shell script",
              defaultTitle: "Hello", icon: "☼",
              commands: [
                .init(
                  name: "greet",
                  arguments: [
                    .init(valueName: "WHO", kind: .choice(["world", "moon"]), isOptional: true)
                  ],
                  abstract: "say hello and set the badge of its tab")
              ])
          ]))
    try client.createScreen(id: "h", type: "hello", title: "Hello")
    for callback in LifecycleCallback.allCases { try client.lifecycle(callback, screen: "h") }
    #expect(try client.draw(screen: "h", width: 40, height: 1).text == ["Hello from sh"])
    #expect(
      try client.runCommand(screen: "h", command: "greet", arguments: ["moon"], options: [:])
        == ["Hello, moon!"])
    #expect(
      try client.takeHostRequests()
        == [
          HostRequest(
            id: nil, method: "host/setBadge", screen: "h", params: ["screen": "h", "value": "hi"])
        ])
    try client.deinitScreen("h")
    #expect(client.shutdown() == .exited(0))
    Children.expectGone(client.connection.process)
  }

  @Test(.enabled(if: python, "python3 is not installed: the Python example cannot run"))
  func thePythonListTakesInputOneAtATimeAndPipelined() throws {
    let client = try PluginClient(executable: Self.example, hostVersion: "test")
    try client.createScreen(id: "l", type: "list", title: "L", parameters: ["count": "50"])
    try client.lifecycle(.viewDidLoad, screen: "l")
    let down: JSONValue = ["kind": "key", "key": "Down"]
    #expect(try client.input(screen: "l", down))
    #expect(try !client.input(screen: "l", ["kind": "key", "key": "F12"]))
    let burst = try client.inputs(
      Array(repeating: (screen: "l", input: down), count: 5) + [
        (screen: "l", input: ["kind": "focus", "focused": true]),
        (screen: "gone", input: down),
      ])
    #expect(
      burst
        == Array(repeating: .success(true), count: 5) + [
          .success(false), .failure(RPCError(code: -32002, message: "no screen 'gone'")),
        ])
    // Item 7 (six downs from the first) is drawn selected, the cursor on it.
    let drawn = try client.draw(screen: "l", width: 20, height: 10)
    #expect(drawn.lines[7].first?.attributes == [.bold, .reverse])
    #expect(drawn.text[7].hasPrefix(" Item 7"))
    #expect(drawn.cursor == DrawnScreen.Cursor(row: 7, column: 0))
    #expect(client.shutdown() == .exited(0))
  }

  /// A child that answers `initialize` with RESULT (as JSON text) and then waits for EOF.
  static func answering(_ result: String) -> String {
    #"read l; printf '{"jsonrpc":"2.0","id":1,%s}\n' '"# + result + "'; read l || exit 0"
  }

  static let handshakes: [(String, PluginError)] = [
    (
      #""result":{"protocolVersion":3,"name":"p"}"#,
      .incompatible("it speaks protocol version 3; this tabshell speaks 1 and 2")
    ),
    (
      #""error":{"code":-32001,"message":"this plugin speaks protocol version 3"}"#,
      .incompatible(
        "it does not speak protocol version 1 or 2: this plugin speaks protocol version 3")
    ),
    (
      #""error":{"code":-32000,"message":"no config"}"#,
      .refused(RPCError(code: -32000, message: "no config"))
    ),
    (
      #""result":{"name":"p"}"#,
      .fault(.invalidMessage(#"the answer to 'initialize' has no "protocolVersion""#))
    ),
    (
      #""result":{"protocolVersion":1,"name":"p","screenTypes":[{"name":"A"}]}"#,
      .fault(
        .invalidMessage(
          "the answer to 'initialize': screen type 'A': a name is lower-case letters, digits and '-'"
        ))
    ),
  ]

  @Test(arguments: handshakes)
  func aFailedHandshakeStopsThePlugin(_ answer: String, _ error: PluginError) throws {
    let thrown = #expect(throws: PluginError.self) {
      try PluginClient(executable: "/bin/sh", arguments: ["-c", Self.answering(answer)])
    }
    #expect(thrown == error)
  }

  @Test func aPluginThatCannotStart() {
    // A path under /proc/self, where no one can make a file.
    let path = "/proc/self/no-such-plugin"
    #expect(
      throws: PluginError.fault(.couldNotStart(path: path, reason: "No such file or directory"))
    ) { try PluginClient(executable: path) }
  }
}
