import TabShellKit

/// The example plugin: one screen type, `counter`.
public final class ExamplePlugin: TabShellPlugin {
  /// The name `plugins` lists.
  public let name = "example"

  /// Makes the plugin; the host calls this once, through `tabshell_plugin_create`.
  public init() {}

  /// The screen types it provides.
  public var screenTypes: [any ScreenType] { [CounterScreenType()] }
}

// MARK: - Entry points: the two C symbols the host looks for

/// The plugin interface version this plugin was built for; the host refuses any other.
@_cdecl("tabshell_plugin_abi_version")
public func tabshellPluginABIVersion() -> Int32 { tabShellPluginABIVersion }

/// Makes the plugin object, retained once: the host takes that reference over.
@_cdecl("tabshell_plugin_create")
public func tabshellPluginCreate() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(ExamplePlugin() as AnyObject).toOpaque()
}
