import Foundation
import Testing

/// `tabshell test` runs each script alone: a plugin that one script loads is not loaded in the next.
@Suite struct TestRunnerPluginTests {
  @Test func aPluginLoadedByOneScriptIsNotLoadedInTheNext() throws {
    let folder = try makeTemporaryFolder()
    let plugin = try TestPlugins.get().example
    try "load \(plugin)\nrequire plugin example\nadd-tab counter\nincrement 2\n".write(
      toFile: folder + "/1-loads.tabsh", atomically: true, encoding: .utf8)
    try "require plugin example\nadd-tab counter\n".write(
      toFile: folder + "/2-needs.tabsh", atomically: true, encoding: .utf8)
    let (status, stdout, stderr) = try StartupLoadingTests().run(
      ["test", "-j", "1", folder], dataHome: try makeTemporaryFolder())
    let lines = stdout.replacingOccurrences(
      of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
    #expect(
      lines == """
        ok   \(folder)/1-loads.tabsh (N ms)
        FAIL \(folder)/2-needs.tabsh:1:1: this script needs plugin 'example': load it with --plugin PATH
        1 passed, 1 failed

        """)
    #expect(stderr == "")
    #expect(status == 1)
  }
}
