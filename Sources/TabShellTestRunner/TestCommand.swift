import TabShellHost
import TabShellLanguage
import TabShellPlatform

/// `tabshell test [OPTIONS] [PATH...]` (docs/Contract.md, "The test runner"): finds the scripts,
/// runs each alone in a child process, prints a line per script in their order as soon as it and
/// those before it are done, then the totals; writes the JUnit report.
package enum TestCommand {
  /// Runs the scripts `test` names, each in a child that runs it with `entry`; returns the exit
  /// status (0 all passed, 1 one failed, 2 a usage or syntax error).
  package static func run(
    _ test: TestOptions, _ options: CommandLineOptions, _ process: ProcessContext,
    entry: @escaping ScriptEntry
  ) -> Int32 {
    if test.help {
      for line in TestOptions.helpText { process.writeOutput(line + "\n") }
      return 0
    }
    var scripts: [TestScript]
    do throws(TestDiscovery.Unreachable) {
      scripts = try TestDiscovery.scripts(test.paths)
    } catch {
      process.writeError("error: \(error)\n")
      return 2
    }
    if let shard = test.shard {
      // Every Nth script of the run's order (the paths', the same on every machine) from the Kth.
      scripts = scripts.indices.filter { shard.contains(position: $0) }.map { scripts[$0] }
    }
    for (option, file) in [("--junit", test.junit), ("--html", test.html)] {
      guard let file, let problem = JUnitReport.unwritable(file) else { continue }
      // Said before the scripts run, not after: the report could not be written then.
      process.writeError("error: \(option): \(problem)\n")
      return 2
    }
    let artifacts = TestArtifacts(test, directory: process.currentDirectory)
    defer { artifacts?.cleanUp() }
    if scripts.isEmpty {
      process.writeError("warning: no test scripts (*.tabsh) found\n")
    }
    let passedOn = passedOnArguments(
      options, pluginFolder: test.pluginFolder, directory: process.currentDirectory)
    var expects = (passed: 0, failed: 0)
    var results: [TestResult?] = Array(repeating: nil, count: scripts.count)
    var shown = 0
    var totals = TestTotals()
    if test.tap {
      for line in TAPReport.header(count: scripts.count) { process.writeOutput(line + "\n") }
    }
    warmUp(process)
    let started = TestRunner.now()
    let runner = TestRunner(
      scripts: scripts,
      arguments: { script in
        passedOn + ownArguments(script) + (artifacts?.arguments(for: script) ?? [])
          + ["--", script.name]
      },
      jobs: test.jobs ?? CurrentProcess.processorCount, timeout: test.timeout,
      keepsAllOutput: ExpectedOutput.exists(for:), entry: entry)
    // The verdicts of the tries that failed before the one under way, for each script.
    var failedTries: [[TestVerdict]] = Array(repeating: [], count: scripts.count)
    let completed = runner.run { index, run in
      let verdict = TestVerdict.judge(scripts[index], run, timeout: test.timeout)
      if verdict.kind.isRetried, failedTries[index].count < test.retries {
        failedTries[index].append(verdict)
        return true
      }
      var run = run
      if verdict.kind == .passed || test.junit == nil {
        // Only the JUnit report shows output, of the scripts that did not pass only.
        run.stdout = []
        run.stderr = []
      } else {
        // And only as much as it shows: what is kept does not grow with a script's output.
        run.stdout = Array(run.stdout.prefix(JUnitReport.outputLimit))
        run.stderr = Array(run.stderr.prefix(JUnitReport.outputLimit))
      }
      expects.passed += run.report?.expectsPassed ?? 0
      expects.failed += run.report?.expectsFailed ?? 0
      let result = TestResult(
        script: scripts[index], run: run, verdict: verdict, failedTries: failedTries[index])
      results[index] = result
      totals.add(result)
      while shown < results.count, let result = results[shown] {
        shown += 1
        let lines = test.tap ? TAPReport.lines(result, number: shown) : TextReport.lines(result)
        for line in lines { process.writeOutput(line + "\n") }
      }
      process.flush()
      return false
    }
    guard completed else { return 1 }
    let closing = test.tap ? TAPReport.footer(totals) : [totals.closingLine]
    for line in closing { process.writeOutput(line + "\n") }
    if options.summary, let summary = Checks.summary(passed: expects.passed, failed: expects.failed)
    {
      process.writeError(summary + "\n")
    }
    let finished = results.compactMap { $0 }
    var reports: [(option: String, file: String, text: () -> String)] = []
    if let junit = test.junit {
      let milliseconds = Int((TestRunner.now() - started) / 1_000_000)
      reports.append(
        (
          "--junit", junit,
          {
            JUnitReport.xml(
              finished, milliseconds: milliseconds, timestamp: JUnitReport.timestamp())
          }
        ))
    }
    if let html = test.html {
      reports.append(
        ("--html", html, { HTMLReport.page(finished, totals: totals, artifacts: artifacts) }))
    }
    for report in reports {
      let file = report.file
      let path = file.hasPrefix("/") ? file : process.currentDirectory + "/" + file
      do throws(LanguageError) {
        try WrittenFile.replace(path, with: report.text(), name: file)
      } catch {
        process.writeError("error: \(report.option): \(error)\n")
        return 2
      }
    }
    return totals.status
  }

  /// Runs a small script once in the runner, on a shell that is then thrown away, its output
  /// dropped: the caches of the Swift runtime and of the dynamic linker (type conformances, symbols
  /// bound on first call, the command table) are then filled in every child forked after it, and
  /// each child starts faster. Nothing else of it reaches a child: a child makes its own shell and
  /// interpreter, as `tabshell FILE` does.
  static func warmUp(_ process: ProcessContext) {
    var quiet = process
    quiet.writeOutput = { _ in }
    quiet.errorSink = { _ in }
    let interpreter = ShellStartup.makeInterpreter(CommandLineOptions(), quiet)
    _ = interpreter.run(
      interpreter.parse(
        """
        add-tab text --id a --title A
        add-tab text; tab 2; swipe right; swipe left --cancel; last-tab
        push text --title B; pop; present text; dismiss
        expect tabs 2; expect selected a; expect output A
        show; tabs; state --json
        """, file: "warm-up"))
  }

  /// The options of `tabshell test` that each script gets, as a command line; a relative plugin
  /// path is made absolute (each script runs in its own folder). The user's plugin folder is left
  /// out unless `pluginFolder` (a script reads no start-up file in any case).
  static func passedOnArguments(
    _ options: CommandLineOptions, pluginFolder: Bool = false, directory: String
  ) -> [String] {
    var arguments: [String] = []
    if options.keepGoing { arguments.append("--keep-going") }
    if options.noStartupFile { arguments.append("--norc") }
    if options.noPluginFolder || !pluginFolder { arguments.append("--no-plugins") }
    if options.pluginTimeout != CommandLineOptions().pluginTimeout {
      arguments += ["--plugin-timeout", String(options.pluginTimeout)]
    }
    if options.checkOnly { arguments.append("--check") }
    if options.noColor { arguments.append("--no-color") }
    if options.updateSnapshots { arguments.append("--update-snapshots") }
    if let width = options.width { arguments += ["--width", String(width)] }
    for plugin in options.plugins {
      arguments += ["--plugin", plugin.hasPrefix("/") ? plugin : directory + "/" + plugin]
    }
    return arguments
  }

  /// The options a script gives itself on its first line, `# args: OPTIONS` (words split on blanks).
  static func ownArguments(_ script: TestScript) -> [String] {
    let path = script.folder == "." ? script.name : script.folder + "/" + script.name
    guard let file = try? InputFile(path: path) else { return [] }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let read = bytes.withUnsafeMutableBytes { SystemIO.readOnce(file.descriptor, into: $0) }
    guard case .read(let count) = read, count > 0 else { return [] }
    let line = String(decoding: bytes[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    guard line.hasPrefix("# args: ") else { return [] }
    return line.dropFirst("# args: ".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(
      String.init)
  }
}
