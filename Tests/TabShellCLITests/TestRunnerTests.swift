import Foundation
import Testing

/// `tabshell test`, as a CI job runs it: the built binary on folders of scripts. (Not in process:
/// the runner forks, which a test process with many threads must not do.)
@Suite struct TestRunnerTests {
  /// A fresh folder with these files (paths may have folders); removed after `body`.
  func withScripts(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tabshell-runner-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (path, text) in files {
      let file = folder + "/" + path
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    try body(folder)
  }

  /// `tabshell test ARGUMENTS` in `folder`; the times in its lines are replaced by `N`.
  func test(_ arguments: [String], in folder: String) throws -> (
    stdout: String, stderr: String, status: Int32
  ) {
    let result = try BinaryTests().run(["test"] + arguments, directory: folder)
    let stdout = result.stdout.replacingOccurrences(
      of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
    return (stdout, result.stderr, result.status)
  }

  @Test func runsEveryScriptAloneInAStableOrder() throws {
    let setter = "trace on\non did-select echo LEAK\nadd-tab text\nadd-tab text\ntab 2\n"
    let checker = "state --json\nadd-tab text\nadd-tab text\ntab 2\nplugins\n"
    let clean = runInProcess(["-c", checker]).stdout
    try withScripts([
      "a.tabsh": "add-tab text\nexpect tabs 1\n",
      "b/c.tabsh": "expect tabs 0\nexpect tabs 5\n",
      "b/_helper.tabsh": "exit 1\n",
      "_lib/d.tabsh": "exit 1\n",
      ".hidden/e.tabsh": "exit 1\n",
      "notes.txt": "exit 1\n",
      // The first sets a trace and a hook and leaves tabs; none of it reaches the second, whose
      // output must be that of a fresh shell.
      "leak/1-sets.tabsh": setter,
      "leak/2-checks.tabsh": checker,
      "leak/2-checks.stdout": clean,
    ]) { folder in
      let result = try test(["-j", "1"], in: folder)
      #expect(
        result.stdout == """
          ok   a.tabsh (N ms)
          FAIL b/c.tabsh:2:1: expect failed: there are 0 tabs, expected 5
          ok   leak/1-sets.tabsh (N ms)
          ok   leak/2-checks.tabsh (N ms)
          3 passed, 1 failed

          """)
      #expect(result.stderr == "")
      #expect(result.status == 1)
      // The same with more at once, and the folder named: the same order.
      let parallel = try test(["-j", "4", "."], in: folder)
      #expect(parallel.stdout == result.stdout)
      let named = try test(["leak", "a.tabsh", "b/_helper.tabsh"], in: folder)
      #expect(
        named.stdout == """
          ok   leak/1-sets.tabsh (N ms)
          ok   leak/2-checks.tabsh (N ms)
          ok   a.tabsh (N ms)
          FAIL b/_helper.tabsh: exited with status 1
          3 passed, 1 failed

          """)
    }
  }

