@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport
import Testing

@testable import TabShellLanguage

/// A wait (`sleep`, `wait-for`) tells its host each wake-up and its end, and wakes up no later
/// than the host asks (the full-screen mode's frame put off until it is due).
@Suite struct WaitWakeUpTests {
  @Test func aWaitWakesWhenTheHostAsksAndSaysWhenItEnds() {
    let interpreter = Interpreter(
      shell: Shell(), renderOptions: RenderOptions(), currentDirectory: "/", output: { _ in },
      report: { _ in })
    let host = TestHost()
    host.waitLimit = 5
    interpreter.host = host
    #expect(interpreter.runLine("sleep 0.3") == .success)
    // Without the host's limit, a wait with nothing to watch wakes every 100 ms: 3 times.
    let moments = host.moments
    let wakeUps = moments.filter { $0 != .ended }.count
    #expect(wakeUps >= 10, "\(wakeUps) wake-ups")
    #expect(moments.last == .ended)
    #expect(moments.filter { $0 == .ended }.count == 1)
  }
}
