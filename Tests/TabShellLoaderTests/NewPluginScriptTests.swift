import Foundation
import TestSupport
import Testing

/// `scripts/new-plugin` refuses what it cannot make well. (That what it makes builds and loads is
/// tested by ``ExamplePluginTests/aPluginFromTheTemplateBuildsAndLoadsAsItIs()``.)
@Suite struct NewPluginScriptTests {
  /// Runs the script; returns its status and what it wrote to stderr.
  func newPlugin(_ arguments: [String]) throws -> (status: Int32, error: String) {
    let run = try runProgram(repositoryRoot + "/scripts/new-plugin", arguments)
    return (run.status, run.errors)
  }

  @Test(arguments: ["bad name", "1st", "a--b", "-x", "trailing-"])
  func refusesANameThatIsNotAScreenTypeName(name: String) throws {
    let folder = try makeTemporaryFolder() + "/out"
    let result = try newPlugin([name, folder])
    #expect(result.status == 2)
    #expect(result.error.contains("is not a plugin name") || result.error.hasPrefix("usage:"))
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func refusesAFolderThatIsNotEmpty() throws {
    let folder = try makeTemporaryFolder()
    try "mine".write(toFile: folder + "/keep.txt", atomically: false, encoding: .utf8)
    let result = try newPlugin(["weather", folder])
    #expect(result == (1, "new-plugin: '\(folder)' already exists and is not empty\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["keep.txt"])
  }

  @Test func makesTheModuleAndScreenTypeNamesFromTheName() throws {
    let folder = try makeTemporaryFolder() + "/hw"
    #expect(try newPlugin(["hello-world", folder]).status == 0)
    let sources = try FileManager.default.contentsOfDirectory(
      atPath: folder + "/Sources/HelloWorld")
    #expect(sources.sorted() == ["HelloWorldPlugin.swift", "HelloWorldScreen.swift"])
    let screen = try String(
      contentsOfFile: folder + "/Sources/HelloWorld/HelloWorldScreen.swift", encoding: .utf8)
    #expect(screen.contains(#"let name = "hello-world""#))
    #expect(FileManager.default.fileExists(atPath: folder + "/test.tabsh"))
    let package = try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
    #expect(package.contains(#".package(path: "\#(repositoryRoot)/Packages/TabShellKit")"#))
  }

  @Test(arguments: [["text"], ["logger"], ["--python", "post"], ["--python", "builtin"]])
  func refusesABuiltInName(arguments: [String]) throws {
    let folder = try makeTemporaryFolder() + "/out"
    let result = try newPlugin(arguments + [folder])
    #expect(result.status == 2)
    #expect(
      result.error
        == "new-plugin: '\(arguments.last ?? "")' is taken by the built-in plugin (its names: "
        + "builtin logger page post text ticker); choose another name\n")
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func makesAPythonPluginFromTheTemplate() throws {
    let folder = try makeTemporaryFolder() + "/hw"
    #expect(try newPlugin(["--python", "hello-world", folder]).status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.sorted() == ["hello-world.py", "tabshell_plugin.py", "test.tabsh"])
    let plugin = try String(contentsOfFile: folder + "/hello-world.py", encoding: .utf8)
    #expect(plugin.contains(#"name = "hello-world""#))
    #expect(plugin.contains("class HelloWorldScreen(Screen):"))
    #expect(plugin.contains(#"Plugin("hello-world", screens=[HelloWorldScreen]).run()"#))
    let mode =
      try FileManager.default.attributesOfItem(atPath: folder + "/hello-world.py")[
        .posixPermissions] as? Int
    #expect(mode == 0o755)
  }

  /// Whether a `python3` is on PATH, which the plugins the script makes run with.
  static let hasPython3 = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

  // Skipped by name, not passed in silence, on a machine without python3 (CI has one).
  @Test(.enabled(if: hasPython3, "python3 is not on PATH: the plugin it makes cannot run"))
  func thePythonPluginItMakesLoadsAndPassesItsTest() throws {
    let folder = try makeTemporaryFolder() + "/hw"
    #expect(try newPlugin(["--python", "hello-world", folder]).status == 0)
    // The plugin runs with the python3 on PATH (`#!/usr/bin/env python3`).
    let binary = (try #require(hostCoreLibraries().first) as NSString).deletingLastPathComponent
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary + "/tabshell")
    process.arguments = ["--plugin", folder + "/hello-world.py", folder + "/test.tabsh"]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(said)")
  }
}
