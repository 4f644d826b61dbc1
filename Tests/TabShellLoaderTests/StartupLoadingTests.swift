import Foundation
import TestSupport
import Testing

/// The `tabshell` binary loads the plugins in the user's plugin folder at start-up, says which
/// failed, and starts anyway; `--norc` skips them.
@Suite struct StartupLoadingTests {
  /// The built `tabshell`, beside the core library the tests use.
  var binary: String {
    get throws {
      guard let core = hostCoreLibraries().first else {
        throw BuildFailure(description: "libTabShellKit.so is not loaded in the test process")
      }
      return (core as NSString).deletingLastPathComponent + "/tabshell"
    }
  }

  /// Runs `tabshell` with `XDG_DATA_HOME` set (and `extra`); returns its status, stdout and stderr.
  func run(_ arguments: [String], dataHome: String, extra: [String: String] = [:]) throws -> (
    Int32, String, String
  ) {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = dataHome
    environment.merge(extra) { $1 }
    let run = try runProgram(try binary, arguments, environment: environment)
    return (run.status, run.output, run.errors)
  }

  @Test func installedPluginsAreLoadedAndFailuresReported() throws {
    let dataHome = try makeTemporaryFolder()
    let folder = dataHome + "/tabshell/plugins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: TestPlugins.get().example, toPath: folder + "/example.so")
    try "not a plugin".write(toFile: folder + "/broken.so", atomically: false, encoding: .utf8)

    let (status, stdout, stderr) = try run(
      ["-c", "add-tab counter --id c; increment 2; expect badge c 2"], dataHome: dataHome)
    #expect(status == 0, "\(stderr)")
    #expect(stdout == "Counter: 2\n")
    #expect(
      stderr
        == "warning: cannot load plugin '\(folder)/broken.so': not a shared object (no ELF header)"
        + " (skipped)\n")

    let (skipped, _, skippedErrors) = try run(
      ["--norc", "-c", "add-tab counter"], dataHome: dataHome)
    #expect(skipped == 1)
    #expect(skippedErrors.contains("unknown screen type 'counter'"))
  }

  /// A process plugin calling itself `name` (the faulty fixture) at `path`.
  func processPlugin(_ name: String, at path: String) throws {
    let fixture = repositoryRoot + "/Tests/TabShellLoaderTests/Fixtures/faulty.sh"
    try writeFile(path, "#!/bin/sh\necho \"pid $$\" >&2\nexec '\(fixture)' \(name)\n")
  }

  @Test func theFolderStartsProcessPluginsAndAnExplicitCopyTakesPrecedence() throws {
    let dataHome = try makeTemporaryFolder()
    let folder = dataHome + "/tabshell/plugins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try processPlugin("faulty", at: folder + "/faulty")
    try processPlugin("other", at: folder + "/other.sh")
    try "print('a module, not a plugin')".write(
      toFile: folder + "/helper.py", atomically: false, encoding: .utf8)
    let mine = try makeTemporaryFolder() + "/faulty.sh"
    try processPlugin("faulty", at: mine)

    let (status, stdout, stderr) = try run(
      ["--plugin", mine, "-c", "plugins"], dataHome: dataHome)
    #expect(status == 0, "\(stderr)")
    #expect(
      stdout
        == """
        builtin (built-in)
          kind: built in
          screens: text page post logger ticker terminal
          layouts: swipeable xianyu profile lifecycle demo
        faulty (\(mine))
          kind: process, running
          screens: faulty
          layouts: faulty-pair
        other (\(folder)/other.sh)
          kind: process, running
          screens: other
          layouts: other-pair

        """)
    let warnings = stderr.split(separator: "\n").filter { !$0.hasPrefix("faulty.sh: pid") }
    #expect(
      warnings.filter { !$0.hasPrefix("other.sh: pid") && !$0.hasPrefix("faulty: pid") } == [
        "warning: plugin 'faulty' in the plugin folder ('\(folder)/faulty') is not loaded: "
          + "--plugin '\(mine)' provides it and takes precedence (--no-plugins skips the folder)"
      ])
    // Every plugin process is gone once tabshell is.
    let pids = stderr.split(separator: "\n").compactMap { line in
      line.split(separator: " ").last.flatMap { Int32($0) }
    }
    #expect(pids.count == 3)
    for pid in pids { #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)")) }

    let (skipped, listed, _) = try run(
      ["--no-plugins", "--plugin", mine, "-c", "screens"], dataHome: dataHome)
    #expect(skipped == 0)
    #expect(listed.contains("faulty") && !listed.contains("other"))
  }

  @Test func theTimeLimitIsAnOption() throws {
    let dataHome = try makeTemporaryFolder()
    let plugin = try makeTemporaryFolder() + "/slow.sh"
    try processPlugin("slow", at: plugin)
    let (status, _, stderr) = try run(
      ["--plugin-timeout", "2", "--plugin", plugin, "-c", "add-tab slow; fault hang; echo no"],
      dataHome: dataHome)
    #expect(status == 1)
    #expect(
      stderr.split(separator: "\n").last.map(String.init)
        == "-c:1:15: error: plugin 'slow' stopped: the plugin did not answer 'screen/command' "
        + "within 2 s")
    for value in ["0", "-1", "soon", "nan"] {
      let (bad, _, message) = try run(
        ["--plugin-timeout", value, "-c", "echo"], dataHome: dataHome)
      #expect(bad == 2)
      #expect(
        message
          == "error: option '--plugin-timeout' needs a number of seconds, more than 0 and at most 86400, not '\(value)'\n"
      )
    }
  }
}
