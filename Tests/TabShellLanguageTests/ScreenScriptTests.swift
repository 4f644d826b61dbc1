import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport
import Testing

@testable import TabShellLanguage

/// A live screen that takes input: a timer counts ticks every 20 ms, and it shows what it was
/// sent. It handles every input but the key F12.
private final class LiveType: ScreenType {
  let name = "live"
  var takesInput: Bool { true }
  var made: [LiveScreen] = []
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    let screen = LiveScreen(context: configuration.context)
    made.append(screen)
    return screen
  }
}

private final class LiveScreen: Screen {
  let context: ScreenContext
  var ticks = 0
  var typed = ""
  var keys: [String] = []
  var pasted = ""
  init(context: ScreenContext) { self.context = context }

  func viewDidLoad() throws {
    context.every(.milliseconds(20)) { [weak self] in self?.ticks += 1 }
  }

  func handle(_ input: ScreenInput) -> Bool {
    switch input {
    case .key(Key(.f12)): return false
    case .key(let key): keys.append(key.description)
    case .text(let text, isPaste: false): typed += text
    case .text(let text, isPaste: true): pasted += text
    default: return false
    }
    return true
  }

  func draw(in canvas: inout Canvas) {
    canvas.write("tick \(ticks)", row: 0, style: Canvas.Style(foreground: .green))
    canvas.write("typed: \(typed)", row: 1)
    canvas.write("keys: \(keys.joined(separator: " "))", row: 2)
    canvas.write("pasted: \(pasted)", row: 3)
  }
}

private final class LivePlugin: TabShellPlugin {
  let name = "live"
  let type = LiveType()
  var screenTypes: [any ScreenType] { [type] }
}

/// Scripts drive screens (docs/Contract.md, "Scripts drive screens"): `type`, `send-keys` and
/// `paste` reach a screen that takes input; `wait-for` and `sleep` wait while its timers tick.
@Suite struct ScreenScriptTests {
  /// A shell with the built-in screens and `live`, an interpreter on it, and what it printed
  /// and reported.
  fileprivate final class Run {
    let shell = Shell()
    let plugin = LivePlugin()
    var printed: [String] = []
    var reported: [String] = []
    lazy var interpreter = Interpreter(
      shell: shell, renderOptions: RenderOptions(), currentDirectory: "/",
      output: { [unowned self] in printed.append($0) },
      report: { [unowned self] in reported.append("\($0)") })

    init() throws {
      try shell.register(BuiltinPlugin(), source: "built-in")
      try shell.register(plugin, source: "test")
    }

    /// Runs `source` as the script `s.tabsh`.
    func script(_ source: String) -> Interpreter.Outcome {
      interpreter.run(interpreter.parse(source, file: "s.tabsh"))
    }

    func live(_ id: String) throws -> LiveScreen {
      try #require(plugin.type.made.first { $0.context.screenID == id })
    }
  }

  @Test func typeSendKeysAndPasteReachTheScreenInOrder() throws {
    let run = try Run()
    let outcome = run.script(
      """
      add-tab live --id l
      add-tab live --id m
      type hello   world
      send-keys Up c-c pgup F12 '+'
      paste 'a  b'
      type --to l other
      send-keys --to l Enter
      """)
    #expect(outcome == .success, "\(run.reported)")
    let visible = try run.live("l")
    let other = try run.live("m")
    #expect(visible.typed == "hello worldother" && visible.pasted == "a  b")
    #expect(visible.keys == ["Up", "C-c", "PPage", "+", "Enter"])
    #expect(other.typed == "" && other.keys == [])
  }

  @Test func waitForWaitsWhileTheScreensTimersTick() throws {
    let run = try Run()
    let outcome = run.script(
      """
      size 40 8
      add-tab live --id l
      wait-for 'tick 3'
      wait-for --regex --timeout 5 'tick [5-9]'
      type abc
      wait-for --to l 'typed: abc'
      """)
    #expect(outcome == .success, "\(run.reported)")
    #expect(try run.live("l").ticks >= 5)
  }

  @Test func sleepTakesInTheTimers() throws {
    let run = try Run()
    #expect(run.script("add-tab live --id l; sleep 0.2") == .success, "\(run.reported)")
    // Every 20 ms for 200 ms: about ten ticks; at least a few on a loaded machine.
    #expect(try run.live("l").ticks >= 3)
  }

  /// A script's `click` in the region of a screen that takes input is the screen's, as the
  /// mouse's is in the full-screen mode (docs/Contract.md, "Gestures"). At 60 × 12 the region is
  /// rows 2-9 under the header; the ticker's face is its rows 3-5 (0-based): rows 5-7.
  @Test func aClickOnTheTickersFacePausesAndResumesIt() throws {
    let run = try Run()
    let outcome = run.script(
      """
      size 60 12
      add-tab ticker --id k
      wait-for running
      click 30 6
      wait-for --timeout 2 paused
      click 30 3
      wait-for --timeout 0.1 paused
      click 30 6
      wait-for --timeout 2 running
      """)
    #expect(outcome == .success, "\(run.reported)")
  }

