import TabShellHost
import TabShellLanguage
import TabShellPlatform

/// Where the scripts of a run leave what they failed with (`--artifacts DIR`; with `--html` alone,
/// a temporary folder the report reads and that is removed afterwards): a folder for each script,
/// `DIR/PATH` (its path less `.tabsh`, `..` written `__`), which its child fills when it fails
/// (``TabShellLanguage/Interpreter/finishArtifacts(in:failed:)``).
struct TestArtifacts {
  /// The folder of the run, absolute.
  let folder: String
  /// Whether it is the run's own, removed at its end.
  let isTemporary: Bool

  /// The folder `--artifacts` names (relative to `directory`), else a temporary one when `--html`
  /// needs pictures; `nil` when neither is asked for.
  init?(_ test: TestOptions, directory: String) {
    if let folder = test.artifacts {
      self.folder = folder.hasPrefix("/") ? folder : directory + "/" + folder
      isTemporary = false
    } else if test.html != nil,
      let folder = try? FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-artifacts-")
    {
      self.folder = folder
      isTemporary = true
    } else {
      return nil
    }
  }

  /// The folder of one script.
  func folder(of script: TestScript) -> String {
    var path = script.path.hasSuffix(".tabsh") ? String(script.path.dropLast(6)) : script.path
    path = path.split(separator: "/").map { $0 == ".." ? "__" : $0 == "." ? "_" : $0 }
      .joined(separator: "/")
    return folder + "/" + path
  }

  /// The option that has a script's child keep what it failed with.
  func arguments(for script: TestScript) -> [String] {
    ["--artifacts", folder(of: script)]
  }

  /// A file a script left, as text, if it left it.
  func file(_ name: String, of script: TestScript) -> String? {
    try? Interpreter.readText(folder(of: script) + "/" + name, name: name)
  }

  /// The text files a script left for its terminal screens (`ID.txt`, `ID.scrollback.txt`), by
  /// name.
  func terminalFiles(of script: TestScript) -> [(name: String, text: String)] {
    guard let folder = try? OpenFolder(path: self.folder(of: script)),
      let entries = try? folder.entries()
    else { return [] }
    let names = entries.compactMap(\.text).filter { $0.hasSuffix(".txt") && $0 != "screen.txt" }
      .sorted()
    return names.compactMap { name in file(name, of: script).map { (name, $0) } }
  }

  /// Removes the run's own folder.
  func cleanUp() {
    if isTemporary { FileSystem.removeTree(folder) }
  }
}
