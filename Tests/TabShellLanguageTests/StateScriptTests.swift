import BuiltinScreens
import Foundation
@_spi(Host) import TabShellKit
import TestSupport
import Testing

@testable import TabShellLanguage

/// An interpreter on a shell with the built-in plugin, its output and errors kept.
final class Session {
  final class Sink {
    var output: [String] = []
    var errors: [String] = []
  }

  let sink = Sink()
  let interpreter: Interpreter

  init() {
    let shell = Shell()
    try? shell.register(BuiltinPlugin(), source: "built-in")
    let sink = sink
    interpreter = Interpreter(
      shell: shell, currentDirectory: "/", output: { sink.output.append($0) },
      report: { sink.errors.append($0.description) })
  }

  /// A session with `plugin` too.
  convenience init(with plugin: any TabShellPlugin) throws {
    self.init()
    try interpreter.shell.register(plugin, source: "tests")
  }

  /// Runs a script; returns how it ended.
  @discardableResult
  func run(_ text: String, file: String? = "t.tabsh") -> Interpreter.Outcome {
    interpreter.run(interpreter.parse(text, file: file))
  }

  /// Runs a script and returns what it printed.
  func output(of text: String) -> [String] {
    sink.output.removeAll()
    run(text)
    return sink.output
  }

  /// `state --json` without the `loaded` flags.
  var state: String {
    ((try? JSONText.state(interpreter.shell.state)) ?? "not encoded").replacingOccurrences(
      of: #""loaded":(true|false),"#, with: "", options: .regularExpression)
  }
}

/// `state --script` writes the state as commands that rebuild it, each word quoted so that it is
/// read back as itself.
@Suite struct StateScriptTests {
  static let words = [
    "plain", "", "two words", "it's", "say \"hi\"", "a;b", "#hash", "a#b", "$1 $# $@ $$ $tab $id",
    "$", "back\\slash", "line\nbreak", "tab\there", "--title", "-", "2", "首页 ✉", "\u{1B}[31mred",
    "'", "\"", "\\", "\\n", "end\\", "carriage\rreturn", " lead", "trail ",
    "\\u{1B}", "\u{1B}]52;c;aGk=\u{7}", "\u{9B}\u{7F}", "\\u{41", "\\u{110000}",
    "a\u{202E}b", "\u{2066}x\u{2069}\u{200F}\u{61C}",
  ]

  /// A bidirectional control, which would reorder what the terminal shows after it, is written
  /// out as a control character is, in double quotes (and read back as itself, above).
  @Test func aBidirectionalControlIsWrittenOut() {
    #expect(ScriptWords.quote("a\u{202E}b") == #""a\u{202E}b""#)
    #expect(ScriptWords.quote("\u{200E}") == #""\u{200E}""#)
  }

  /// Every word, quoted and parsed back (with script arguments that `$1` would take), is itself.
  @Test(arguments: words)
  func aQuotedWordIsReadBackAsItself(word: String) throws {
    var parser = Parser(table: .standard, screenCommands: [])
    parser.substitution.arguments = ["ARGUMENT"]
    let script = parser.parse("echo " + ScriptWords.quote(word), file: nil, directory: "")
    #expect(script.diagnostics.isEmpty)
    let command = try #require(script.commands.first)
    #expect(command.boxed.arguments[ScriptingCommands.words] == [word])
  }

