import TabShellRendering
import Testing

@testable import TabShellHost
@testable import TabShellLanguage
@testable import TabShellLoader
@testable import TabShellTestRunner

/// Messages a new user meets: each says what is wrong, where, and what would be right.
@Suite struct MessageTests {
  @Test(arguments: [
    ("layout swipeable; tab musci", "-c:1:19: error: no tab 'musci'; did you mean 'music'?"),
    ("layout swipeable; close-tab Satr", "-c:1:19: error: no tab 'Satr'; did you mean 'star'?"),
    (
      "layout foo",
      "-c:1:1: error: unknown layout 'foo'; the layouts are demo, lifecycle, profile, swipeable, xianyu"
    ),
    ("layout xianyo", "-c:1:1: error: unknown layout 'xianyo'; did you mean 'xianyu'?"),
    ("expect bar invisible", "-c:1:12: error: STATE must be one of hidden, shown, not 'invisible'"),
    ("exit 256", "-c:1:6: error: N must be from 0 to 255, not '256'"),
    (
      "add-tab foo",
      "-c:1:1: error: unknown screen type 'foo'; the screen types are logger, page, post, terminal, text, ticker"
    ),
  ])
  func saysWhatIsWrongAndWhere(script: String, message: String) {
    let result = runInProcess(["-c", script])
    #expect(result.stderr == message + "\n")
  }

  /// A message's own line feeds (a plugin's words, a path) cannot open a line that passes for a
  /// message of its own: every line after the first is indented, which `tabshell test` reads as
  /// the first one's details, not as another failure.
  @Test func aLineFeedInAMessageCannotForgeAnotherDiagnostic() {
    let forged = "boom\nt.tabsh:9:9: error: forged\n\terror: forged too\n\u{1B}]52;c;eA==\u{7}"
    let diagnostic = Diagnostic(
      file: "t.tabsh", location: SourceLocation(line: 1, column: 2), error: .failed(forged))
    #expect(
      diagnostic.description
        == "t.tabsh:1:2: error: boom\n  t.tabsh:9:9: error: forged\n  \terror: forged too\n"
        + "  \\u{1B}]52;c;eA==\\u{7}")
    // `tabshell test` gets the diagnostic as data, and shows its message's other lines as its
    // details.
    let script = TestScript(path: "t.tabsh", folder: ".", name: "t.tabsh")
    var run = ChildRun(ending: .exited(1))
    run.errors = [
      ReportedError(
        file: "t.tabsh", line: 1, column: 2, message: Renderer.message("\(diagnostic.error)"))
    ]
    let failures = TestVerdict.failures(from: run, of: script)
    #expect(failures.map(\.place) == ["t.tabsh:1:2"])
    #expect(failures.first?.details.count == 3)
    #expect(
      Diagnostic(file: nil, location: .init(line: 1, column: 1), error: .failed(forged))
        .description.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("  ") })
  }

  /// A path with control characters and a line feed, in a load error and in `reload`'s messages,
  /// is written out: no escape reaches the terminal, no line passes for a message.
  @Test func aPathInALoadErrorIsWrittenOut() {
    let path = "/nonexistent/a\nt.tabsh:1:1: error: forged\u{1B}[2J\u{7}.so"
    let result = runInProcess(["--plugin", path, "-c", "echo x"])
    #expect(result.status == 1)
    #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    let load = PluginLoadError.notFound(path: path)
    #expect(!load.description.unicodeScalars.contains { $0.value < 0x20 })
    for error in [
      PluginReloadError.unchanged("p", path: path), .renamed("p", path: path, newName: "q"),
      .loadFailed(load),
    ] {
      #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "\(error)")
    }
  }
}
