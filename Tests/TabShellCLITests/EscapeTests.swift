import Foundation
import Testing

/// Text from a script, a user or a plugin never carries an escape sequence to the terminal: control
/// characters (C0, ESC, DEL, C1) in messages, echo, traces and JSON are shown, not sent.
@Suite struct EscapeTests {
  /// An OSC sequence that sets a terminal's window title.
  static let osc = "\u{1B}]0;pwned\u{07}"
  /// The 8-bit control sequence introducer (C1) and DEL.
  static let c1 = "\u{9B}31m\u{7F}"

  /// Whether `text` holds a control character other than a line feed.
  func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
  }

  @Test func errorMessagesShowControlCharacters() {
    let script = """
      add-tab text --id a --title '\(Self.osc)'
      expect title a '\(Self.c1)'
      tab '\(Self.osc)x'
      """
    let result = runInProcess(["--keep-going", "-c", script])
    #expect(result.status == 1)
    #expect(!hasControl(result.stderr), "\(result.stderr.debugDescription)")
    #expect(
      result.stderr == """
        -c:2:1: error: expect failed: title of tab 'a' (1) is '\\u{1B}]0;pwned\\u{7}', expected '\\u{9B}31m\\u{7F}'
        -c:3:1: error: no tab '\\u{1B}]0;pwned\\u{7}x'; did you mean '\\u{1B}]0;pwned\\u{7}'?

        """)
  }

  /// A line feed in a word of a message is written out too: it cannot start a line of its own
  /// (one that a tool reading errors, such as the test runner, would take for another error).
  @Test func aMessageIsOneLineWhateverItsWordsHold() {
    let forged = "x\nfoo.tabsh:9:1: error: forged"
    let script = """
      add-tab text --id a --title "\(forged.replacing("\n", with: "\\n"))"
      expect title a "y\\nz"
      tab "q\(forged.replacing("\n", with: "\\n"))"
      """
    let result = runInProcess(["--keep-going", "-c", script])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        -c:2:1: error: expect failed: title of tab 'a' (1) is 'x\\u{A}foo.tabsh:9:1: error: forged', expected 'y\\u{A}z'
        -c:3:1: error: no tab 'qx\\u{A}foo.tabsh:9:1: error: forged'; did you mean 'x\\u{A}foo.tabsh:9:1: error: forged'?

        """)
  }

  @Test func echoAndTracesShowThemButKeepLines() {
    let script = """
      echo "one\\ntwo" '\(Self.osc)'
      add-tab logger --id l --title '\(Self.c1)'
      trace on
      tab l
      trace json
      rename-tab l '\(Self.osc)'
      state --json
      """
    let result = runInProcess(["-c", script])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!hasControl(result.stdout), "\(result.stdout.debugDescription)")
    #expect(result.stdout.hasPrefix("one\ntwo \\u{1B}]0;pwned\\u{7}\n"))
    // The title is kept with its controls written out (the core's one rule for titles).
    #expect(result.stdout.contains(#""title":"\\u{1B}]0;pwned\\u{7}""#))
  }

  /// A bidirectional control (here a right-to-left override, an isolate and a mark) would reorder
  /// what a terminal shows after it: messages and `echo` write it out as they write out other
  /// controls, and so does a title (kept so by the core's rule); the bar, `tabs` and frames leave
  /// one out elsewhere (here in a badge: it takes no column).
  @Test func bidirectionalControlsAreWrittenOutOrLeftOut() {
    func hasBidi(_ text: String) -> Bool {
      text.unicodeScalars.contains {
        [0x61C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
    }
    let script = """
      add-tab text --id a --title 'x\u{202E}yz\u{2066}'
      badge a 'b\u{202E}c'
      echo 'e\u{202E}cho\u{61C}'
      tabs
      show
      tab 'q\u{200F}'
      """
    let result = runInProcess(["--keep-going", "-c", script])
    #expect(result.status == 1)
    #expect(!hasBidi(result.stdout), "\(result.stdout.debugDescription)")
    #expect(!hasBidi(result.stderr), "\(result.stderr.debugDescription)")
    #expect(result.stdout.hasPrefix(#"e\u{202E}cho\u{61C}"# + "\n"))
    #expect(result.stdout.contains(#"*  1  a   x\u{202E}yz\u{2066}  text  bc "#))
    #expect(result.stdout.contains(#"[1 x\u{202E}yz\u{2066}"#))
    #expect(result.stderr.contains(#"no tab 'q\u{200F}'"#))
  }

  @Test func aFileNameIsShownToo() throws {
    let directory = NSTemporaryDirectory() + "tabshell-escape-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = "x\(Self.osc).tabsh"
    try "tabb\n".write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    let result = runInProcess([name], directory: directory)
    #expect(result.status == 2)
    #expect(!hasControl(result.stderr), "\(result.stderr.debugDescription)")
  }
}
