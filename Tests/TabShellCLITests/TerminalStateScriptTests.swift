import Foundation
import Testing

/// `state --script` writes terminal tabs as the commands that make them again (docs/Contract.md,
/// "State as a script"): the program and its arguments after `--`, the folder its program started
/// in as an absolute path (a relative `--cwd` resolved, the shell's folder for none), the lines
/// kept; run in a shell in another folder, the programs start again the same.
@Suite(.serialized) struct TerminalStateScriptTests {
  typealias Harness = TerminalTabTests.Harness

  @Test func terminalTabsMadeAgainFromTheScriptRunTheSameProgramsInTheSameFolders() throws {
    let first = Harness(directory: "/usr")
    let program = #"pwd; printf "<%s>" "$$0" "$$1"; echo; sleep 30"#
    #expect(
      first.run("add-tab terminal --id a --cwd share --scrollback 50 -- sh -c '\(program)' 'x y' z")
    )
    #expect(first.run("add-tab terminal --id b --title B --cwd / -- sh -c '\(program)' one"))
    #expect(first.run("tab b; push terminal --id c --hides-bar -- sh -c '\(program)' pushed"))
    #expect(first.wait(for: "<z>", in: "a").hasPrefix("/usr/share\n<x y><z>"))
    #expect(first.wait(for: "<pushed>", in: "c").hasPrefix("/usr\n<pushed>"))
    first.sink.output = ""
    #expect(first.run("state --script"))
    let script = first.sink.output
    #expect(
      script.contains(
        #"add-tab terminal --id a --param cwd=/usr/share --param scrollback=50 -- sh -c "#))
    #expect(script.contains(#"push terminal --id c --param cwd=/usr --hides-bar -- sh -c "#))
    #expect(!script.contains("program=") && !script.contains("arg1="))
    first.sink.output = ""
    #expect(first.run("state --json"))
    let state = first.sink.output

    // Another shell, in another folder, runs the script: the same state, the same programs.
    let second = Harness(directory: "/")
    #expect(second.run(script))
    #expect(second.wait(for: "<z>", in: "a").hasPrefix("/usr/share\n<x y><z>"))
    #expect(second.wait(for: "<one>", in: "b").hasPrefix("/\n<one>"))
    #expect(second.wait(for: "<pushed>", in: "c").hasPrefix("/usr\n<pushed>"))
    second.sink.output = ""
    #expect(second.run("state --json"))
    // Whether a tab is marked for activity depends on whether its program's first output came
    // before or after another tab was selected, in either shell: not compared.
    let ours = try #require(Self.withoutActivity(second.sink.output))
    let theirs = try #require(Self.withoutActivity(state))
    #expect(ours == theirs, "\(second.sink.output) ≠ \(state)")
  }

  /// A state's JSON with every `activity` mark left out.
  static func withoutActivity(_ json: String) -> NSObject? {
    func strip(_ value: Any) -> Any {
      if let object = value as? [String: Any] {
        return object.filter { $0.key != "activity" }.mapValues(strip)
      }
      if let array = value as? [Any] { return array.map(strip) }
      return value
    }
    guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return nil }
    return strip(value) as? NSObject
  }
}
