// A plugin built twice into the same path, for `reload`: the second build (-DSECOND) says so in
// its summary and has one more command.
import TabShellKit

final class ReloadablePlugin: TabShellPlugin {
  let name = "reloadable"
  var screenTypes: [any ScreenType] { [ReloadableType()] }
}

final class ReloadableType: ScreenType {
  let name = "reloadable"
  #if SECOND
    let summary = "the second build"
    var commands: [ScreenCommand] {
      [
        ScreenCommand("which", of: ReloadableScreen.self, abstract: "which build") { _, command in
          command.write("second")
        }
      ]
    }
  #else
    let summary = "the first build"
  #endif
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { ReloadableScreen() }
}

final class ReloadableScreen: Screen {}

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(ReloadablePlugin() as AnyObject).toOpaque()
}
