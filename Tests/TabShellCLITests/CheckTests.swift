import Foundation
import Testing

/// `expect visible`, `expect modal`, `expect output`, `expect frame`, `--summary` and `require`,
/// through the command line in process.
@Suite struct CheckTests {
  /// A fresh folder with these files; removed after `body`.
  func withFolder(_ files: [String: String] = [:], _ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tabshell-checks-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (name, text) in files {
      try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    try body(folder)
  }

  /// Commands, and the stderr and status they give.
  static let checks: [(String, String, Int32)] = [
    ("add-tab text --id a; push text --id b; expect visible b", "", 0),
    (
      "add-tab text --id a; expect visible b",
      "-c:1:22: error: expect failed: visible screen is 'a' (text), expected 'b'\n", 1
    ),
    ("expect visible b", "-c:1:1: error: expect failed: no screen is visible, expected 'b'\n", 1),
    ("add-tab text; expect modal none; present text --id m; expect modal m", "", 0),
    (
      "add-tab text; present text --id m; expect modal none",
      "-c:1:36: error: expect failed: presented screen is 'm', expected none\n", 1
    ),
    // The output of the command before, checks aside, with what its hooks printed.
    ("layout demo; show; expect selected home; expect output Welcome; expect output Feed", "", 0),
    (
      "add-tab text --id a; add-tab text --id b; on did-select echo hook $id; tab b; expect output 'hook b'",
      "", 0
    ),
    ("echo one; echo two; expect output two", "", 0),
    (
      "echo one; echo two; expect output one",
      "-c:1:21: error: expect failed: output of the command before does not contain 'one'; it was 1 line:\n  | two\n",
      1
    ),
    (
      "add-tab text; expect output x",
      "-c:1:15: error: expect failed: output of the command before does not contain 'x'; it was empty\n",
      1
    ),
    (
      "expect output x",
      "-c:1:1: error: expect failed: no command before this one printed anything, expected output with 'x'\n",
      1
    ),
    (
      "echo \"a\u{1B}[31mb\"; expect output zz",
      "-c:1:17: error: expect failed: output of the command before does not contain 'zz'; it was 1 line:\n  | a\\u{1B}[31mb\n",
      1
    ),
  ]

  @Test(arguments: checks)
  func checksSayWhatWasExpectedAndWhatIs(commands: String, stderr: String, status: Int32) {
    let result = runInProcess(["-c", commands])
    #expect(result.stderr == stderr)
    #expect(result.status == status)
  }

  @Test func theOutputOfASourcedFileIsTheSourceCommands() throws {
    try withFolder(["lib.tabsh": "echo from lib\nadd-tab text\necho last\n"]) { folder in
      let result = runInProcess(
        ["-c", "source lib.tabsh; expect output 'from lib'; expect output last"], directory: folder)
      #expect(result.stderr == "")
      #expect(result.status == 0)
    }
  }

  @Test func theSummaryCountsTheExpects() {
    let commands = "add-tab text; expect tabs 1; expect tabs 2; expect bar shown"
    let result = runInProcess(["--summary", "--keep-going", "-c", commands])
    #expect(
      result.stderr
        == "-c:1:30: error: expect failed: there is 1 tab, expected 2\n2 expects passed, 1 failed\n"
    )
    #expect(runInProcess(["--summary", "-c", "add-tab text"]).stderr == "")
    #expect(runInProcess(["-c", "expect tabs 0"]).stderr == "")
  }

  @Test func aFrameIsComparedWithItsSnapshotWhichUpdateSnapshotsWrites() throws {
    try withFolder(["t.tabsh": "layout swipeable\nexpect frame snaps/play.txt\n"]) { folder in
      let missing = runInProcess(["--width", "20", "t.tabsh"], directory: folder)
      #expect(
        missing.stderr
          == "t.tabsh:2:1: error: expect failed: snapshot 'snaps/play.txt' does not exist; run with"
          + " --update-snapshots to write it (tabshell --update-snapshots SCRIPT, or tabshell test"
          + " --update-snapshots)\n")
      #expect(missing.status == 1)
      let written = runInProcess(
        ["--width", "20", "--update-snapshots", "t.tabsh"], directory: folder)
      #expect(written.stderr == "")
      #expect(written.status == 0)
      let snapshot = try String(contentsOfFile: folder + "/snaps/play.txt", encoding: .utf8)
      #expect(snapshot == runInProcess(["--width", "20", "-c", "layout swipeable; show"]).stdout)
      #expect(runInProcess(["--width", "20", "t.tabsh"], directory: folder).status == 0)
      // Another frame: the first lines that differ, expected and actual.
      let other = runInProcess(
        ["--width", "20", "-c", "layout swipeable; swipe left; expect frame snaps/play.txt"],
        directory: folder)
      #expect(other.status == 1)
      let lines = other.stderr.split(separator: "\n")
      #expect(
        lines.first
          == "-c:1:31: error: expect failed: frame differs from snapshot 'snaps/play.txt' at line 1"
      )
      #expect(lines.count == 10)
      #expect(lines[1] == "  expected:")
      #expect(lines[2].hasPrefix("    1 | ") && lines[2].contains("Play"))
      #expect(lines[5] == "  actual:")
      #expect(lines[6].hasPrefix("    1 | ") && lines[6].contains("Star"))
      #expect(lines[9] == "  (tabshell --update-snapshots writes the frame as the new snapshot)")
    }
  }

  @Test func aFrameIsComparedWithoutColour() throws {
    try withFolder { folder in
      let plain = runInProcess(["--width", "30", "-c", "layout xianyu; show"]).stdout
      try plain.write(toFile: folder + "/x.txt", atomically: true, encoding: .utf8)
      let context = runInProcess(
        ["--width", "30", "-c", "layout xianyu; expect frame x.txt"], directory: folder,
        environment: ["HOME": "/proc/nonexistent", "COLORTERM": "truecolor"], stdoutIsTerminal: true
      )
      #expect(context.stderr == "")
      #expect(context.status == 0)
      let coloured = runInProcess(
        ["--width", "30", "-c", "layout xianyu; show"],
        environment: ["HOME": "/proc/nonexistent", "COLORTERM": "truecolor"], stdoutIsTerminal: true
      )
      #expect(coloured.stdout.contains("\u{1B}["))
    }
  }

  @Test func requireSaysWhatIsMissingInsteadOfACascade() {
    let result = runInProcess(
      ["--keep-going", "-c", "require screen text\nrequire plugin todo\ntodo-add milk\necho no"])
    #expect(
      result.stderr
        == "-c:2:1: error: this script needs plugin 'todo': load it with --plugin PATH\n")
    #expect(result.stdout == "")
    #expect(result.status == 1)
    let screen = runInProcess(["-c", "require screen note; note-edit"])
    #expect(
      screen.stderr
        == "-c:1:1: error: this script needs screen type 'note': load the plugin that provides it"
        + " with --plugin PATH\n")
    #expect(runInProcess(["-c", "require plugin builtin; require screen page"]).status == 0)
  }
}
