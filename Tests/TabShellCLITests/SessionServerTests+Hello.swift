import TabShellPlatform
import Testing

@testable import TabShellSessionServer

/// A connection's time to say `hello` (docs/Sessions.md, "Where the socket is").
extension SessionServerTests {
  @Test func connectionThatNeverSaysHelloIsClosedWhenItsTimeIsOver() throws {
    let harness = try Harness()
    harness.server.limits.helloTimeout = 100
    let start = MonotonicClock.now()
    let silent = try harness.connect()
    #expect(harness.isClosed(silent))
    #expect(MonotonicClock.now() - start >= 100_000_000)
    #expect(harness.server.connections.isEmpty)
  }

  @Test func helloThatCameWhileTheServerWasBusyCounts() throws {
    let harness = try Harness()
    harness.server.limits.helloTimeout = 100
    let busy = try harness.greeted()
    // The round that accepts `late` runs this for longer than its time to say hello.
    harness.write(
      busy, #"{"jsonrpc":"2.0","id":1,"method":"run","params":{"commands":"sleep 0.3"}}"# + "\n")
    let late = try harness.connect()
    harness.write(
      late,
      #"{"jsonrpc":"2.0","id":2,"method":"hello","params":{"protocol":1,"client":"t"}}"# + "\n")
    let answer = harness.lines(late, count: 1)
    #expect(answer.count == 1 && answer.first?.contains(#""result":{"protocol":1"#) == true)
    #expect(!harness.isClosed(late))
  }
}
