import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// A process plugin's screen type declares its parameters as a Swift one does
/// (docs/ProcessPlugins.md §6, `parameters`): `add-tab TYPE --option VALUE` checks the value
/// against the kind, and `screen/create` gets the words as strings.
@Suite struct ProcessParameterTests {
  static let description =
    #"{"protocolVersion":1,"name":"weather","screenTypes":[{"name":"weather","parameters":[{"name":"--days","kind":"integer","valueName":"N"},{"name":"--city","kind":"text","valueName":"NAME"}]}]}"#

  @Test func aProcessPluginsParametersAreDeclaredAndChecked() throws {
    let session = try ProcessSession(timeout: 10)
    let path = try session.answeringPlugin("weather", description: Self.description)
    let made = session.run("load \(path); add-tab weather --id w --days 3 --city Oslo; screens")
    #expect(made.status == 0, "\(made.err)")
    #expect(made.out.last == "weather   [options: --days N --city NAME]")
    #expect(session.shell.tab(at: 1)?.stack.first?.parameters == ["days": "3", "city": "Oslo"])
    // The type is registered now: a wrong value is an error of the script, before anything runs.
    let wrong = session.run("add-tab weather --days x")
    #expect(wrong.status == 2)
    #expect(
      wrong.err == [
        "t:1:24: error: option '--days' of screen type 'weather' must be a whole number, not 'x'\n"
      ])
    #expect(session.shell.tabCount == 1)
  }
}