  @Test func keepGoingListsEveryFailureAndSyntaxErrorsExitTwo() throws {
    try withScripts([
      "f.tabsh": "expect tabs 1\necho on\nexpect tabs 2\n",
      "s.tabsh": "echo ran\nswip left\nbogus\n",
      "test": "expect tabs 0\n",
    ]) { folder in
      let kept = try test(["--keep-going", "f.tabsh", "test"], in: folder)
      #expect(
        kept.stdout == """
          FAIL f.tabsh:1:1: expect failed: there are 0 tabs, expected 1
               f.tabsh:3:1: expect failed: there are 0 tabs, expected 2
          ok   test (N ms)
          1 passed, 1 failed

          """)
      #expect(kept.status == 1)
      let syntax = try test(["s.tabsh", "test"], in: folder)
      #expect(
        syntax.stdout == """
          FAIL s.tabsh:2:1: unknown command 'swip'; did you mean 'swipe'?
               s.tabsh:3:1: unknown command 'bogus'
          ok   test (N ms)
          1 passed, 1 failed

          """)
      #expect(syntax.status == 2)
    }
  }

  @Test func aScriptThatRunsTooLongIsKilled() throws {
    let long = String(repeating: "add-tab text\nclose-tab 1\n", count: 1_000_000)
    try withScripts(["long.tabsh": long, "quick.tabsh": "add-tab text\n"]) { folder in
      let started = Date()
      let result = try test(["--timeout", "0.5"], in: folder)
      #expect(
        result.stdout == """
          FAIL long.tabsh: timed out after 0.5 s
          ok   quick.tabsh (N ms)
          1 passed, 0 failed, 1 timed out

          """)
      #expect(result.status == 1)
      #expect(Date().timeIntervalSince(started) < 30)
    }
  }

  @Test func expectedOutputFilesSayWhatARunMustGive() throws {
    try withScripts([
      "good.tabsh": "echo one\nexpect tabs 1\n",
      "good.stdout": "one\n",
      "good.stderr": "good.tabsh:2:1: error: expect failed: there are 0 tabs, expected 1\n",
      "good.status": "1\n",
      "bad.tabsh": "# args: --keep-going\necho one\nexpect tabs 1\necho three\n",
      "bad.stdout": "one\ntwo\n",
    ]) { folder in
      let result = try test([], in: folder)
      #expect(
        result.stdout == """
          FAIL bad.tabsh: stdout differs from 'bad.stdout' at line 2
                 expected:
                   2 | two
                 actual:
                   2 | three
               bad.tabsh: exit status 1, expected 0
                 bad.tabsh:3:1: expect failed: there are 0 tabs, expected 1
          ok   good.tabsh (N ms)
          1 passed, 1 failed

          """)
      #expect(result.status == 1)
    }
  }

  @Test func scriptsRunInTheirOwnFolderWithTheOptionsPassedOn() throws {
    try withScripts([
      "deep/frame.tabsh": "source _setup.tabsh\nexpect frame frames/swipe.txt\n",
      "deep/_setup.tabsh": "layout swipeable\n",
    ]) { folder in
      let missing = try test(["--width", "24"], in: folder)
      #expect(missing.stdout.hasPrefix("FAIL deep/frame.tabsh:2:1: expect failed: snapshot"))
      let written = try test(["--width", "24", "--update-snapshots"], in: folder)
      #expect(written.stdout == "ok   deep/frame.tabsh (N ms)\n1 passed, 0 failed\n")
      let frame = try String(contentsOfFile: folder + "/deep/frames/swipe.txt", encoding: .utf8)
      #expect(frame == runInProcess(["--width", "24", "-c", "layout swipeable; show"]).stdout)
      #expect(try test(["--width", "24"], in: folder).status == 0)
      #expect(try test(["--width", "30"], in: folder).status == 1)
    }
  }

  /// A script's name is the user's text: its control characters reach no terminal, and a newline
  /// in it makes no line of the report of its own.
  @Test func aScriptsNameIsShownWithItsControlCharactersWritten() throws {
    try withScripts(["x\u{1B}[31m\nok   forged.tabsh": "expect tabs 3\n"]) { folder in
      let (stdout, _, status) = try test([], in: folder)
      #expect(
        stdout == """
          FAIL x\\u{1B}[31m\\u{A}ok   forged.tabsh:1:1: expect failed: there are 0 tabs, expected 3
          0 passed, 1 failed

          """)
      #expect(status == 1)
    }
  }

  @Test func usageErrorsExitTwo() throws {
    try withScripts(["a.tabsh": ""]) { folder in
      #expect(
        try test(["nope"], in: folder) == ("", "error: no such file or folder 'nope'\n", 2))
      #expect(
        try test(["-j", "0"], in: folder)
          == ("", "error: option '-j' needs a positive whole number, not '0'\n", 2))
      #expect(
        try test(["--timeout", "soon"], in: folder)
          == (
            "",
            "error: option '--timeout' needs a number of seconds, more than 0 and at most 86400, not 'soon'\n",
            2
          ))
      #expect(
        try test(["--tapp"], in: folder)
          == (
            "", "error: unknown option '--tapp'; did you mean '--tap'? (see 'tabshell --help')\n", 2
          )
      )
      // A report that could not be written is said before any script runs.
      #expect(
        try test(["--junit", "."], in: folder) == ("", "error: --junit: '.' is a folder\n", 2))
      #expect(
        try test(["--junit", "a.tabsh/report.xml"], in: folder)
          == ("", "error: --junit: 'a.tabsh' is not a folder\n", 2))
      let empty = try test(["_nothing"], in: folder + "/..")
      #expect(empty.status == 2)
    }
  }
}

