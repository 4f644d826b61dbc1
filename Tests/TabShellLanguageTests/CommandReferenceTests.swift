import Foundation
import Testing

@testable import TabShellLanguage

/// `docs/Commands.md` is the command reference generated from the declarations; it must not drift
/// from them. Re-record on purpose with `TABSHELL_RECORD_REFERENCE=1`.
@Suite struct CommandReferenceTests {
  static let path: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path + "/docs/Commands.md"
  }()

  @Test func theCheckedInReferenceIsGeneratedFromTheDeclarations() throws {
    let generated = Help.reference()
    if ProcessInfo.processInfo.environment["TABSHELL_RECORD_REFERENCE"] == "1" {
      try generated.write(toFile: Self.path, atomically: true, encoding: .utf8)
    }
    let checkedIn = try String(contentsOfFile: Self.path, encoding: .utf8)
    #expect(checkedIn == generated, "docs/Commands.md is out of date: re-record it")
    for command in CommandTable.standard.families.flatMap(\.commands) {
      #expect(checkedIn.contains("### `\(command.name)`"))
    }
  }
}
