import Foundation
@_spi(Host) import TabShellKit
import TabShellLoader
import Testing

/// Start-up loading from the plugin folder, and where that folder is.
@Suite struct LoadAllTests {
  @Test func loadsEverySharedObjectInNameOrderAndReportsEachFailure() throws {
    let folder = try makeTemporaryFolder()
    try FileManager.default.copyItem(
      atPath: TestPlugins.get().throwing, toPath: folder + "/b-throwing.so")
    try "not a plugin".write(toFile: folder + "/a-text.so", atomically: false, encoding: .utf8)
    try "ignored".write(toFile: folder + "/notes.txt", atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: folder + "/c-folder.so", withIntermediateDirectories: false)

    let results = PluginLoader.loadAll(in: folder + "/")
    #expect(
      results.map(\.path)
        == ["a-text.so", "b-throwing.so", "c-folder.so"].map { folder + "/" + $0 })
    let outcomes = results.map { entry in
      switch entry.result {
      case .success(let plugin): "loaded \(plugin.name)"
      case .failure(let error): error.reason
      }
    }
    #expect(
      outcomes == [
        "not a shared object (no ELF header)", "loaded throwing",
        "it is a folder, not a shared object",
      ])
  }

  @Test func aMissingFolderLoadsNothing() throws {
    let folder = try makeTemporaryFolder() + "/none"
    #expect(PluginLoader.loadAll(in: folder).isEmpty)
  }
}