  /// Random titles, badges and texts made of control characters (every C0 but NUL, DEL, C1) and
  /// plain ones: the script shows each control character as `\u{1B}` (a line feed as `\n`), never
  /// as it is, and still rebuilds the same state.
  @Test func controlCharactersAreWrittenOutAndReadBack() {
    let controls =
      (1..<0x20).map { Unicode.Scalar(UInt8($0)) } + [Unicode.Scalar(UInt8(0x7F))]
      + (0x80...0x9F).map { Unicode.Scalar(UInt8($0)) }
    for seed in 1...200 {
      var random = SplitMix64(seed: UInt64(seed))
      func text() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          let plain: [Unicode.Scalar] = ["a", " ", "'", "\"", "\\", "$", "[", "]", "u", "{", "首"]
          let pool = Bool.random(using: &random) ? controls : plain
          text.unicodeScalars.append(pool[Int.random(in: 0..<pool.count, using: &random)])
        }
        return text
      }
      let session = Session()
      let setup = [
        "add-tab text --id t --title \(ScriptWords.quote(text())) --text \(ScriptWords.quote(text()))",
        "badge t -- \(ScriptWords.quote(text()))",
        "add-action text --title \(ScriptWords.quote(text())) --icon \(ScriptWords.quote(text()))",
      ]
      #expect(session.run(setup.joined(separator: "\n")) == .success, "seed \(seed)")
      let script = session.output(of: "state --script").joined(separator: "\n")
      #expect(
        !script.unicodeScalars.contains { $0 != "\n" && RandomCommands.isControl($0) },
        "seed \(seed): \(script.debugDescription)")
      let replay = Session()
      #expect(replay.run(script) == .success, "seed \(seed): \(replay.sink.errors)")
      #expect(replay.state == session.state, "seed \(seed): \(script.debugDescription)")
    }
  }

  @Test func writesEveryPartOfTheState() {
    let session = Session()
    let setup = """
      layout demo
      present text
      dismiss
      push text --title "A \\"b\\" $$x; #c" --param k=v --hides-bar
      tab 2
      badge 2 -- --x
      disable-tab 3
      last-tab
      last-tab
      present text --id m --text "hi\\nthere"
      """
    #expect(session.run(setup) == .success)
    #expect(
      session.output(of: "state --script") == [
        "# The state of a TabShell, as the commands that rebuild it (state --script).",
        "# Ids given out before, which new screens must not get.",
        "add-tab text --id text; close-tab text",
        "add-tab text --id home --title Home --icon ⌂ --text "
          + "\"Welcome to TabShell. Try 'tab 2', 'swipe left' or 'help'.\"",
        "add-tab page --id feed --title Feed --param color=blue",
        "add-tab logger --id inbox --title Inbox --icon ✉",
        "add-tab text --id profile --title Profile --icon ☺ --text 'Your profile'",
        "tab home",
        "push text --id text-2 --title 'A \"b\" $$x; #c' --param k=v --hides-bar",
        "tab feed",
        "badge -- feed --x",
        "badge inbox 3",
        "disable-tab inbox",
        "add-action post --icon ⊕",
        "present text --id m --text \"hi\\nthere\"",
      ])
    let replay = Session()
    #expect(replay.run(session.sink.output.joined(separator: "\n")) == .success)
    #expect(replay.state == session.state)
    #expect(replay.interpreter.shell.previousTabID == "home")
  }

  /// `set bar compact` is written first, before the tabs (a terminal tab's program then starts at
  /// its region), and read back: the same `state --json`, `"bar":"compact"` in it; the full bar,
  /// the default, is not written.
  @Test func theCompactBarIsWrittenFirstAndReadBack() {
    let session = Session()
    #expect(session.run("layout demo; set bar compact") == .success)
    let script = session.output(of: "state --script")
    #expect(Array(script.prefix(2)).last == "set bar compact")
    #expect(script.filter { $0.hasPrefix("set ") } == ["set bar compact"])
    let replay = Session()
    #expect(replay.run(script.joined(separator: "\n")) == .success)
    // The loaded flags aside, as for any state the script rebuilds.
    func unloaded(_ lines: [String]) -> [String] {
      lines.map {
        $0.replacingOccurrences(
          of: #""loaded":(true|false),"#, with: "", options: .regularExpression)
      }
    }
    let json = unloaded(replay.output(of: "state --json"))
    #expect(json == unloaded(session.output(of: "state --json")))
    #expect(json.first?.contains(#""bar":"compact","barHidden":false"#) == true)
    #expect(session.run("set bar full") == .success)
    #expect(!session.output(of: "state --script").contains { $0.hasPrefix("set ") })
    #expect(session.output(of: "state --json").first?.contains(#""bar""#) == false)
  }

  /// For random command sequences, running the printed script in a fresh shell gives the same
  /// state; and the same commands after it give the same states again (the same ids included).
  @Test func theScriptRebuildsTheStateOfRandomSessions() {
    for seed in 1...300 {
      var random = SplitMix64(seed: UInt64(seed))
      let session = Session()
      session.interpreter.settings.keepGoing = true
      for _ in 0..<Int.random(in: 5...60, using: &random) {
        session.run(RandomCommands.next(&random))
      }
      session.sink.errors.removeAll()
      let script = session.output(of: "state --script").joined(separator: "\n")
      #expect(
        !script.unicodeScalars.contains { $0 != "\n" && RandomCommands.isControl($0) },
        "seed \(seed): a control character written as it is:\n\(script)")
      let replay = Session()
      #expect(replay.run(script) == .success, "seed \(seed): \(replay.sink.errors)\n\(script)")
      #expect(replay.state == session.state, "seed \(seed):\n\(script)")
      session.interpreter.settings.keepGoing = true
      replay.interpreter.settings.keepGoing = true
      for _ in 0..<20 {
        let command = RandomCommands.next(&random)
        session.run(command)
        replay.run(command)
        #expect(replay.state == session.state, "seed \(seed), then '\(command)':\n\(script)")
      }
      if replay.state != session.state { return }
    }
  }
}

