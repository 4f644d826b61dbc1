import Foundation
@_spi(Host) import TabShellKit
import TestSupport
import Testing

@testable import TabShellLanguage

/// What a terminal tab's program tells the shell (docs/Contract.md, "Terminal tabs"): its title
/// becomes the tab's (made safe) unless one was given; the bell, output in a tab that is not
/// visible and its end are `bell`, `activity` and `exited` events, for hooks and traces; the bar,
/// `tabs` and `state --json` mark a tab that rang or had output until it is selected.
@Suite(.serialized) struct TerminalTabEventTests {
  typealias Harness = TerminalTabTests.Harness

  /// The tab `id`'s title.
  static func title(_ shell: Harness, _ id: String) -> String? {
    shell.interpreter.shell.model.tabs.first { $0.id == id }?.item.title
  }

  @Test func theProgramsTitleBecomesTheTabsTitle() {
    let shell = Harness()
    #expect(shell.run(#"add-tab terminal --id t -- sh -c 'printf "\033]2;hello\007"; sleep 5'"#))
    #expect(shell.wait { Self.title(shell, "t") == "hello" })
    // `tabs`, `state --json` and the bar agree; `state --script` does not pin it (the program
    // made again sets it again).
    shell.sink.output = ""
    #expect(shell.run("tabs; state --json; state --script; show"))
    let output = shell.sink.output
    #expect(output.contains("*  1  t   hello  terminal"))
    #expect(output.contains(#""title":"hello""#))
    #expect(output.contains("add-tab terminal --id t --param cwd="))
    #expect(!output.contains("--title"))
    #expect(output.contains("[1 hello]"))
  }

