import Foundation
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

  /// Runs `tabshell` with `XDG_DATA_HOME` set; returns its status, stdout and stderr.
  func run(_ arguments: [String], dataHome: String) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try binary)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = dataHome
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
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
}
