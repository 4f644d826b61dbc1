import Testing

@testable import TabShellLanguage

/// The shell looks at the terminal tabs' programs only while there are some: from the first one
/// until the last one's tab is closed and its program reaped, and again from the next one.
extension TerminalTabTests {
  @Test func theProgramsAreWatchedOnlyWhileThereAreSome() {
    let shell = Harness()
    let names = { shell.interpreter.services.backgroundSources.map(\.name) }
    #expect(names() == [])
    #expect(shell.run("add-tab terminal --id t -- sh"))
    #expect(shell.run("add-tab terminal --id u -- sh"))
    #expect(names() == ["terminal"])
    #expect(shell.run("close-tab t"))
    #expect(shell.wait { shell.sessions?.count == 1 })
    #expect(names() == ["terminal"])
    #expect(shell.run("close-tab u"))
    #expect(shell.wait { shell.sessions?.count == 0 })
    #expect(names() == [])
    #expect(shell.interpreter.backgroundDescriptors == [])
    #expect(shell.run("add-tab terminal --id v -- sh"))
    #expect(names() == ["terminal"])
  }
}
