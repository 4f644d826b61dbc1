import Foundation
import Testing

/// A terminal tab's program starts at the size of the region its tab will have (docs/Contract.md,
/// "Terminal tabs"), not at the one laid out before the tab was there: no SIGWINCH right after.
@Suite(.serialized) struct TerminalStartSizeTests {
  typealias Harness = TerminalTabTests.Harness

  /// Adds the terminal tab `id` whose program's first act is `stty size` (into a file, the tab
  /// never drawn: drawing it would resize it); what that printed.
  static func startSize(_ shell: Harness, _ id: String) throws -> String {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-start-size-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(shell.run("add-tab terminal --id \(id) -- sh -c 'stty size > \(file); sleep 5'"))
    var text = ""
    shell.wait(seconds: 5) {
      text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      return text.hasSuffix("\n")
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The first tab brings the bar: at 60 × 12 its region is 8 rows (12 less the bar's 3 and the
  /// header's), not 11; a second tab's is the same; with the bar hidden, 11.
  @Test func aProgramStartsAtItsTabsRegion() throws {
    let shell = Harness()
    defer { shell.interpreter.endBackgroundSources() }
    #expect(shell.run("size 60 12"))
    #expect(try Self.startSize(shell, "a") == "8 60")
    #expect(try Self.startSize(shell, "b") == "8 60")
    #expect(shell.run("toggle-bar"))
    #expect(try Self.startSize(shell, "c") == "11 60")
  }
}
