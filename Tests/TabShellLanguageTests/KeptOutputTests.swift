import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering
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
}
