@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// `help NAME` is generated from the declaration.
@Suite struct HelpTests {
  final class Quiet: Screen {
    var title: String { "Quiet" }
  }

  /// A parameter declared without an abstract (as a process plugin may) is listed by its name
  /// alone: no line of the help ends with a blank.
  @Test func aParameterWithNoAbstractLeavesNoTrailingBlanks() {
    let command = ScreenCommand(
      "hush", of: Quiet.self,
      parameters: [
        CommandArgument("N", .integer), CommandOption(flag: "--all"),
        CommandOption("--level", .integer, valueName: "N", abstract: "how quiet"),
      ], abstract: "be quiet"
    ) { _, _ in }
    let lines = Help.describe(Declaration(screenCommand: command))
    #expect(lines.contains("  --all"))
    #expect(lines.contains("  --level N  how quiet"))
    #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "\(lines)")
  }
}
