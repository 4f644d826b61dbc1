import Foundation
@_spi(Host) import TabShellKit

/// The shared objects the loader tests load, built once per test process.
///
/// Everything is built next to the test's own core library (`<build>/debug/loader-fixtures/`), so
/// that engineers with their own scratch paths never share a build. The first test that asks waits
/// for the build; a second run reuses what the first one built (SwiftPM and the compiler skip what is
/// up to date), so only the first run of a fresh scratch path pays for two package builds. The two
/// packages' folders are keyed by the core's files and ABI version, and a failed package build is
/// made again from scratch (``FixtureCache``): a stale folder never breaks the tests.
struct TestPlugins: Sendable {
  /// The example plugin, built by `swift build --package-path plugins/ExamplePlugin`.
  var example: String
  /// A plugin made by `scripts/new-plugin hello-test`, then built.
  var template: String
  /// Exports the ABI version plus one.
  var wrongABI: String
  /// Its create function returns an object that is not a plugin.
  var wrongObject: String
  /// Screens that throw from their callbacks (`throwing`) or refuse to be made (`refused`).
  var throwing: String
  /// Its create function traps (`fatalError`).
  var trap: String
  /// Its screen (type `hang`) never returns from `viewDidLoad`.
  var hang: String
  /// The same plugin, `reloadable`, built twice: the second build has another summary and a
  /// command (for `reload`).
  var reloadable: (first: String, second: String)
  /// A C shared object without the entry points.
  var noSymbol: String
  /// A C shared object with the version symbol only.
  var noCreate: String
  /// A C shared object whose create function returns NULL.
  var nilCreate: String

  /// The plugins, built on first use.
  static func get() throws -> TestPlugins { try built.get() }

  private static let built = Result { try build() }

  private static func build() throws -> TestPlugins {
    guard let core = hostCoreLibraries().first else {
      throw BuildFailure(description: "libTabShellKit.so is not loaded in the test process")
    }
    let buildDirectory = (core as NSString).deletingLastPathComponent
    let out = buildDirectory + "/loader-fixtures"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let fixtures = repositoryRoot + "/Tests/TabShellLoaderTests/Fixtures"

    var jobs: [Job] = []
    for name in ["WrongABI", "WrongObject", "Throwing", "Trap", "Hang"] {
      jobs.append(
        Job(
          "swiftc",
          [
            "-emit-library", "-swift-version", "6", "-module-name", name,
            "-I", buildDirectory + "/Modules", "-L", buildDirectory, "-lTabShellKit",
            "-o", "\(out)/lib\(name).so", "\(fixtures)/\(name).swift",
          ]))
    }
    for (output, flags) in [("Reloadable1", [String]()), ("Reloadable2", ["-DSECOND"])] {
      jobs.append(
        Job(
          "swiftc",
          [
            "-emit-library", "-swift-version", "6", "-module-name", "Reloadable",
            "-I", buildDirectory + "/Modules", "-L", buildDirectory, "-lTabShellKit",
            "-o", "\(out)/\(output)/libReloadable.so", "\(fixtures)/Reloadable.swift",
          ] + flags))
      try FileManager.default.createDirectory(
        atPath: "\(out)/\(output)", withIntermediateDirectories: true)
    }
    for name in ["NoSymbol", "NoCreate", "NilCreate"] {
      jobs.append(
        Job(
          "cc",
          [
            "-shared", "-fPIC", "-DABI=\(tabShellPluginABIVersion)", "-o", "\(out)/lib\(name).so",
            "\(fixtures)/\(name).c",
          ]))
    }
    let key = FixtureCache.currentKey()
    let example = PackageBuild(
      package: repositoryRoot + "/plugins/ExamplePlugin",
      scratch: FixtureCache.scratch("example-build", in: out, key: key))
    try example.start()
    for job in jobs { try job.start() }

    let templatePackage =
      NSTemporaryDirectory() + "tabshell-template-\(UUID().uuidString)/HelloTest"
    defer {
      try? FileManager.default.removeItem(
        atPath: (templatePackage as NSString).deletingLastPathComponent)
    }
    try Job(repositoryRoot + "/scripts/new-plugin", ["hello-test", templatePackage]).run()
    let template = PackageBuild(
      package: templatePackage, scratch: FixtureCache.scratch("template-build", in: out, key: key))
    try template.start()
    try template.wait()
    try example.wait()
    for job in jobs { try job.wait() }

    return TestPlugins(
      example: example.scratch + "/debug/libExamplePlugin.so",
      template: template.scratch + "/debug/libHelloTest.so",
      wrongABI: out + "/libWrongABI.so", wrongObject: out + "/libWrongObject.so",
      throwing: out + "/libThrowing.so", trap: out + "/libTrap.so", hang: out + "/libHang.so",
      reloadable: (out + "/Reloadable1/libReloadable.so", out + "/Reloadable2/libReloadable.so"),
      noSymbol: out + "/libNoSymbol.so",
      noCreate: out + "/libNoCreate.so", nilCreate: out + "/libNilCreate.so")
  }
}

/// The repository's root folder, found from this file's path.
let repositoryRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.path
}()

/// The paths of every `libTabShellKit.so` mapped into this process: the host's copy, and any other.
func hostCoreLibraries() -> [String] {
  // Read to the end: a file in /proc has no size, so reading "the whole file" at once may get nothing.
  let data = FileHandle(forReadingAtPath: "/proc/self/maps").flatMap { try? $0.readToEnd() }
  var paths: [String] = []
  for line in String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n") {
    guard let slash = line.firstIndex(of: "/") else { continue }
    let path = String(line[slash...])
    if path.hasSuffix("/libTabShellKit.so"), !paths.contains(path) { paths.append(path) }
  }
  return paths
}

/// A new folder, only its owner can write to, that the test may fill.
func makeTemporaryFolder() throws -> String {
  let path = runFolder + "/" + UUID().uuidString
  try FileManager.default.createDirectory(
    atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
  return path
}

/// This test process's folder for temporary files: `$TMPDIR/tabshell-loader-tests/PID`. Made on
/// first use, when the folders of test processes that are gone are removed.
let runFolder: String = {
  let base = NSTemporaryDirectory() + "tabshell-loader-tests"
  let files = FileManager.default
  for name in (try? files.contentsOfDirectory(atPath: base)) ?? [] {
    if let pid = Int32(name), kill(pid, 0) != 0, errno == ESRCH {
      try? files.removeItem(atPath: base + "/" + name)
    }
  }
  return base + "/\(getpid())"
}()

/// A copy of a shared object in a new folder: a file that has not been loaded yet.
func freshCopy(of path: String, named name: String? = nil) throws -> String {
  let copy = try makeTemporaryFolder() + "/" + (name ?? (path as NSString).lastPathComponent)
  try FileManager.default.copyItem(atPath: path, toPath: copy)
  return copy
}

/// A command the build runs, started now and waited for later.
final class Job: @unchecked Sendable {
  let tool: String
  let arguments: [String]
  private let process = Process()
  private let output = Pipe()

  init(_ tool: String, _ arguments: [String]) {
    self.tool = tool
    self.arguments = arguments
  }

  func start() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.standardOutput = output
    process.standardError = output
    try process.run()
  }

  func wait() throws {
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BuildFailure(
        description: "\(tool) \(arguments.joined(separator: " ")) failed:\n\(text)")
    }
  }

  func run() throws {
    try start()
    try wait()
  }
}

/// A test plugin that did not build.
struct BuildFailure: Error, CustomStringConvertible {
  let description: String
}
