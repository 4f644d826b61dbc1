import TabShellPlatform
import Testing

@testable import TabShellSessionServer

/// The connections' limit (docs/Sessions.md, "Where the socket is"): one connection past it takes
/// the place of the one idle longest, which is told why.
extension SessionServerTests {
  static func closedLine(of count: Int) -> String {
    #"{"jsonrpc":"2.0","method":"closed","params":{"message":"session 'work' closed this "#
      + #"connection, idle longest of its \#(count): one more client came"}}"#
  }

  @Test func aConnectionPastTheLimitTakesThePlaceOfTheOneIdleLongest() throws {
    let harness = try Harness()
    // Silent ones are not closed for their silence meanwhile, however slow the machine.
    harness.server.limits.helloTimeout = 600_000
    harness.server.limits.connectionLimit = 3
    let (first, second, third) = (
      try harness.greeted(), try harness.greeted(), try harness.greeted()
    )
    // The first speaks again: the second is idle longest now.
    harness.write(first, #"{"jsonrpc":"2.0","id":1,"method":"info"}"# + "\n")
    #expect(harness.lines(first, count: 1).count == 1)
    let newcomer = try harness.connect()
    #expect(harness.lines(second, count: 1) == [Self.closedLine(of: 3)])
    #expect(harness.isClosed(second))
    #expect(![first, third, newcomer].contains { harness.isClosed($0) })
    harness.write(
      newcomer,
      #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"client":"t"}}"# + "\n")
    #expect(harness.lines(newcomer, count: 1).first?.contains(#""result":{"protocol":1"#) == true)
    #expect(harness.server.connections.count == 3)
  }

  @Test func aClientGoneSinceTheLastReadGivesItsPlaceUpBeforeAnyIdleOne() throws {
    let harness = try Harness()
    // Silent ones are not closed for their silence meanwhile, however slow the machine.
    harness.server.limits.helloTimeout = 600_000
    harness.server.limits.connectionLimit = 3
    let (first, second, third) = (
      try harness.greeted(), try harness.greeted(), try harness.greeted()
    )
    // Gone, and not read since: the round that accepts the newcomer finds it first.
    SystemIO.close(second)
    harness.clients.removeAll { $0 == second }
    let newcomer = try harness.connect()
    harness.server.runRound(timeout: 0)
    #expect(harness.server.connections.count == 3)
    #expect(![first, third, newcomer].contains { harness.isClosed($0) })
    #expect(harness.lines(first, count: 1).isEmpty)
  }

  @Test func connectionsThatHaveNotSaidHelloGiveTheirPlacesUpFirstTheOldestFirst() throws {
    let harness = try Harness()
    // Silent ones are not closed for their silence meanwhile, however slow the machine.
    harness.server.limits.helloTimeout = 600_000
    harness.server.limits.connectionLimit = 4
    harness.server.limits.silentGrace = 0
    let greeted = [try harness.greeted(), try harness.greeted()]
    // Accepted in one round, in the order they came.
    let silent = try (0..<4).map { _ in try harness.connect() }
    harness.server.runRound(timeout: 0)
    #expect(harness.lines(silent[0], count: 1) == [Self.closedLine(of: 4)])
    #expect(harness.lines(silent[1], count: 1) == [Self.closedLine(of: 4)])
    #expect(silent[..<2].allSatisfy { harness.isClosed($0) })
    #expect(!(greeted + silent[2...]).contains { harness.isClosed($0) })
    #expect(harness.server.connections.count == 4)
  }

  @Test func aConnectionThatHasJustComeIsNotTakenForSilent() throws {
    let harness = try Harness()
    // Silent ones are not closed for their silence meanwhile, however slow the machine.
    harness.server.limits.helloTimeout = 600_000
    harness.server.limits.connectionLimit = 2
    let idle = try harness.greeted()
    // Accepted with the newcomer, its hello not read yet: it came after the idle one spoke.
    let coming = try harness.connect()
    let newcomer = try harness.connect()
    harness.server.runRound(timeout: 0)
    #expect(harness.lines(idle, count: 1) == [Self.closedLine(of: 2)])
    #expect(harness.isClosed(idle))
    #expect(![coming, newcomer].contains { harness.isClosed($0) })
  }
}
