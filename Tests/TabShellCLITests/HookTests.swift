import Foundation
import Testing

/// Hooks run after the command that set them off; what happens in them (through `source` too) is
/// that command's; they are bounded, and script arguments in them are data.
@Suite struct HookTests {
  /// A folder with these files, removed after `body`.
  func withFiles(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let directory = NSTemporaryDirectory() + "tabshell-hooks-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (name, text) in files {
      try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }
    try body(directory)
  }

  /// A failed `expect` in a file a hook sources fails the command that set the hook off, with the
  /// file's place, and later hooks still run.
  @Test(arguments: [
    (
      "echo in\nexpect tabs 99\n",
      "c.tabsh:2:1: error: expect failed: there are 2 tabs, expected 99\n", 1
    ),
    ("expect tabs 99\n", "c.tabsh:1:1: error: expect failed: there are 2 tabs, expected 99\n", 1),
    ("echo in\nexit 3\n", "", 3),
  ])
  func aFailureInASourcedHookFileIsTheCommands(file: String, error: String, status: Int32) throws {
    let script = """
      add-tab text --id a
      add-tab text --id b
      on did-select source c.tabsh
      tab b
      echo not reached
      """
    try withFiles(["s.tabsh": script, "c.tabsh": file]) { directory in
      let result = runInProcess(["s.tabsh"], directory: directory)
      #expect(result.status == status)
      #expect(result.stderr == error)
      #expect(!result.stdout.contains("not reached"))
    }
  }

  /// With `--keep-going` the script goes on after a failed hook, and the hook runs again at the next
  /// selection (no hook is skipped for the rest of the run).
  @Test func laterHooksStillRunAfterAFailedOne() throws {
    let script = """
      add-tab text --id a
      add-tab text --id b
      on did-select source c.tabsh
      tab b
      tab a
      echo end
      """
    try withFiles(["s.tabsh": script, "c.tabsh": "echo in\nexpect tabs 99\n"]) { directory in
      let result = runInProcess(["--keep-going", "s.tabsh"], directory: directory)
      let error = "c.tabsh:2:1: error: expect failed: there are 2 tabs, expected 99\n"
      #expect(result.status == 1)
      #expect(result.stderr == error + error)
      #expect(result.stdout == "in\nin\nend\n")
    }
  }

  /// Hooks that select tabs back and forth through a sourced file stop at the limit, which counts
  /// every command they cause.
  @Test func hooksThroughSourceStopAtTheLimit() throws {
    let script = """
      add-tab text --id a
      add-tab text --id b
      on did-select source f.tabsh
      tab b
      echo after
      """
    try withFiles(["s.tabsh": script, "f.tabsh": "tab 1\ntab 2\n"]) { directory in
      let result = runInProcess(["--keep-going", "s.tabsh"], directory: directory)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "s.tabsh:3:1: error: hooks set off more hooks without end (stopped after 1000 commands)\n"
      )
      #expect(result.stdout == "after\n")
    }
  }

  /// Arguments are substituted into words after a hook's commands are split: they never add
  /// commands, break quotes or get substituted again.
  @Test func argumentsAreDataInHooks() throws {
    let script = """
      add-tab text --id a
      add-tab text --id b
      on did-select 'echo selected $1 $2'
      tab b
      """
    try withFiles(["s.tabsh": script]) { directory in
      let result = runInProcess(["s.tabsh", "x; echo INJECTED", "it's $1"], directory: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "selected x; echo INJECTED it's $1\n")
    }
  }

  /// A should-select hook decides before the selection; what it changes waits until after it.
  @Test func shouldSelectHooksDecideFirstAndChangeAfter() {
    let result = runInProcess([
      "-c",
      """
      add-tab text --id a; add-tab text --id b; add-tab text --id c
      on should-select 'echo asked for $id; expect selected a; badge c seen'
      on did-select 'echo selected $id'
      trace on
      tab b
      """,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        should-select 2 b
        asked for b
        viewDidLoad b
        viewWillAppear b
        viewWillDisappear a
        viewDidDisappear a
        viewDidAppear b
        did-select 2 b
        badge-changed 3 c seen
        selected b

        """)
  }

  /// `deny` vetoes; a hook's `exit` ends the script once the command is done.
  @Test func denyVetoesAndExitEnds() {
    let vetoed = runInProcess([
      "-c",
      "add-tab text --id a; add-tab text --id b; on should-select deny; tab b; expect selected a",
    ])
    #expect(vetoed.status == 0, "\(vetoed.stderr)")
    let exited = runInProcess([
      "-c",
      "add-tab text --id a; on did-reselect 'echo reselected; exit 4'; tab a; echo not reached",
    ])
    #expect(exited.status == 4)
    #expect(exited.stdout == "reselected\n")
  }
}

extension HookTests {
  /// A hook is placed where its `on` is written, also after a hook from another file ran: errors
  /// in it name that file and line.
  /// The events of the bar as a whole (`did-bounce`, `bar-hidden`, `bar-shown`, `action-tapped`)
  /// concern the selected tab: their hooks' `$tab` and `$id` are its position and id, empty
  /// without tabs (docs/Contract.md, "Events and hooks").
  @Test func barEventsConcernTheSelectedTab() {
    let script = """
      add-tab text --id a
      add-tab text --id b
      add-action post --title Post --icon +
      on did-bounce echo did-bounce $tab $id
      on bar-hidden echo bar-hidden $tab $id
      on bar-shown echo bar-shown $tab $id
      on action-tapped echo action-tapped $tab $id
      tab b
      swipe left
      hide-bar
      show-bar
      action
      dismiss
      close-tab a
      close-tab b
      hide-bar
      """
    let run = runInProcess(["-c", script])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout
        == "did-bounce 2 b\nbar-hidden 2 b\nbar-shown 2 b\naction-tapped 2 b\nbar-hidden  \n")
  }

  @Test func aHookIsPlacedWhereItsOnIs() throws {
    let script = """
      add-tab text --id a
      source lib.tabsh
      add-tab text --id b
      on did-select 'expect tabs 9'
      tab b
      """
    try withFiles(["s.tabsh": script, "lib.tabsh": "on tab-added 'echo x'\n"]) { directory in
      let result = runInProcess(["s.tabsh"], directory: directory)
      #expect(result.status == 1)
      #expect(result.stdout == "x\n")
      #expect(result.stderr == "s.tabsh:4:1: error: expect failed: there are 2 tabs, expected 9\n")
    }
  }
}
