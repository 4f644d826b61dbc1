import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// A process plugin is a plugin like any other to the shell: loaded by `load`, listed by
/// `plugins` and `screens`, its commands typed and checked, its layouts built, its requests to the
/// host applied after the command that is running or while the shell waits.
@Suite("Process plugins in the shell")
struct ProcessPluginTests {
  @Test func loadedListedAndRun() throws {
    let session = try ProcessSession()
    let path = try session.faulty()
    let script =
      "load \(path); plugins; screens; add-tab faulty --id a; later 0 --quiet; soon 0; refuse"
    let run = session.run(script)
    #expect(run.status == 1)
    #expect(
      run.out == [
        "faulty (\(path))", "  kind: process, running", "  screens: faulty",
        "  layouts: faulty-pair",
        "faulty  misbehaves when told [commands: fault arm later soon refuse ask]",
      ])
    #expect(run.err == ["t:1:\(column(of: "refuse", in: script)): error: no, thank you\n"])
  }

  @Test func commandsAreCheckedBeforeThePluginSeesThem() throws {
    let session = try ProcessSession()
    let script = "load \(try session.faulty()); add-tab faulty; later two"
    let run = session.run(script)
    #expect(run.status == 1)
    #expect(
      run.err == [
        "t:1:\(column(of: "two", in: script)): error: N must be a whole number, not 'two'\n"
      ])
  }

  @Test func aLayoutSelectsItsTabAndLoadsOnlyIt() throws {
    let session = try ProcessSession()
    #expect(session.run("load \(try session.faulty()); layout faulty-pair").status == 0)
    #expect(session.shell.tabs.map(\.id) == ["one", "two"])
    #expect(session.shell.selectedPosition == 2)
    #expect(session.shell.tabs.map(\.isLoaded) == [false, true])
  }

  @Test func requestsMadeWhileTheShellWaitsAreAppliedBetweenCommands() throws {
    let session = try ProcessSession()
    let run = session.run("load \(try session.faulty()); add-tab faulty --id a; later 3")
    #expect(run.status == 0, "\(run.err)")
    #expect(session.waitUntil { session.shell.tab(at: 1)?.item.badge == "3" })
  }

  @Test func aRequestIsAnsweredOnceApplied() throws {
    let session = try ProcessSession()
    let run = session.run("load \(try session.faulty()); add-tab faulty --id a; ask")
    #expect(run.status == 0)
    #expect(session.shell.tab(at: 1)?.item.badge == "asked")
    let answers = [
      #"faulty: answer: {"jsonrpc":"2.0","id":"a1","result":null}"# + "\n",
      #"faulty: answer: {"jsonrpc":"2.0","id":"a2","error":{"code":-32003,"message":"no tab 'nope'"}}"#
        + "\n",
    ]
    #expect(session.waitUntil { session.logs.err.count >= 2 })
    #expect(session.logs.err == answers)
  }

  @Test func stderrLinesArePrefixedWithThePluginsNameAndNeutralised() throws {
    let session = try ProcessSession()
    let run = session.run("load \(try session.faulty()); add-tab faulty; fault stderr")
    #expect(run.status == 0)
    #expect(run.out == ["wrote to stderr"])
    #expect(run.err == ["faulty: line one\n", "faulty: line \\u{1B}[31mtwo\n"])
  }

  @Test func loadingFailuresSayWhy() throws {
    let session = try ProcessSession()
    let plain = try session.file("plain.txt", "not a program", mode: 0o644)
    let open = try session.file("open.sh", "#!/bin/sh\n", mode: 0o777)
    let exits = try session.file("exits.sh", "#!/bin/sh\necho oops >&2\nexit 4\n")
    let version = try session.file(
      "version.sh",
      #"""
      #!/bin/sh
      read -r line
      echo '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"I speak version 3"}}'
      """#)
    let first = try session.faulty()
    let copy = try session.file("copy.sh", try String(contentsOfFile: first, encoding: .utf8))
    let cases: [(String, String)] = [
      (
        plain,
        "it is neither a shared object (.so) nor executable; run 'chmod u+x' on it to start it "
          + "as a process plugin"
      ),
      (open, "it is writable by other users (mode 0777); run 'chmod go-w' on it"),
      (exits, "the plugin exited with status 4"),
      (version, "it does not speak protocol version 1 or 2: I speak version 3"),
    ]
    for (path, reason) in cases {
      let run = session.run("load \(path)")
      #expect(run.err.last == "t:1:1: error: cannot load plugin '\(path)': \(reason)\n")
    }
    #expect(session.run("load \(plain)").err.count == 1)
    #expect(session.run("load \(exits)").err.first == "exits.sh: oops\n")
    #expect(session.run("load \(first)").status == 0)
    #expect(
      session.run("load \(copy)").err == [
        "t:1:1: error: cannot load plugin '\(copy)': plugin 'faulty' is taken by plugin 'faulty' "
          + "(from '\(first)')\n"
      ])
    #expect(
      session.run("load \(first)").err == [
        "t:1:1: error: cannot load plugin '\(first)': already loaded (as '\(first)')\n"
      ])
  }

  @Test func aSlowStartIsNotATimeout() throws {
    // The answer to `initialize` may take longer than the time limit: it includes the start.
    // A limit that answers take easily on a loaded machine, and a start well past it.
    let session = try ProcessSession(timeout: 1)
    let fixture = repositoryRoot + "/Tests/TabShellLoaderTests/Fixtures/faulty.sh"
    let slow = try session.file("slow.sh", "#!/bin/sh\nsleep 2\nexec '\(fixture)' slow\n")
    let run = session.run("load \(slow); add-tab slow")
    #expect(run.status == 0, "\(run.err)")
  }

  @Test func theFolderLoadsProgramsAndSharedObjectsAndLeavesTheRest() throws {
    let session = try ProcessSession()
    let program = try session.faulty()
    let module = try session.file("module.py", "", mode: 0o644)
    let hidden = try session.file(".hidden", "#!/bin/sh\n")
    let library = try session.file("lib.so", "", mode: 0o644)
    _ = (module, hidden)
    #expect(PluginHost.pluginFiles(in: session.folder) == [program, library])
  }
}

/// The column (1-based, in bytes) where `word` first is in a one-line script.
func column(of word: String, in script: String) -> Int {
  guard let range = script.range(of: word) else { return 0 }
  return script.utf8.distance(from: script.startIndex, to: range.lowerBound) + 1
}
