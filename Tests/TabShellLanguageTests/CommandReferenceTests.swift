import Foundation
import TestSupport
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
      try Self.record(generated, to: Self.path)
      return
    }
    let checkedIn = try String(contentsOfFile: Self.path, encoding: .utf8)
    #expect(checkedIn == generated, "docs/Commands.md is out of date: re-record it")
    for command in CommandTable.standard.families.flatMap(\.commands) {
      #expect(checkedIn.contains("### `\(command.name)`"))
    }
  }

  /// Re-records the reference, on purpose only. Never a pass: what was recorded was not checked.
  static func record(
    _ generated: String, to path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    try generated.write(toFile: path, atomically: true, encoding: .utf8)
    Issue.record(
      "\(RecordRun.message(path, variable: "TABSHELL_RECORD_REFERENCE"))",
      sourceLocation: sourceLocation)
  }

  @Test func aRecordRunWritesTheReferenceAndFails() throws {
    let path = NSTemporaryDirectory() + "tabshell-reference-\(UUID().uuidString).md"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try withKnownIssue("a record run fails, saying it recorded") {
      try Self.record("# Commands\n", to: path)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("recorded \(path) ") }
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Commands\n")
  }
}
