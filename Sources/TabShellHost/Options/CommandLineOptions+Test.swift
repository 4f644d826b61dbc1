@_spi(Host) import TabShellKit
import TabShellLanguage

/// What `tabshell test [OPTIONS] [PATH...]` asks for (docs/Contract.md, "The test runner").
package struct TestOptions: Equatable, Sendable {
  /// The files and folders to run (none: the current folder).
  package var paths: [String] = []
  /// `-j N`: how many scripts run at once (default: the number of cores).
  package var jobs: Int?
  /// `--timeout SECONDS`: a script that runs longer fails.
  package var timeout = 60.0
  /// `--junit FILE`: where to write a JUnit XML report.
  package var junit: String?
  /// `--tap`: TAP version 13 on stdout instead of the usual lines.
  package var tap = false
  /// `--plugin-folder`: each script loads the user's plugin folder (by default a test loads only
  /// the plugins it names, so that what is installed cannot change its result nor its time).
  package var pluginFolder = false
  /// `--retries N`: a script that fails runs again, up to N more times; one that then passes is
  /// flaky.
  package var retries = 0
  /// `--shard K/N`: only the Kth of N parts of the scripts runs.
  package var shard: Shard?
  /// `--artifacts DIR`: each script that fails leaves its pictures and recording in DIR.
  package var artifacts: String?
  /// `--html FILE`: a report of the run, the failures' pictures inline.
  package var html: String?
  /// `--help`.
  package var help = false
  /// A `--shard` value that is not K/N with 1 ≤ K ≤ N: a usage error once the words are parsed.
  var badShard: String?

  /// A part of the scripts (`--shard K/N`): the Kth (from 1) of N.
  package struct Shard: Equatable, Sendable {
    package var index: Int
    package var count: Int

    /// `K/N` with 1 ≤ K ≤ N; `nil` for anything else.
    package init?(_ word: String) {
      let parts = word.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
        let index = Int(parts[0]), let count = Int(parts[1]), index >= 1, index <= count
      else { return nil }
      self.index = index
      self.count = count
    }

    /// Whether the script at `position` (from 0) of the run's order is in this part: every Nth
    /// from the Kth, so that the parts' counts differ by one at most.
    package func contains(position: Int) -> Bool { position % count == index - 1 }
  }

  /// Makes the defaults.
  package init() {}
}

/// One option of `tabshell test`: its own, or one of the options a script takes, passed on to each.
package struct TestOption: OptionDeclaration {
  /// How it is applied: to the test runner's options, or to the scripts'.
  enum Binding: Sendable {
    case own(OptionBinding<TestOptions>)
    case script(CommandLineOption)
  }

  let binding: Binding
  /// One of the options a script takes, passed on to each.
  var isPassedOn = false

  package var parameter: CommandParameter {
    switch binding {
    case .own(let option): option.parameter
    case .script(let option): option.parameter
    }
  }

  /// Sets what it asks for, with the value its kind checked.
  func apply(
    _ test: inout TestOptions, _ options: inout CommandLineOptions, _ value: ArgumentValue?
  ) {
    switch binding {
    case .own(let option): option.apply(&test, value)
    case .script(let option): option.apply(&options, value)
    }
  }
}

extension TestOptions {
  /// The options of the scripts that `tabshell test` passes on to each of them.
  static let passedOn = [
    "--keep-going", "--plugin", "--norc", "--no-plugins", "--plugin-timeout", "--width",
    "--update-snapshots",
  ]

