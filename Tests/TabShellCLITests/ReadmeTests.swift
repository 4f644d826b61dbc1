import Foundation
import Testing

/// The README shows what TabShell does: its tour is `Tests/Transcripts/tour.tabsh`, which the
/// transcript tests run, and each frame it shows after a `tabshell -c '…'` is what that command
/// prints. A README edited alone, or a change in the output, fails here.
@Suite struct ReadmeTests {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static func readme() throws -> String {
    try String(contentsOfFile: root + "/README.md", encoding: .utf8)
  }

  /// The fenced blocks of `text` (without their fences), each with the paragraph before it.
  static func blocks(of text: String) -> [(before: String, body: String)] {
    var blocks: [(String, String)] = []
    var paragraph: [Substring] = []
    var previous: [Substring] = []
    var body: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = body {
          blocks.append((previous.joined(separator: " "), lines.map { $0 + "\n" }.joined()))
          body = nil
        } else {
          body = []
          if !paragraph.isEmpty { previous = paragraph }
        }
        paragraph = []
      } else if body != nil {
        body?.append(line)
      } else if line.isEmpty {
        if !paragraph.isEmpty { previous = paragraph }
        paragraph = []
      } else {
        paragraph.append(line)
      }
    }
    return blocks
  }

  @Test func theTourIsTheTranscriptThatRuns() throws {
    let readme = try Self.readme()
    let tour = try #require(readme.range(of: "## A tour"))
    let block = try #require(Self.blocks(of: String(readme[tour.upperBound...])).first)
    let script = try String(
      contentsOfFile: Self.root + "/Tests/Transcripts/tour.tabsh", encoding: .utf8)
    #expect(block.body == script, "README's tour and Tests/Transcripts/tour.tabsh differ")
    // It runs to its end: `exit 3`, its last line, is its status.
    let run = runInProcess(["tour.tabsh"], directory: Self.root + "/Tests/Transcripts")
    #expect(run.stderr == "")
    #expect(run.status == 3)
  }

  /// The README's test of a curses menu is examples/curses-menu.tabsh without its comments (the
  /// examples run in scripts/test).
  @Test func theCursesMenuTestIsTheExample() throws {
    let readme = try Self.readme()
    let section = try #require(readme.range(of: "## Testing terminal programs"))
    let block = try #require(Self.blocks(of: String(readme[section.upperBound...])).first)
    let example = try String(
      contentsOfFile: Self.root + "/examples/curses-menu.tabsh", encoding: .utf8)
    let commands = example.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(block.body == commands.map { $0 + "\n" }.joined())
  }

  @Test func everyFrameIsWhatItsCommandPrints() throws {
    let pattern = /`tabshell -c '([^']*)'`:$/
    var checked = 0
    for block in Self.blocks(of: try Self.readme()) {
      guard let match = block.before.firstMatch(of: pattern) else { continue }
      let commands = String(match.1)
      #expect(commands.hasPrefix("size "), "the frame of '\(commands)' does not say its size")
      let run = runInProcess(["-c", commands])
      #expect(run.status == 0)
      #expect(run.stdout == block.body, "the README's frame of '\(commands)'")
      checked += 1
    }
    #expect(checked >= 4)
  }

  /// A list of keys (the screen focus's, in "Terminal tabs") is what the `keys` commands its
  /// paragraph names print: the key table, not a copy of it.
  @Test func everyListOfKeysIsTheKeyTable() throws {
    let pattern = /`tabshell -c '(keys [^']*)'`/
    var checked = 0
    for block in Self.blocks(of: try Self.readme()) {
      guard let match = block.before.firstMatch(of: pattern) else { continue }
      let run = runInProcess(["-c", String(match.1)])
      #expect(run.status == 0)
      #expect(run.stdout == block.body, "the README's keys of '\(match.1)'")
      checked += 1
    }
    #expect(checked >= 1)
  }
}
