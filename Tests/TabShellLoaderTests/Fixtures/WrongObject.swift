// A shared object whose create function returns an object that is not a TabShellPlugin.
import TabShellKit

final class NotAPlugin {
  let name = "not-a-plugin"
}

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(NotAPlugin() as AnyObject).toOpaque()
}
