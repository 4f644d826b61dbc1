@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@testable import TabShellLanguage

/// A wait (`wait-for`, `sleep`) looks again only after a wake-up that took something in: the
/// 0.1 s slices it sleeps in (to see Ctrl-C) look at nothing (docs/Contract.md, "Scripts drive
/// screens").
@Suite struct WaitWakeUpTests {
  @Test func aWaitWithNothingComingLooksOnce() throws {
    let interpreter = Interpreter(
      shell: Shell(), renderOptions: RenderOptions(), currentDirectory: "/", output: { _ in },
      report: { _ in })
    var looks = 0
    let found = try interpreter.wait(seconds: 0.45) {
      looks += 1
      return false
    }
    #expect(!found)
    #expect(looks == 1)
  }
}
