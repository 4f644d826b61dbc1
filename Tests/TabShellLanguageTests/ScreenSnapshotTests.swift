import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@testable import TabShellLanguage

/// `expect screen [--to ID] --snapshot NAME` (docs/Contract.md, "Pictures, recordings,
/// locators"): written on a first run, compared after, written again with --update-snapshots; a
/// difference shown cell by cell.
@Suite struct ScreenSnapshotTests {
  static let written = """
    screen 40x6
    cursor 2 4
    text
    |Menu: [ OK ] [Cancel]
    |字 wide
    |
    |
    |
    |
    styles
    a fg 2, bg default, bold
    b fg default, bg 1
    |      aaaaaa bbbbbbbb
    |
    |
    |
    |
    |

    """

  @Test func aFirstRunWritesTheSnapshotAndLaterRunsCompare() throws {
    let run = try PictureRun()
    let script = "add-tab paint --id p\nexpect screen --snapshot snaps/p.screen\n"
    #expect(run.script(script) == .success, "\(run.reported)")
    #expect(try run.file("snaps/p.screen") == Self.written)
    #expect(run.script("expect screen --snapshot snaps/p.screen") == .success, "\(run.reported)")
    #expect(run.interpreter.checks.passed == 2)
  }

  @Test func aDifferenceIsShownCellByCell() throws {
    let run = try PictureRun()
    try FileManager.default.createDirectory(
      atPath: run.folder + "/snaps", withIntermediateDirectories: true)
    let changed = Self.written.replacingOccurrences(of: "a fg 2, bg default, bold", with: "a fg 3")
      .replacingOccurrences(of: "cursor 2 4", with: "cursor hidden")
      .replacingOccurrences(of: "|字 wide", with: "|字 wild")
    try changed.write(toFile: run.folder + "/snaps/p.screen", atomically: true, encoding: .utf8)
    #expect(run.script("add-tab paint --id p\nexpect screen --snapshot snaps/p.screen") == .failure)
    var lines = [
      "s.tabsh:2:1: error: expect failed: screen 'p' differs from snapshot 'snaps/p.screen': the "
        + "cursor is row 2 column 4, expected hidden"
    ]
    for column in 7...12 {
      let character = Array("[ OK ]")[column - 7]
      lines.append(
        "  row 1 column \(column): expected '\(character)' (fg 3), got '\(character)' (fg 2, bg "
          + "default, bold)")
    }
    lines += [
      "  row 2 column 6: expected 'l' (fg default, bg default), got 'd' (fg default, bg default)",
      "  row 2 column 7: expected 'd' (fg default, bg default), got 'e' (fg default, bg default)",
      "  (tabshell --update-snapshots writes the screen as the new snapshot)",
    ]
    #expect(run.reported == [lines.joined(separator: "\n")])
    run.reported = []
    run.interpreter.checks.updateSnapshots = true
    #expect(
      run.script("add-tab paint --id q\nexpect screen --to q --snapshot snaps/p.screen") == .success
    )
    #expect(try run.file("snaps/p.screen") == Self.written)
  }

  @Test func aFileThatIsNoSnapshotOrNoNameAreErrors() throws {
    let run = try PictureRun()
    try "hello\n".write(toFile: run.folder + "/x.screen", atomically: true, encoding: .utf8)
    #expect(run.script("add-tab paint\nexpect screen --snapshot x.screen") == .failure)
    #expect(
      run.reported == [
        "s.tabsh:2:1: error: expect failed: 'x.screen' is not a screen snapshot (tabshell "
          + "--update-snapshots writes it again)"
      ])
    run.reported = []
    #expect(run.script("expect screen") == .syntaxError)
    #expect(run.reported == ["s.tabsh:1:1: error: 'expect screen' needs --snapshot NAME"])
  }

  @Test func aScreenOfAnotherSizeSaysBoth() throws {
    let run = try PictureRun()
    #expect(run.script("add-tab paint --id p\nexpect screen --snapshot s.screen") == .success)
    #expect(run.script("size 30 10\nexpect screen --snapshot s.screen") == .failure)
    #expect(
      run.reported.first?.hasSuffix(
        "differs from snapshot 's.screen': the screen is 30x6, expected 40x6\n  (tabshell "
          + "--update-snapshots writes the screen as the new snapshot)") == true, "\(run.reported)")
  }
}
