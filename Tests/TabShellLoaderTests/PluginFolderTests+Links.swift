import Foundation
import Testing

@testable import TabShellLoader

/// A symbolic link on the way to a plugin is part of the way: the folder that holds it and the
/// folders of its target are checked as a plain file's folders are, and the link must be owned by
/// root or by this user; links at any depth, absolute or relative.
extension PluginFolderTests {
  /// A folder of its own, `mode`, and its real path.
  func folder(mode: mode_t) throws -> (path: String, real: String) {
    let path = try makeTemporaryFolder()
    #expect(chmod(path, mode) == 0)
    return (path, try #require(realPath(path)))
  }

  func link(_ link: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
  }

  @Test func aLinkInAFolderOthersCanWriteIsRefusedAsAFileThereIs() throws {
    let plugin = try freshCopy(of: TestPlugins.get().throwing)
    let open = try folder(mode: 0o777)
    try link(open.path + "/link.so", to: plugin)
    #expect(
      failure(loading: open.path + "/link.so")
        == "cannot load plugin '\(open.path)/link.so': its folder '\(open.real)' is writable by "
        + "other users (mode 0777); run 'chmod go-w' on it")
    // The same for a process plugin.
    let program = try folder(mode: 0o755).path + "/program"
    try writeFile(program, "#!/bin/sh\n")
    try link(open.path + "/program", to: program)
    #expect(throws: PluginLoadError.self) {
      try PluginFile.open(open.path + "/program", executable: true).close()
    }
    // Sticky, as /tmp is: others cannot replace the link.
    #expect(chmod(open.path, 0o1777) == 0)
    #expect(failure(loading: open.path + "/link.so") == nil)
  }

  @Test func aFolderOnTheWayThatIsALinkInAFolderOthersCanWriteIsRefused() throws {
    let plugin = try freshCopy(of: TestPlugins.get().throwing)
    let open = try folder(mode: 0o777)
    try link(open.path + "/plugins", to: (plugin as NSString).deletingLastPathComponent)
    let path = open.path + "/plugins/" + (plugin as NSString).lastPathComponent
    #expect(failure(loading: path)?.contains("its folder '\(open.real)' is writable") == true)
  }

  @Test func aLinkToAFileInAFolderOthersCanWriteIsRefused() throws {
    let open = try folder(mode: 0o755)
    let plugin = try freshCopy(of: TestPlugins.get().throwing, named: "p.so")
    let held = (plugin as NSString).deletingLastPathComponent
    let real = try #require(realPath(held))
    #expect(chmod(held, 0o777) == 0)
    // Relative, through `..`: the target is followed from the link's folder.
    try link(open.path + "/link.so", to: "../" + (held as NSString).lastPathComponent + "/p.so")
    #expect(
      failure(loading: open.path + "/link.so")?.contains("its folder '\(real)' is writable")
        == true)
    #expect(chmod(held, 0o755) == 0)
    #expect(failure(loading: open.path + "/link.so") == nil)
  }

  @Test func aChainOfLinksIsFollowedLinkByLink() throws {
    let plugin = try freshCopy(of: TestPlugins.get().throwing)
    let safe = try folder(mode: 0o755)
    let open = try folder(mode: 0o777)
    // safe/first -> open/second -> plugin: the second link lies where others can write.
    try link(open.path + "/second.so", to: plugin)
    try link(safe.path + "/first.so", to: open.path + "/second.so")
    #expect(failure(loading: safe.path + "/first.so")?.contains("'\(open.real)'") == true)
  }

  @Test func aLoopOfLinksIsAnError() throws {
    let safe = try folder(mode: 0o755)
    try link(safe.path + "/a.so", to: "b.so")
    try link(safe.path + "/b.so", to: "a.so")
    #expect(
      failure(loading: safe.path + "/a.so")
        == "cannot load plugin '\(safe.path)/a.so': cannot read it: Too many levels of symbolic links"
    )
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a link to another user"))
  func aLinkOwnedByAnotherUserIsRefused() throws {
    let plugin = try freshCopy(of: TestPlugins.get().throwing)
    let safe = try folder(mode: 0o755)
    try link(safe.path + "/link.so", to: plugin)
    #expect(lchown(safe.path + "/link.so", 65534, 65534) == 0)
    #expect(
      failure(loading: safe.path + "/link.so")
        == "cannot load plugin '\(safe.path)/link.so': the symbolic link '\(safe.real)/link.so' "
        + "on its way belongs to another user (uid 65534)")
  }
}
