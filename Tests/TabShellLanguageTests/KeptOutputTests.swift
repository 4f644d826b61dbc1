import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport
import Testing

@testable import TabShellLanguage

/// What `expect output` reads is kept up to its limit, however long a line the command printed.
@Suite struct KeptOutputTests {
  @Test func aLongLineIsKeptOnlyUpToTheLimit() throws {
    let shell = Shell()
    try shell.register(BuiltinPlugin(), source: "built-in")
    let interpreter = Interpreter(
      shell: shell, renderOptions: RenderOptions(), currentDirectory: "/", output: { _ in },
      report: { _ in })
    let word = String(repeating: "x", count: Checks.outputLimit + 1_000)
    #expect(interpreter.runLine("echo \(word)") == .success)
    #expect(interpreter.checks.previousOutput?.utf8.count == Checks.outputLimit)
  }

  /// `expect output` takes several words as one text, joined by a space, as `echo` joins them.
  @Test func expectOutputJoinsItsWords() {
    let session = Session()
    #expect(session.run("echo no tab here; expect output no tab", file: "t.tabsh") == .success)
    #expect(session.sink.errors == [])
    #expect(session.run("echo no tab here; expect output tab no") != .success)
    #expect(
      session.sink.errors.last?.hasPrefix(
        "t.tabsh:1:19: error: expect failed: output of the command before does not contain 'tab no'"
      )
        == true, "\(session.sink.errors)")
    session.sink.errors.removeAll()
    #expect(session.run("expect output") != .success)
    #expect(session.sink.errors.first?.contains("'expect output' needs TEXT") == true)
  }
}