/// Random commands for the property tests: every command that changes the state, with awkward
/// words (quotes, `$`, blanks, newlines, control characters).
enum RandomCommands {
  static let titles = [
    "A", "Tab B", "it's", "say \"hi\"", "a;b", "#hash", "$1 $# $@ $$", "back\\slash",
    "line\nbreak", "", "--title", "2", "首页", "tab\tchar", "\u{1B}[31mred", "Text",
    "\u{1B}]52;c;aGk=\u{7}", "\u{1B}[2J", "bell\u{7}", "\u{9B}2J\u{7F}", "it's\u{1B}",
    "\u{202E}txet", "a\u{2066}b\u{2069}\u{200F}",
  ]

  /// A control a script must not carry as it is (the core's rule: C0, DEL, C1, bidirectional).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool { isTerminalControl(scalar) }
  static let ids = ["a", "b", "c-1", "x.y", "--z", "_u", "text", "text-2", "page"]
  static let types = ["text", "page", "logger", "post"]

  static func next(_ random: inout SplitMix64) -> String {
    func pick(_ words: [String]) -> String {
      ScriptWords.quote(words[Int.random(in: 0..<words.count, using: &random)])
    }
    func tab() -> String {
      Bool.random(using: &random) ? String(Int.random(in: 1...5, using: &random)) : pick(ids)
    }
    func options() -> String {
      var words: [String] = []
      if Bool.random(using: &random) { words += ["--id", pick(ids)] }
      if Bool.random(using: &random) { words += ["--title", pick(titles)] }
      if Bool.random(using: &random) { words += ["--text", pick(titles)] }
      if Int.random(in: 0..<4, using: &random) == 0 { words += ["--param", "color=red"] }
      if Int.random(in: 0..<4, using: &random) == 0 {
        words += ["--param", pick(["k=v", "x=$$"])]
      }
      return words.joined(separator: " ")
    }
    func pane() -> String { Bool.random(using: &random) ? "--to \(pick(ids)) " : "" }
    func side() -> String { pick(["--left", "--right", "--up", "--down"]) }
    switch Int.random(in: 0..<28, using: &random) {
    case 22, 23:
      return "split \(pane())\(pick(["--horizontal", "--vertical"])) \(pick(types)) \(options())"
        + (Bool.random(using: &random) ? " --size \(Int.random(in: 1...60, using: &random))%" : "")
    case 24: return "close-pane \(pane())"
    case 25:
      return Bool.random(using: &random) ? "select-pane \(pick(ids))" : "select-pane \(side())"
    case 26:
      return Bool.random(using: &random)
        ? "resize-pane \(pane())\(side()) \(Int.random(in: 1...9, using: &random))"
        : "zoom \(pane())"
    case 27:
      return "layout-panes \(pane())\(pick(["tiled", "even-horizontal", "even-vertical"]))"
    case 0, 1, 2: return "add-tab \(pick(types)) \(options())"
    case 3:
      return "add-tab text --icon \(pick(titles)) --selected-icon \(pick(titles)) --at "
        + String(Int.random(in: 1...4, using: &random))
    case 4: return "close-tab \(tab())"
    case 5: return "move-tab \(tab()) \(Int.random(in: 1...4, using: &random))"
    case 6: return "rename-tab \(tab()) \(pick(titles))"
    case 7: return "badge \(tab()) -- \(pick(titles))"
    case 8: return "badge \(tab()) --clear"
    case 9: return "disable-tab \(tab())"
    case 10: return "enable-tab \(tab())"
    case 11, 12: return "tab \(tab())"
    case 13:
      return "swipe \(pick(["left", "right"]))" + (Bool.random(using: &random) ? " --cancel" : "")
    case 14: return "last-tab"
    case 15, 16:
      return "push \(pick(types)) \(options())"
        + (Bool.random(using: &random) ? " --hides-bar" : "")
    case 17: return Bool.random(using: &random) ? "pop" : "pop-to-root"
    case 18: return "present \(pick(types)) \(options())"
    case 19: return "dismiss"
    case 20: return "add-action \(pick(types)) --title \(pick(titles)) --icon \(pick(titles))"
    default:
      return ["action", "hide-bar", "show-bar", "toggle-bar"][Int.random(in: 0..<4, using: &random)]
    }
  }
}