  @Test func aTitleIsMadeSafeAndCappedAndMayComeInPieces() {
    let shell = Harness()
    // A C1 control (U+0085 in UTF-8) and bytes that are not UTF-8; C0 controls inside the string
    // are the emulator's (a tab is dropped).
    #expect(
      shell.run(
        #"add-tab terminal --id c -- sh -c 'printf "\033]0;a\tb\302\205c\377d\007"; sleep 5'"#))
    #expect(shell.wait { Self.title(shell, "c") == #"ab\u{85}c�d"# })
    let long = String(repeating: "0123456789", count: 10)
    let printf = "printf \"\\033]2;\(long)\\007\"; sleep 5"
    #expect(shell.run("add-tab terminal --id l -- sh -c '\(printf)'"))
    #expect(shell.wait { Self.title(shell, "l") == String(long.prefix(64)) })
    // Written in two pieces, a while apart (libvterm alone would drop it).
    #expect(
      shell.run(
        #"add-tab terminal --id p -- sh -c 'printf "\033]2;first "; sleep 0.3; printf "second\007"; sleep 5'"#
      ))
    #expect(shell.wait { Self.title(shell, "p") == "first second" })
    #expect(Self.title(shell, "p") == "first second")
    // An empty title gives the tab back the name of its foreground process.
    #expect(
      shell.run(
        #"add-tab terminal --id e -- sh -c 'printf "\033]2;x\007"; sleep 0.3; printf "\033]2;\007"; sleep 5'"#
      ))
    #expect(shell.wait { Self.title(shell, "e") == "x" })
    #expect(shell.wait { Self.title(shell, "e") == "sh" })
  }

  @Test func aGivenOrRenamedTitleIsKept() {
    let shell = Harness()
    #expect(
      shell.run(
        #"add-tab terminal --id g --title Mine -- sh -c 'printf "\033]2;theirs\007ready"; sleep 5'"#
      ))
    shell.wait(for: "ready", in: "g")
    shell.round()
    #expect(Self.title(shell, "g") == "Mine")
    #expect(
      shell.run(
        #"add-tab terminal --id r -- sh -c 'printf "\033]2;one\007"; read x; printf "\033]2;two\007done"; sleep 5'"#
      ))
    #expect(shell.wait { Self.title(shell, "r") == "one" })
    #expect(shell.run("rename-tab r Renamed; tab r"))
    #expect(shell.send(.text("go\n", isPaste: false), to: "r"))
    shell.wait(for: "done", in: "r")
    shell.round()
    #expect(Self.title(shell, "r") == "Renamed")
  }

  @Test func theBellOutputInABackgroundTabAndTheEndAreEventsForHooks() {
    let shell = Harness()
    let log = EventLog(shell.interpreter.shell)
    #expect(
      shell.run(
        """
        on bell "echo bell $tab $id"; on activity "echo activity $tab $id"
        on exited "echo exited $tab $id $status"
        add-tab text --id home
        add-tab terminal --id t -- sh -c 'printf "\\a"; read x; printf one; sleep 0.3; printf "two\\a\\a"; exit 3'
        """))
    // Its first output (a bell) is no activity: it started, in a tab never looked at.
    #expect(shell.wait { shell.sink.output.contains("bell") })
    #expect(shell.sink.output == "bell 2 t\n")
    #expect(shell.run("tab t; tab home"))
    shell.round()
    log.skip("the start and the selections")
    shell.sink.output = ""
    #expect(shell.run("type --to t go; send-keys --to t Enter"))
    #expect(shell.wait { shell.sink.output.contains("exited") })
    // Output is one activity until the tab is visible again; bells in one round are one.
    let events = log.take().filter {
      $0.hasPrefix("bell") || $0.hasPrefix("activity") || $0.hasPrefix("exited")
    }
    #expect(events.first == "activity t")
    #expect(events.filter { $0 == "activity t" }.count == 1)
    #expect(events.contains("bell t"))
    #expect(events.last == "exited t 3")
    #expect(Set(events) == ["activity t", "bell t", "exited t 3"])
    #expect(shell.sink.output.hasPrefix("activity 2 t\nbell 2 t\n"))
    #expect(shell.sink.output.hasSuffix("exited 2 t 3\n"))
  }

  /// A program that rings in a loop in a tab out of sight is one `bell` (its hooks run once) until
  /// the tab is selected, as its output is one `activity`; after that it rings again.
  @Test func aBellIsSaidOnceUntilTheTabIsSelected() {
    let shell = Harness()
    let log = EventLog(shell.interpreter.shell)
    #expect(shell.run(#"on bell "echo bell $tab $id"; add-tab text --id home"#))
    #expect(
      shell.run(
        #"add-tab terminal --id t -- sh -c 'for i in 1 2 3 4 5; do printf "\a"; sleep 0.1; done; printf rung; read x; printf "\aagain"; sleep 5'"#
      ))
    shell.wait(for: "rung", in: "t")
    shell.round()
    func bells() -> [String] { log.take().filter { $0.hasPrefix("bell") } }
    #expect(bells() == ["bell t"])
    #expect(shell.sink.output == "bell 2 t\n")
    // Selected (the mark goes), then left: the next bell is an event again.
    #expect(shell.run("tab t; tab home; type --to t go; send-keys --to t Enter"))
    shell.wait(for: "again", in: "t")
    shell.round()
    #expect(bells() == ["bell t"])
  }

  @Test func aProgramKilledByASignalExitsWith128PlusItsNumber() {
    let shell = Harness()
    #expect(shell.run(#"on exited "echo $id $status"; trace json"#))
    #expect(shell.run("add-tab terminal --id k -- sh -c 'kill -TERM $$$$'"))
    #expect(shell.wait { shell.sink.output.contains("k 143") })
    #expect(
      shell.sink.output.contains(#"{"event":"exited","screen":"k","tab":1,"status":143}"#))
  }

  @Test func activityIsSaidOnceUntilTheTabIsVisibleAgain() {
    let shell = Harness()
    let log = EventLog(shell.interpreter.shell)
    #expect(shell.run("add-tab text --id home"))
    #expect(
      shell.run(
        #"add-tab terminal --id t -- sh -c 'while read line; do echo "got $$line"; done'"#))
    // Shown once, so that it takes input (`type`), then left.
    #expect(shell.run("tab t; tab home"))
    shell.round()
    log.skip("adding the tabs")
    #expect(shell.run("type --to t one; send-keys --to t Enter"))
    shell.wait(for: "got one", in: "t")
    #expect(shell.run("type --to t two; send-keys --to t Enter"))
    shell.wait(for: "got two", in: "t")
    shell.round()
    #expect(log.take() == ["activity t"])
    // Selected, then left: the next output is activity again.
    #expect(shell.run("tab t; tab home"))
    log.skip("the selections")
    #expect(shell.run("type --to t three; send-keys --to t Enter"))
    shell.wait(for: "got three", in: "t")
    shell.round()
    #expect(log.take() == ["activity t"])
    // Output in the visible tab is no activity.
    #expect(shell.run("tab t"))
    log.skip("the selection")
    #expect(shell.run("type --to t four; send-keys --to t Enter"))
    shell.wait(for: "got four", in: "t")
    shell.round()
    #expect(log.take() == [])
  }

  @Test func theBarTabsAndStateMarkATabUntilItIsSelected() {
    let shell = Harness()
    #expect(shell.run("size 80 10; add-tab text --id home"))
    #expect(shell.run(#"add-tab terminal --id t -- sh -c 'printf "\a"; sleep 5'"#))
    #expect(
      shell.wait {
        shell.interpreter.shell.model.tabs.last?.item.hasBell == true
      })
    shell.sink.output = ""
    #expect(shell.run("tabs; state --json; show"))
    var output = shell.sink.output
    // Named after its program; its start (the bell's round) is no activity: a bell only.
    #expect(output.contains("!  2  t     sh     terminal"))
    #expect(output.contains(#""badge":null,"bell":true"#) && !output.contains(#""activity""#))
    #expect(output.contains(">!"))
    shell.sink.output = ""
    #expect(shell.run("tab t; tab home; tabs; state --json; show"))
    output = shell.sink.output
    #expect(output.contains("   2  t     sh     terminal"))
    #expect(!output.contains(#""bell""#) && !output.contains(#""activity""#))
    #expect(!output.contains(">!"))
  }
}