  /// Every option, declared once: parsing and `tabshell test --help` come from this table.
  package static let table: [TestOption] =
    [
      .option(
        "-j", .integer(in: 1...Int.max), valueName: "N",
        abstract: "run up to N scripts at once (default: the number of cores)"
      ) { test, jobs in test.jobs = jobs },
      .option(
        "--timeout", .seconds(maximum: CommandLineOptions.maximumSeconds), valueName: "SECONDS",
        abstract: "a script that runs longer fails; its processes are killed (default: 60)"
      ) { test, seconds in test.timeout = seconds },
      .option(
        "--junit", .path, valueName: "FILE",
        abstract: "write a JUnit XML report to FILE (one testcase per script)"
      ) { test, file in test.junit = file },
      .flag("--tap", abstract: "print TAP version 13 instead of the usual lines") { test in
        test.tap = true
      },
      .option(
        "--artifacts", .path, valueName: "DIR",
        abstract: "keep, for each script that fails, a picture, its terminals' text and "
          + "scrollback and a recording, in DIR/PATH"
      ) { test, folder in test.artifacts = folder },
      .option(
        "--html", .path, valueName: "FILE",
        abstract: "write a report of the run to FILE, a page with the failures' pictures"
      ) { test, file in test.html = file },
      .option(
        "--retries", .integer(in: 0...100), valueName: "N",
        abstract: "run a failing script again, up to N times; passing then, it is flaky"
      ) { test, retries in test.retries = retries },
      .option(
        "--shard", .text, valueName: "K/N",
        abstract: "run only the Kth of N parts of the scripts (1 <= K <= N), the same everywhere"
      ) { test, word in
        test.shard = TestOptions.Shard(word)
        if test.shard == nil { test.badShard = word }
      },
    ].map { TestOption(binding: .own($0)) }
    + [
      TestOption(
        binding: .script(
          .flag(
            "--summary",
            abstract: "end with 'N expects passed, N failed' on stderr, the expects of every script"
          ) { $0.summary = true })),
      TestOption(
        binding: .script(
          .flag(
            "--update",
            abstract: "write the scripts' snapshots anew (--update-snapshots, passed on)"
          ) { $0.updateSnapshots = true })),
      TestOption(
        binding: .own(
          .flag(
            "--plugin-folder",
            abstract:
              "each script loads the user's plugin folder (by default: only the plugins named)"
          ) { $0.pluginFolder = true })),
    ]
    + CommandLineOptions.table.filter { passedOn.contains($0.name) }.map {
      TestOption(binding: .script($0), isPassedOn: true)
    }
    + [TestOption(binding: .own(.flag("--help", abstract: "show this help") { $0.help = true }))]

  /// Parses the words after `test`: options (anywhere before a `--`) and paths.
  static func parse(_ arguments: ArraySlice<String>, into options: inout CommandLineOptions)
    throws(CommandLineError)
  {
    if options.commands != nil || options.record != nil {
      throw .notApplicable("'tabshell test' takes no -c nor --record (see 'tabshell test --help')")
    }
    var test = TestOptions()
    var index = arguments.startIndex
    var onlyPaths = false
    while index < arguments.endIndex {
      let word = arguments[index]
      index += 1
      if onlyPaths || !word.hasPrefix("-") || word == "-" {
        test.paths.append(word)
        continue
      }
      if word == "--" {
        onlyPaths = true
        continue
      }
      let (option, value) = try table.take(word, from: arguments, at: &index)
      option.apply(&test, &options, value)
    }
    if let word = test.badShard {
      throw .notApplicable(
        "--shard takes K/N, the Kth of N parts with 1 <= K <= N, not '\(Checks.shown(word))'")
    }
    options.test = test
  }

  /// `tabshell test --help`, generated from the table.
  package static var helpText: [String] {
    var lines = [
      "usage: tabshell test [OPTIONS] [PATH...]",
      "",
      "Runs scripts as tests: every *.tabsh file under each PATH (default: the current",
      "folder), except files and folders whose name starts with '_' (helpers to source)",
      "and folders whose name starts with '.'; a PATH that is a file always runs. Each",
      "script runs alone, in a process of its own, from the empty start-up state, in",
      "its own folder, as 'tabshell --no-plugins FILE' would (the user's plugin folder",
      "and start-up file are not read). A script with NAME.stdout, NAME.stderr",
      "or NAME.status beside it passes when what it prints and its exit status are",
      "those (a first line '# args: OPTIONS' gives it options). Everything a script",
      "started (process plugins included) ends with it; a file that looks like a",
      "script and cannot be run (its name is not UTF-8, its path is too long) fails.",
      "",
      "Prints one line per script in a stable order ('ok   PATH (N ms)' or",
      "'FAIL PATH:LINE:COL: MESSAGE'), then 'N passed, N failed' (', N timed out' when",
      "any did).",
      "",
      "options:",
    ]
    for passedOn in [false, true] {
      if passedOn { lines += ["", "options passed on to each script:"] }
      lines += table.helpRows(width: CommandLineOptions.helpWidth) {
        $0.isPassedOn == passedOn
      }
    }
    lines += [
      "",
      "Exit status: 0 every script passed; 1 a script failed or timed out; 2 a usage",
      "error, or a script with a syntax error (reported, not run).",
    ]
    return lines
  }
}
