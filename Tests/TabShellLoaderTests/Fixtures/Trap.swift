// A plugin whose entry point traps (`fatalError`), as a plugin with a bug does: the host cannot
// survive it, but must say whose code it was, keep the output it had made, and end at once.
import TabShellKit

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  fatalError("the trap fixture traps")
}
