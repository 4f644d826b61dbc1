// A plugin whose screen never returns from viewDidLoad, as a plugin with a bug may: nothing can stop
// it in the process, so SIGTERM and SIGHUP must still end the shell within a second.
import TabShellKit

final class HangPlugin: TabShellPlugin {
  let name = "hang"
  var screenTypes: [any ScreenType] { [HangType()] }
}

final class HangType: ScreenType {
  let name = "hang"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { HangScreen() }
}

final class HangScreen: Screen {
  func viewDidLoad() throws {
    var spins = 0
    while spins >= 0 { spins &+= 1 }
  }
}

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(HangPlugin() as AnyObject).toOpaque()
}
