import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// A loaded plugin's screen commands: they run while a screen of their type is visible, and `help`
/// and completion offer them then (and only then).
@Suite struct ScreenCommandTests {
  @Test func screenCommandsAppearInHelpAndCompletionWhileTheirScreenIsVisible() throws {
    let plugin = try PluginLoader.load(path: freshCopy(of: TestPlugins.get().example))
    let shell = Shell()
    try shell.register(plugin, source: "example")
    try shell.register(PlainPlugin(), source: "tests")
    var output: [String] = []
    var errors: [String] = []
    let interpreter = Interpreter(
      shell: shell, currentDirectory: "/", output: { output.append($0) },
      report: { errors.append("\($0)") })
    func run(_ line: String) {
      output = []
      errors = []
      _ = interpreter.runLine(line)
    }
    func complete(_ line: String) -> [String] {
      let start = line.utf8.count - (line.split(separator: " ").last.map { $0.utf8.count } ?? 0)
      return interpreter.completions(line: line, wordStart: start, wordEnd: line.utf8.count)
    }

    run("add-tab counter --id c")
    run("add-tab plain --id t")
    #expect(errors.isEmpty, "\(errors)")
    #expect(complete("inc") == ["increment"])
    run("help")
    #expect(output.joined(separator: "\n").contains("increment"))
    run("increment 3")
    #expect(errors.isEmpty, "\(errors)")
    #expect(shell.tab(at: 1)?.item.badge == "3")

    // Another type's screen is visible: the command is neither offered nor run.
    run("tab t")
    #expect(complete("inc") == [])
    run("help")
    #expect(!output.joined(separator: "\n").contains("increment"))
    run("increment")
    #expect(errors.count == 1)
    #expect(errors.first?.contains("increment") == true, "\(errors)")
    #expect(shell.tab(at: 1)?.item.badge == "3")
  }
}

/// A plugin with one screen type that declares no commands.
final class PlainPlugin: TabShellPlugin {
  final class PlainType: ScreenType {
    final class Plain: Screen {}
    let name = "plain"
    func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { Plain() }
  }

  let name = "plain"
  var screenTypes: [any ScreenType] { [PlainType()] }
}
