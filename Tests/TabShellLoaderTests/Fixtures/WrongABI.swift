// A plugin built for the next plugin ABI: the host must refuse it before creating anything.
import TabShellKit

final class WrongABIPlugin: TabShellPlugin {
  let name = "wrong-abi"
  var screenTypes: [any ScreenType] { [] }
}

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion + 1 }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(WrongABIPlugin() as AnyObject).toOpaque()
}
