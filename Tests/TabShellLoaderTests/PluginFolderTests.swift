import Foundation
import Testing

@testable import TabShellLoader

/// Every folder above a plugin is checked (as OpenSSH's StrictModes checks a key's folders), and
/// the file loaded is the file checked.
@Suite struct PluginFolderTests {
  /// A plugin two folders down: `TOP/middle/plugin.so`; returns the top folder's real path too.
  func nestedPlugin() throws -> (path: String, top: String) {
    let top = try makeTemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: top + "/middle", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o755])
    let path = top + "/middle/plugin.so"
    try FileManager.default.copyItem(atPath: TestPlugins.get().throwing, toPath: path)
    return (path, try #require(realPath(top)))
  }

  func failure(loading path: String) -> String? {
    do {
      _ = try PluginLoader.load(path: path)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aFolderHigherUpWritableByOthersIsRefused() throws {
    let (path, top) = try nestedPlugin()
    #expect(chmod(top, 0o777) == 0)
    #expect(
      failure(loading: path)
        == "cannot load plugin '\(path)': its folder '\(top)' is writable by other users "
        + "(mode 0777); run 'chmod go-w' on it")
    #expect(chmod(top, 0o775) == 0)
    #expect(failure(loading: path)?.contains("its folder '\(top)' is writable") == true)
    // Sticky, as /tmp is: others cannot replace what they do not own there.
    #expect(chmod(top, 0o1777) == 0)
    #expect(failure(loading: path) == nil)
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
  func aFolderHigherUpOwnedByAnotherUserIsRefused() throws {
    let (path, top) = try nestedPlugin()
    #expect(chown(top, 65534, 65534) == 0)
    #expect(
      failure(loading: path)
        == "cannot load plugin '\(path)': its folder '\(top)' belongs to another user (uid 65534)")
  }

  /// The file is opened once, checked on the open descriptor, and that descriptor is loaded: a file
  /// put in its place after the check is not what runs.
  @Test func theFileLoadedIsTheFileChecked() throws {
    let path = try freshCopy(of: TestPlugins.get().throwing, named: "swapped.so")
    let file = try PluginFile.open(path)
    let other = (path as NSString).deletingLastPathComponent + "/other.so"
    try FileManager.default.copyItem(atPath: TestPlugins.get().template, toPath: other)
    #expect(rename(other, path) == 0)
    let plugin = try PluginLoader.load(file, path: path)
    #expect(plugin.name == "throwing")
  }
}
