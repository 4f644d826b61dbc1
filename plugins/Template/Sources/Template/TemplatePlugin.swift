import TabShellKit

/// The Template plugin: the screen types it gives TabShell.
public final class TemplatePlugin: TabShellPlugin {
  /// The name `plugins` lists.
  public let name = "template"

  /// Makes the plugin; the host calls this once, through `tabshell_plugin_create`.
  public init() {}

  /// The screen types it provides: add yours here.
  public var screenTypes: [any ScreenType] { [TemplateScreenType()] }
}

// MARK: - Entry points: the two C symbols tabshell looks for. Keep them as they are.

/// The plugin interface version this plugin was built for; tabshell refuses any other.
@_cdecl("tabshell_plugin_abi_version")
public func tabshellPluginABIVersion() -> Int32 { tabShellPluginABIVersion }

/// Makes the plugin object, retained once: tabshell takes that reference over.
@_cdecl("tabshell_plugin_create")
public func tabshellPluginCreate() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(TemplatePlugin() as AnyObject).toOpaque()
}