/// Files that look like scripts and cannot be run are errors of the run, in every report: never
/// left out in silence (a run that left them out passed).
@Suite struct UnrunnableScriptTests {
  /// A path named on the command line that cannot be looked at says why, not that it is missing: a
  /// path longer than PATH_MAX is named by its start and end. A missing path's control characters
  /// are written out (the newline too: no line of its own). A script named by a path that the
  /// system takes but its `NAME.stdout` would not is an error of the run, as it is when found.
  @Test func aPathNamedOnTheCommandLineThatCannotBeUsedSaysWhy() throws {
    try TestRunnerTests().withScripts(["a.tabsh": ""]) { folder in
      let long = String(repeating: "./", count: 2_100) + "a.tabsh"
      let shown =
        String(repeating: "./", count: 19) + "…/" + String(repeating: "./", count: 15) + "a.tabsh"
      #expect(
        try TestRunnerTests().test([long], in: folder)
          == (
            "",
            "error: cannot look at '\(shown)': its path is 4207 bytes, longer than the system"
              + " takes (PATH_MAX)\n", 2
          ))
      #expect(
        try TestRunnerTests().test(["no\u{1B}[2J\nFILE:1:1: error: x"], in: folder)
          == ("", "error: no such file or folder 'no\\u{1B}[2J\\u{A}FILE:1:1: error: x'\n", 2))
      let edge = String(repeating: "./", count: 2_044) + "a.tabsh"
      #expect(edge.utf8.count == Int(PATH_MAX) - 1)
      let run = try TestRunnerTests().test([edge], in: folder)
      #expect(
        run.stdout == "FAIL \(edge): cannot run it: its path is 4095 bytes, longer than the system"
          + " takes (PATH_MAX)\n0 passed, 1 failed\n")
      #expect(run.status == 1)
    }
  }

  /// Makes `name` (bytes, any) in the folder open on `parent`: a folder, or a file with `text`.
  func make(_ name: [UInt8], in parent: Int32, folder: Bool, text: String = "") -> Int32 {
    let path = name.map { CChar(bitPattern: $0) } + [0]
    if folder {
      #expect(mkdirat(parent, path, 0o755) == 0, "mkdirat: \(errno)")
      return openat(parent, path, O_RDONLY | O_DIRECTORY)
    }
    let fd = openat(parent, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(fd >= 0, "openat: \(errno)")
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
    return -1
  }

  @Test func aNameThatIsNotUTF8AndAPathTooLongAreErrorsInEveryReport() throws {
    let folder = NSTemporaryDirectory() + "tabshell-unrunnable-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer {
      // `rm` removes a tree deeper than PATH_MAX (FileManager does not).
      let remove = Process()
      remove.executableURL = URL(fileURLWithPath: "/bin/rm")
      remove.arguments = ["-rf", folder]
      try? remove.run()
      remove.waitUntilExit()
    }
    let top = open(folder, O_RDONLY | O_DIRECTORY)
    defer { close(top) }
    _ = make(Array("good.tabsh".utf8), in: top, folder: false, text: "expect tabs 0\n")
    _ = make(Array("bad".utf8) + [0xFF] + Array(".tabsh".utf8), in: top, folder: false)
    let odd = make(Array("dir".utf8) + [0xFE], in: top, folder: true)
    _ = make(Array("a.tabsh".utf8), in: odd, folder: false)
    close(odd)
    // 21 folders of 200 bytes: a script more than 4,096 bytes down.
    var deep = make(Array("deep".utf8), in: top, folder: true)
    let long = String(repeating: "d", count: 200)
    for _ in 0..<21 {
      let inner = make(Array(long.utf8), in: deep, folder: true)
      close(deep)
      deep = inner
    }
    _ = make(Array("deep.tabsh".utf8), in: deep, folder: false)
    close(deep)
    let deepPath = "deep/" + String(repeating: long + "/", count: 21) + "deep.tabsh"

    let result = try TestRunnerTests().test(["-j", "1", "--junit", "report.xml"], in: folder)
    #expect(
      result.stdout == """
        FAIL bad\\x{FF}.tabsh: cannot run it: its path is not UTF-8
        FAIL \(deepPath): cannot run it: its path is \(deepPath.utf8.count) bytes, longer than the system takes (PATH_MAX)
        FAIL dir\\x{FE}/a.tabsh: cannot run it: its path is not UTF-8
        ok   good.tabsh (N ms)
        1 passed, 3 failed

        """)
    #expect(result.stderr == "")
    #expect(result.status == 1)

    let tap = try TestRunnerTests().test(["-j", "1", "--tap"], in: folder)
    #expect(tap.stdout.hasPrefix("TAP version 13\n1..4\nnot ok 1 - bad\\\\x{FF}.tabsh\n"))
    #expect(
      tap.stdout.components(separatedBy: "  severity: error\n  type: \"not run\"\n").count == 4)
    #expect(tap.status == 1)

    let junit = try String(contentsOfFile: folder + "/report.xml", encoding: .utf8)
    #expect(junit.contains("tests=\"4\" failures=\"0\" errors=\"3\""))
    #expect(
      junit.contains(
        "<error message=\"bad\\x{FF}.tabsh: cannot run it: its path is not UTF-8\" type=\"not run\">"
      ))
  }
}
