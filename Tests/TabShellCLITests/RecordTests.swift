import Foundation
@_spi(Host) import TabShellKit
import Testing

@testable import TabShellHost
@testable import TabShellLanguage

/// `record FILE` and `record stop` at the prompt: a script that replays the session.
@Suite struct RecordTests {
  /// A REPL engine on the `demo` layout, writing into `output`, in `folder`.
  final class Prompt {
    let engine: LanguageREPLEngine

    init(folder: String) throws {
      final class Sink {
        var output: [String] = []
        var errors: [String] = []
      }
      let sink = Sink()
      let process = ProcessContext(
        arguments: [], environment: ["HOME": "/proc/nonexistent"], currentDirectory: folder,
        writeOutput: { sink.output.append($0) }, writeError: { sink.errors.append($0) })
      let interpreter = ShellStartup.makeInterpreter(CommandLineOptions(), process)
      try interpreter.shell.apply(layout: "demo")
      engine = LanguageREPLEngine(interpreter: interpreter, flush: {})
      self.sink = sink
    }

    private let sink: AnyObject

    func type(_ lines: [String]) {
      for line in lines { _ = engine.execute(line) }
    }
  }

  func withFolder(_ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tabshell-record-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  @Test func aRecordingReplaysTheSessionToTheSameState() throws {
    try withFolder { folder in
      let prompt = try Prompt(folder: folder)
      prompt.type([
        "present text; dismiss",
        "record flow.tabsh",
        "tab feed",
        "swipe left; tab 99; push text --title 'A b'",
        "push text --title 'it'\"'\"'s $1'",
        "on did-select 'echo selected $id'",
        "bogus words",
        "hide-bar",
        "add-tab text",
        "record stop",
        "tab 1",
      ])
      let recording = try String(contentsOfFile: folder + "/flow.tabsh", encoding: .utf8)
      let lines = recording.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first == "# Recorded by TabShell ('record'): 'tabshell flow.tabsh' replays it.")
      let typed = try #require(lines.firstIndex(of: "# What was typed:"))
      #expect(
        Array(lines[typed...]) == [
          "# What was typed:",
          "tab feed",
          "swipe left",
          "# failed: tab 99",
          "push text --title \"it's $1\"",
          "on did-select 'echo selected $id'",
          "# failed: bogus words",
          "hide-bar",
          "add-tab text",
          "# The final state ('record stop'):",
          "expect tabs 5",
          "expect selected inbox",
          "expect visible text-2",
          "expect badge inbox 3",
          "expect depth inbox 2",
          "expect bar hidden",
          "",
        ])
      // The state it starts from claims the id of the screen presented and dismissed before, so
      // that the screens made after get the same ids.
      #expect(lines.contains("add-tab text --id text; close-tab text"))
      let replay = runInProcess(["flow.tabsh"], directory: folder)
      #expect(replay.stderr == "")
      #expect(replay.status == 0)
      let state = runInProcess(["-c", "source flow.tabsh; state --json"], directory: folder)
      #expect(state.stdout.contains("\"selected\":3"))
      #expect(state.stdout.contains("\"stack\":[\"inbox\",\"text-2\"]"))
      #expect(state.stdout.contains("\"id\":\"text-3\""))
    }
  }

  /// A recording begun with the compact bar starts with `set bar compact`, as `state --script`
  /// writes it: its replay draws the same bar.
  @Test func aRecordingKeepsTheCompactBar() throws {
    try withFolder { folder in
      let prompt = try Prompt(folder: folder)
      prompt.type(["set bar compact", "record bar.tabsh", "tab feed", "record stop"])
      let recording = try String(contentsOfFile: folder + "/bar.tabsh", encoding: .utf8)
      let lines = recording.split(separator: "\n").map(String.init)
      #expect(
        Array(lines.prefix(3).dropFirst()) == [
          "# The state of a TabShell, as the commands that rebuild it (state --script).",
          "set bar compact",
        ])
      let replay = runInProcess(["-c", "source bar.tabsh; state --json"], directory: folder)
      #expect(replay.stdout.contains(#""bar":"compact","#), "\(replay.stdout)")
    }
  }

  @Test func recordWorksAtThePromptOnly() throws {
    try withFolder { folder in
      let inScript = runInProcess(["-c", "record x.tabsh"], directory: folder)
      #expect(
        inScript.stderr
          == "-c:1:1: error: 'record' works at the prompt only: it records what is typed there"
          + " ('tabshell --record FILE' starts the REPL recording)\n")
      let withC = runInProcess(["--record", "x.tabsh", "-c", "echo"], directory: folder)
      #expect(withC.stderr == "error: --record works with the interactive REPL only\n")
      #expect(withC.status == 2)
      let prompt = try Prompt(folder: folder)
      #expect(prompt.engine.execute("record stop") == .proceed)
      prompt.type(["record a.tabsh", "record b.tabsh", "record stop"])
      // A 'record' that fails while recording is written as a failed command, as any other.
      let recording = try String(contentsOfFile: folder + "/a.tabsh", encoding: .utf8)
      #expect(
        recording.hasSuffix(
          "# What was typed:\n# failed: record b.tabsh\n# The final state ('record stop'):\nexpect tabs 4\nexpect selected home\nexpect visible home\nexpect badge inbox 3\nexpect bar shown\n"
        ))
      #expect(!FileManager.default.fileExists(atPath: folder + "/b.tabsh"))
    }
  }

  @Test func expectOutputAtThePromptReadsTheLineTypedBefore() throws {
    try withFolder { folder in
      let prompt = try Prompt(folder: folder)
      prompt.type(["show"])
      #expect(prompt.engine.execute("expect selected home") == .proceed)
      #expect(prompt.engine.interpreter.checks.failed == 0)
      prompt.type(["expect output Welcome", "expect output Feed", "expect output nowhere"])
      #expect(prompt.engine.interpreter.checks.passed == 3)
      #expect(prompt.engine.interpreter.checks.failed == 1)
    }
  }

  /// Gestures typed at the prompt (as the full-screen mode runs the mouse and the keys) are
  /// recorded as the commands they resolved to; a marker's page and `tui` are not recorded.
  @Test func gesturesAreRecordedAsTheCommandsTheyResolvedTo() throws {
    try withFolder { folder in
      let prompt = try Prompt(folder: folder)
      prompt.type([
        "record touch.tabsh", "size 40 12", "click 12 12", "drag 35 5 5 5", "drag 5 5 10 5",
        "key 4", "scroll up 1 12", "click 20 9", "dismiss", "click 41 1", "tui", "record stop",
      ])
      let recording = try String(contentsOfFile: folder + "/touch.tabsh", encoding: .utf8)
      let typed = try #require(recording.range(of: "# What was typed:\n"))
      #expect(
        recording[typed.upperBound...] == """
          size 40 12
          tab feed
          swipe left
          swipe right --cancel
          tab 4
          swipe right
          action
          dismiss
          # The final state ('record stop'):
          expect tabs 4
          expect selected inbox
          expect visible inbox
          expect badge inbox 3
          expect bar shown

          """)
      #expect(runInProcess(["touch.tabsh"], directory: folder).status == 0)
    }
  }

  @Test func aFullScreenModeRecordsTheCommandsItsGesturesResolveTo() throws {
    try withFolder { folder in
      let prompt = try Prompt(folder: folder)
      let interpreter = prompt.engine.interpreter
      try interpreter.startRecording("gestures.tabsh")
      try interpreter.shell.swipe(.left, cancelled: true)
      interpreter.record(commandText: "swipe left --cancel", succeeded: true)
      interpreter.record(commandText: "tab ghost\nand more", succeeded: false)
      try interpreter.stopRecording()
      let recording = try String(contentsOfFile: folder + "/gestures.tabsh", encoding: .utf8)
      #expect(
        recording.hasSuffix(
          """
          # What was typed:
          swipe left --cancel
          # failed: tab ghost and more
          # The final state ('record stop'):
          expect tabs 4
          expect selected home
          expect visible home
          expect badge inbox 3
          expect bar shown

          """))
      #expect(runInProcess(["gestures.tabsh"], directory: folder).status == 0)
    }
  }
}
