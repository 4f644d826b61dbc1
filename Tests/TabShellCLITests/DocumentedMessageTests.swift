import Foundation
import Testing

/// What docs/Contract.md and the README say a run prints, read from the documents themselves and
/// checked against a run: a message changed in the code, or in the docs alone, fails here.
@Suite struct DocumentedMessageTests {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The text between backquotes in `document` (one line, unwrapped) that starts with `prefix`.
  static func quoted(
    _ prefix: String, in document: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
      .replacingOccurrences(of: "\n  ", with: " ").replacingOccurrences(of: "\n", with: " ")
    let found = text.components(separatedBy: "`").first { $0.hasPrefix(prefix) }
    return try #require(found, "no `\(prefix)…` in \(document)", sourceLocation: sourceLocation)
  }

  /// A folder with the file `s.tabsh` holding `bytes`.
  func folder(holding bytes: [UInt8]) throws -> String {
    let directory = NSTemporaryDirectory() + "tabshell-docs-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: directory + "/s.tabsh"))
    return directory
  }

  @Test(arguments: [("plugin", "NAME"), ("screen", "TYPE")])
  func requireSaysWhatTheContractSays(check: String, placeholder: String) throws {
    let needs = "this script needs \(check == "plugin" ? "plugin" : "screen type") '\(placeholder)'"
    let message = try Self.quoted(needs, in: "docs/Contract.md")
      .replacingOccurrences(of: placeholder, with: "nope")
    let run = runInProcess(["-c", "require \(check) nope"])
    #expect(run.status == 1)
    #expect(run.stderr == "-c:1:1: error: \(message)\n")
  }

  @Test(arguments: [[], ["--check"]])
  func syntaxErrorsStopAtTheDocumentedLimit(options: [String]) throws {
    let last = try Self.quoted("FILE:LINE:COL: error: too many errors", in: "docs/Contract.md")
    let directory = try folder(holding: Array(String(repeating: "'\n", count: 150).utf8))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = runInProcess(options + ["s.tabsh"], directory: directory)
    let lines = run.stderr.split(separator: "\n")
    #expect(run.status == 2)
    #expect(lines.count == 101)
    #expect(
      lines.last.map(String.init)
        == last.replacingOccurrences(of: "FILE:LINE:COL", with: "s.tabsh:101:1"))
    #expect(lines.first == "s.tabsh:1:1: error: unterminated ' quote")
  }

  @Test func aNulByteIsRefusedWithTheDocumentedWords() throws {
    let documented = try Self.quoted(
      "error: cannot read 'FILE': a NUL byte", in: "docs/Performance.md")
    let directory = try folder(holding: Array("echo a".utf8) + [0] + Array("\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = runInProcess(["s.tabsh"], directory: directory)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == documented.replacingOccurrences(of: "FILE", with: "s.tabsh")
        .replacingOccurrences(of: "line L, column C", with: "line 1, column 7") + "\n")
  }

  @Test func aHookRunawayIsReportedAtItsOn() throws {
    let documented = try Self.quoted("FILE:LINE:COL: error: hooks set off", in: "docs/Contract.md")
    let script = "add-tab text\non tab-added add-tab text\nadd-tab text\necho not reached\n"
    let run = runInProcess(["-c", script])
    #expect(run.status == 1)
    #expect(
      run.stderr == documented.replacingOccurrences(of: "FILE:LINE:COL", with: "-c:2:1") + "\n")
  }

  /// `exit` with no status: 1 after a failed command of the same script, else 0; each line typed
  /// at the prompt is a script of its own (tests/repl checks the prompt).
  @Test func aBareExitAfterAFailure() {
    #expect(runInProcess(["--keep-going", "-c", "tab 9\nexit\necho not reached"]).status == 1)
    #expect(runInProcess(["-c", "echo a\nexit"]).status == 0)
  }

  /// `--width` is the width on a terminal too; without it the terminal's width is.
  @Test func widthFixesTheWidthOnATerminal() {
    func widest(_ run: RunResult) -> Int {
      run.stdout.split(separator: "\n").map(\.count).max() ?? 0
    }
    let fixed = runInProcess(
      ["--width", "30", "-c", "help"], stdoutIsTerminal: true, terminalWidth: 100)
    let followed = runInProcess(["-c", "help"], stdoutIsTerminal: true, terminalWidth: 100)
    #expect(fixed.status == 0 && followed.status == 0)
    #expect(widest(fixed) <= 30)
    #expect(widest(followed) > 30 && widest(followed) <= 100)
  }

  /// `size`'s default width, as docs/Contract.md ("Gestures") and `help size` give it: `--width`,
  /// else the terminal's width, else `$COLUMNS`, else 80.
  @Test func theDefaultWidthOfShow() {
    func widest(_ arguments: [String], columns: String?, terminal: Int?) -> Int {
      var environment = ["HOME": "/proc/nonexistent"]
      environment["COLUMNS"] = columns
      let run = runInProcess(
        arguments + ["-c", "add-tab text; show"], environment: environment,
        stdoutIsTerminal: terminal != nil, terminalWidth: terminal)
      let plain = run.stdout.replacing(/\u{1B}\[[0-9;?]*[a-zA-Z]/, with: "")
      return plain.split(separator: "\n").map(\.count).max() ?? 0
    }
    #expect(widest(["--width", "30"], columns: "50", terminal: 100) == 30)
    #expect(widest([], columns: "50", terminal: 100) == 100)
    #expect(widest([], columns: "50", terminal: nil) == 50)
    #expect(widest([], columns: nil, terminal: nil) == 80)
  }
}