  @Test func aTimedOutWaitShowsTheScreensText() throws {
    let run = try Run()
    let outcome = run.script(
      """
      size 20 8
      add-tab text --id t --title Hi
      wait-for --timeout 0.1 'Bye'
      """)
    #expect(outcome == .failure)
    #expect(
      run.reported == [
        """
        s.tabsh:3:1: error: wait-for timed out after 0.1 s: screen 't' does not show 'Bye'; its \
        text:
            |          Hi
        """
      ])
  }

  /// The screen's lines are compared without their trailing blanks: a TEXT with a blank at the
  /// end of one of its lines never matches, and the timeout says why.
  @Test(arguments: [
    ("'Hi '", "'Hi '"), ("--regex 'Hi $'", "a match of 'Hi $'"),
    (#""Hi \nthere""#, #"'Hi \u{A}there'"#),
  ])
  func aTimedOutWaitForTextEndingInABlankSaysTheLinesHaveNone(_ text: String, _ shown: String)
    throws
  {
    let run = try Run()
    let outcome = run.script(
      """
      size 20 8
      add-tab text --id t --title Hi
      wait-for --timeout 0.1 \(text)
      """)
    #expect(outcome == .failure)
    #expect(
      run.reported == [
        """
        s.tabsh:3:1: error: wait-for timed out after 0.1 s: screen 't' does not show \(shown) (a \
        screen's lines are without their trailing blanks, and a line of it ends in a blank); its \
        text:
            |          Hi
        """
      ])
  }

  @Test func aTimedOutRegexSaysSoAndABlankScreenIsBlank() throws {
    let run = try Run()
    // Four rows: the bar takes three and the header the last, the region has none.
    let outcome = run.script("size 20 4; add-tab text --id t; wait-for --regex --timeout 1 'q+'")
    #expect(outcome == .failure)
    #expect(
      run.reported == [
        "s.tabsh:1:33: error: wait-for timed out after 1 s: screen 't' does not show a match of "
          + "'q+'; it is blank"
      ])
  }

  @Test(arguments: [
    ("type hi", "s.tabsh:2:1: error: screen 't' takes no input"),
    ("send-keys Up", "s.tabsh:2:1: error: screen 't' takes no input"),
    ("paste hi", "s.tabsh:2:1: error: screen 't' takes no input"),
    ("type --to nope hi", "s.tabsh:2:1: error: no screen 'nope'"),
    ("wait-for --to nope hi", "s.tabsh:2:1: error: no screen 'nope'"),
  ])
  func inputToAScreenThatTakesNoneIsAnErrorNamingIt(_ line: String, _ message: String) throws {
    let run = try Run()
    #expect(run.script("add-tab text --id t\n\(line)") == .failure)
    #expect(run.reported == [message])
  }

  @Test func withNoTabsThereIsNoScreenToTypeIntoOrWaitFor() throws {
    let run = try Run()
    #expect(run.script("type hi") == .failure)
    #expect(run.script("wait-for hi") == .failure)
    #expect(
      run.reported == [
        "s.tabsh:1:1: error: there are no tabs", "s.tabsh:1:1: error: there are no tabs",
      ])
  }

  @Test(arguments: [
    ("send-keys Up Upp", "s.tabsh:2:1: error: 'Upp' is not a key"),
    ("send-keys S-q", "s.tabsh:2:1: error: 'S-q' is not a key"),
    (
      "wait-for --regex 'a(b'",
      "s.tabsh:2:1: error: 'a(b' is not a regular expression: the '(' at character 2 is not "
        + "closed"
    ),
    (
      #"wait-for --regex '(a)\1'"#,
      #"s.tabsh:2:1: error: '(a)\1' is not a regular expression: a backreference ('\1') at "#
        + "character 4 is not supported: a search here takes time linear in the text"
    ),
    ("sleep 0", "s.tabsh:2:7: error: SECONDS must be a number of seconds, more than 0"),
    ("wait-for --timeout -1 x", "s.tabsh:2:20: error: SECONDS must be a number of seconds"),
  ])
  func badWordsAreErrorsWhenTheScriptIsRead(_ line: String, _ message: String) throws {
    let run = try Run()
    #expect(run.script("add-tab live --id l\n\(line)") == .syntaxError)
    #expect(run.reported.count == 1 && run.reported[0].hasPrefix(message), "\(run.reported)")
    #expect(run.shell.tabCount == 0, "nothing ran")
  }

  @Test func anInputTheScreenDidNotHandleIsNoError() throws {
    let run = try Run()
    #expect(run.script("add-tab live --id l; send-keys F12") == .success, "\(run.reported)")
    #expect(try run.live("l").keys == [])
  }

  @Test(arguments: [
    (ShellAction.input(.key(named: "Up"), to: nil), "send-keys Up"),
    (.input(.key(named: "C-c"), to: "c"), "send-keys --to c C-c"),
    (.input(.text("hello world", isPaste: false), to: nil), "type 'hello world'"),
    (.input(.text("a", isPaste: true), to: "c"), "paste --to c a"),
    (.input(.text("--x", isPaste: false), to: nil), "type -- --x"),
    (.input(.focus(true), to: nil), "# input(TabShellKit.ScreenInput.focus(true), to: nil)"),
  ])
  func aRecordingWritesAnInputAsTheCommandThatSendsIt(_ action: ShellAction, _ line: String) {
    #expect(ActionScript.line(action) == line)
  }

  /// What a recording writes for a paste or typed text gives the screen the same text again.
  @Test(arguments: ["a\nb", "--to x", "it's", "$HOME $1", "a  b; c # d", "\u{1B}[31m"])
  func aRecordedInputSendsTheSameTextAgain(_ text: String) throws {
    let run = try Run()
    let paste = ActionScript.line(.input(.text(text, isPaste: true), to: nil))
    let type = ActionScript.line(.input(.text(text, isPaste: false), to: "l"))
    #expect(run.script("add-tab live --id l\n\(paste)\n\(type)") == .success, "\(run.reported)")
    let screen = try run.live("l")
    #expect(screen.pasted == text && screen.typed == text)
  }
}
