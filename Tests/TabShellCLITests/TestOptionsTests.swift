import Testing

@testable import TabShellHost

/// `tabshell test`'s command line: its own options, the options passed on to each script, paths.
@Suite struct TestOptionsTests {
  @Test func parsesOptionsAndPathsInAnyOrder() throws {
    let options = try CommandLineOptions.parse([
      "--norc", "test", "a", "-j", "3", "--keep-going", "--timeout=0.5", "b/", "--junit", "r.xml",
      "--tap", "--width", "40", "--", "--odd",
    ])
    var test = TestOptions()
    test.paths = ["a", "b/", "--odd"]
    test.jobs = 3
    test.timeout = 0.5
    test.junit = "r.xml"
    test.tap = true
    #expect(options.test == test)
    #expect(options.noStartupFile && options.keepGoing && options.width == 40)
    #expect(options.file == nil)
  }

  @Test func aScriptNamedTestRunsAfterDashesOrWithAPath() throws {
    #expect(try CommandLineOptions.parse(["--", "test"]).file == "test")
    #expect(try CommandLineOptions.parse(["./test"]).file == "./test")
    #expect(try CommandLineOptions.parse(["-c", "echo", "test"]).test == nil)
  }

  @Test(arguments: [
    (["test", "-j", "0"], CommandLineError.notAnInteger(option: "-j", value: "0")),
    (["test", "--timeout", "-1"], .notANumber(option: "--timeout", value: "-1")),
    (["test", "--timeout", "1e16"], .notANumber(option: "--timeout", value: "1e16")),
    (["test", "--timeout", "inf"], .notANumber(option: "--timeout", value: "inf")),
    (["test", "--junit"], .missingValue("--junit")),
    (["test", "--tap=0"], .unexpectedValue("--tap")),
    (["--norc=no", "test"], .unexpectedValue("--norc")),
    (["test", "--check"], .unknownOption("--check", suggestion: "--help")),
    (
      ["--record", "x", "test"],
      .notApplicable("'tabshell test' takes no -c nor --record (see 'tabshell test --help')")
    ),
  ])
  func refusesWhatItDoesNotTake(arguments: [String], error: CommandLineError) {
    #expect(throws: error) { try CommandLineOptions.parse(arguments) }
  }

  @Test func helpListsEveryOptionFromTheTable() {
    let result = runInProcess(["test", "--help"])
    #expect(result.status == 0)
    for option in TestOptions.table {
      let name = option.valueName.map { "\(option.name) \($0)" } ?? option.name
      #expect(result.stdout.contains("  \(name)  "), "\(name)")
    }
    #expect(result.stdout.contains("options passed on to each script:"))
  }
}
