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
  /// `--help`.
  package var help = false

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
    ].map { TestOption(binding: .own($0)) }
    + [
      TestOption(
        binding: .script(
          .flag(
            "--summary",
            abstract: "end with 'N expects passed, N failed' on stderr, the expects of every script"
          ) { $0.summary = true })),
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
