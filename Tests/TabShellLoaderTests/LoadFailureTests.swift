import Foundation
@_spi(Host) import TabShellKit
import TabShellLoader
import Testing

/// Every way a load can fail gives one error that names the path, with these exact words.
@Suite struct LoadFailureTests {
  /// Loads `path` and returns the error, or records an issue when it loads.
  func failure(
    loading path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> PluginLoadError? {
    do {
      let plugin = try PluginLoader.load(path: path)
      Issue.record("'\(path)' loaded as '\(plugin.name)'", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  @Test func missingFile() throws {
    let path = try makeTemporaryFolder() + "/missing.so"
    let error = failure(loading: path)
    #expect(error == .notFound(path: path))
    #expect(error?.description == "cannot load plugin '\(path)': no such file")
  }

  @Test func folder() throws {
    let path = try makeTemporaryFolder()
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': it is a folder, not a shared object")
  }

  @Test func notELF() throws {
    let path = try makeTemporaryFolder() + "/text.so"
    try "hello\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': not a shared object (no ELF header)")
  }

  @Test func brokenELFIsRefusedByTheDynamicLinker() throws {
    let path = try makeTemporaryFolder() + "/broken.so"
    try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]).write(to: URL(fileURLWithPath: path))
    let error = failure(loading: path)
    guard case .openFailed(path, let reason)? = error else {
      Issue.record("expected openFailed, got \(String(describing: error))")
      return
    }
    #expect(reason.contains(path))
    #expect(error?.description == "cannot load plugin '\(path)': \(reason)")
  }

  @Test func noEntryPoints() throws {
    let path = try freshCopy(of: TestPlugins.get().noSymbol)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': not a TabShell plugin (it has no "
        + "'tabshell_plugin_abi_version' symbol)")
  }

  @Test func noCreateFunction() throws {
    let path = try freshCopy(of: TestPlugins.get().noCreate)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': not a TabShell plugin (it has no "
        + "'tabshell_plugin_create' symbol)")
  }

  @Test func wrongABIVersion() throws {
    let path = try freshCopy(of: TestPlugins.get().wrongABI)
    let host = tabShellPluginABIVersion
    #expect(failure(loading: path) == .abiMismatch(path: path, plugin: host + 1, host: host))
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': built for plugin ABI \(host + 1), this tabshell has "
        + "\(host); rebuild the plugin")
  }

  @Test func createReturnsAnotherObject() throws {
    let path = try freshCopy(of: TestPlugins.get().wrongObject)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': tabshell_plugin_create returned a "
        + "'WrongObject.NotAPlugin', not a TabShellPlugin")
  }

  @Test func createReturnsNothing() throws {
    let path = try freshCopy(of: TestPlugins.get().nilCreate)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': tabshell_plugin_create returned nil, not a TabShellPlugin"
    )
  }

  @Test func alreadyLoadedByAnyPath() throws {
    let path = try freshCopy(of: TestPlugins.get().throwing)
    let real = try #require(realPath(path))
    let link = try makeTemporaryFolder() + "/link.so"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    _ = try PluginLoader.load(path: path)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': already loaded (as '\(real)')")
    #expect(failure(loading: link) == .alreadyLoaded(path: link, realPath: real))
  }

  @Test func fileWritableByOthers() throws {
    let path = try freshCopy(of: TestPlugins.get().throwing)
    #expect(chmod(path, 0o664) == 0)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': it is writable by other users (mode 0664); "
        + "run 'chmod go-w' on it")
    #expect(chmod(path, 0o646) == 0)
    #expect(failure(loading: path) == .writableByOthers(path: path, folder: nil, mode: 0o646))
  }

  @Test func folderWritableByOthers() throws {
    let path = try freshCopy(of: TestPlugins.get().throwing)
    let folder = (path as NSString).deletingLastPathComponent
    let real = try #require(realPath(folder))
    #expect(chmod(folder, 0o777) == 0)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': its folder '\(real)' is writable by other users "
        + "(mode 0777); run 'chmod go-w' on it")
    // A sticky folder (as /tmp is) keeps others from replacing the file: that is fine.
    #expect(chmod(folder, 0o1777) == 0)
    #expect(throws: Never.self) { try PluginLoader.load(path: path) }
  }
}

extension LoadFailureTests {
  @Test func notARegularFile() {
    #expect(
      failure(loading: "/dev/null")?.description
        == "cannot load plugin '/dev/null': not a shared object (no ELF header)")
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func ownedByAnotherUser() throws {
    let path = try freshCopy(of: TestPlugins.get().throwing)
    let folder = (path as NSString).deletingLastPathComponent
    let real = try #require(realPath(folder))
    #expect(chown(path, 65534, 65534) == 0)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': it belongs to another user (uid 65534)")
    #expect(chown(path, 0, 0) == 0 && chown(folder, 65534, 65534) == 0)
    #expect(
      failure(loading: path)?.description
        == "cannot load plugin '\(path)': its folder '\(real)' belongs to another user (uid 65534)")
  }
}

/// The canonical path, symbolic links resolved.
func realPath(_ path: String) -> String? {
  guard let pointer = realpath(path, nil) else { return nil }
  defer { free(pointer) }
  return String(cString: pointer)
}
