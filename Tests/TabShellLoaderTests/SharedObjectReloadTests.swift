import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import Testing

/// `reload` of a Swift plugin: a rebuilt shared object at the same path is loaded from a private
/// copy, in the old build's place, while none of its screens exist.
@Suite struct SharedObjectReloadTests {
  @Test func aRebuiltPluginIsLoadedAgainOnceItsScreensAreGone() throws {
    let plugins = try TestPlugins.get()
    let session = try ProcessSession()
    let path = session.folder + "/libReloadable.so"
    try FileManager.default.copyItem(atPath: plugins.reloadable.first, toPath: path)
    #expect(session.run("load \(path); screens").out == ["reloadable  the first build"])
    #expect(
      session.run("reload reloadable").err == [
        "t:1:1: error: plugin 'reloadable' ('\(path)') has not changed since it was loaded; "
          + "rebuild it, then reload\n"
      ])
    // A rebuild: a new file at the same path.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: plugins.reloadable.second, toPath: path)
    #expect(session.run("add-tab reloadable --id r; add-tab reloadable").status == 0)
    #expect(
      session.run("reload reloadable").err == [
        "t:1:1: error: plugin 'reloadable' is a Swift plugin and has screens open (r, "
          + "reloadable): they cannot move to rebuilt code; close their tabs and reload "
          + "again, or restart tabshell\n"
      ])
    let reload = session.run(
      "close-tab r; close-tab reloadable; reload reloadable; screens; add-tab reloadable; which")
    #expect(reload.status == 0, "\(reload.err)")
    #expect(
      reload.out == [
        "reloaded plugin 'reloadable' from '\(path)' (the previous build stays in memory until "
          + "tabshell exits)",
        "reloadable  the second build [commands: which]", "second",
      ])
    #expect(
      session.run("plugins").out.prefix(2) == ["reloadable (\(path))", "  kind: shared object"])
  }

  @Test func aBuiltInPluginIsNotReloaded() throws {
    let session = try ProcessSession()
    #expect(
      session.run("reload nothing").err == ["t:1:1: error: no plugin 'nothing' is loaded\n"])
  }
}
