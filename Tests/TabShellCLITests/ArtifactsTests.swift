import Foundation
import Testing

/// `tabshell --artifacts DIR SCRIPT` (what `tabshell test --artifacts` gives each script) and
/// `--cast`'s place (docs/Contract.md, "The test runner", "Pictures, recordings, locators").
@Suite struct ArtifactsTests {
  /// A folder with `s.tabsh` holding `script`.
  func folder(_ script: String) throws -> String {
    let folder = NSTemporaryDirectory() + "tabshell-artifacts-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try script.write(toFile: folder + "/s.tabsh", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func aFailingScriptLeavesItsPicturesTerminalsAndRecording() throws {
    let folder = try folder(
      """
      size 40 10
      add-tab terminal --id sh -- sh -c 'seq 1 250; echo last; sleep 9'
      add-tab text --id plain
      wait-for --to sh last
      expect tabs 3
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = runInProcess(["--artifacts", "out/s", "s.tabsh"], directory: folder)
    #expect(run.status == 1)
    let kept = folder + "/out/s"
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: kept).sorted() == [
        "run.cast", "screen.svg", "screen.txt", "sh.scrollback.txt", "sh.txt",
      ])
    let history = try String(contentsOfFile: kept + "/sh.scrollback.txt", encoding: .utf8)
    // The region is 6 rows: of the 252 lines (the last one empty, the cursor's), 246 scrolled
    // off; the last 200 of those are kept.
    #expect(history == (47...246).map { "\($0)\n" }.joined())
    #expect(
      try String(contentsOfFile: kept + "/sh.txt", encoding: .utf8)
        == "247\n248\n249\n250\nlast\n\n")
    // The run's recording starts before its `size`, at 80 × 24, which it records as a resize.
    let cast = try String(contentsOfFile: kept + "/run.cast", encoding: .utf8)
    #expect(cast.hasPrefix("{\"version\":2,\"width\":80,\"height\":24,"))
    #expect(cast.contains(", \"r\", \"40x10\"]\n"))
  }

  @Test func aScriptThatPassesLeavesNothingNotEvenAnEarlierTrysFiles() throws {
    let folder = try folder("add-tab text\nexpect tabs 1\n")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/out", withIntermediateDirectories: true)
    try "old".write(toFile: folder + "/out/screen.svg", atomically: true, encoding: .utf8)
    let run = runInProcess(["--artifacts", "out", "s.tabsh"], directory: folder)
    #expect(run.status == 0 && run.stderr == "")
    #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
  }

  @Test func castRecordsTheFullScreenModeOnly() {
    let run = runInProcess(["--cast", "x.cast", "-c", "echo hi"])
    #expect(run.status == 2)
    #expect(run.stderr == "error: --cast records the full-screen mode: it works with --tui only\n")
  }
}
