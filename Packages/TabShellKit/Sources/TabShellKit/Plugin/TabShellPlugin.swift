/// The version of the plugin interface. A run-time plugin exports it as `tabshell_plugin_abi_version`
/// and the host refuses a plugin built for another.
///
/// Bumped whenever the public API of this module changes in a way that breaks plugins already built
/// (`scripts/check-api` says when).
///
/// The value is compiled into each client (`@_alwaysEmitIntoClient`): a plugin reports the version it
/// was built against, not the version of the core it runs with.
///
/// History: 1, the first; 2, the arguments of a command were a frozen struct; 3, commands declare
/// typed parameters (``CommandArgument``, ``CommandOption``) and receive their screen typed, layouts
/// build through a ``LayoutBuilder``, and the host's own API left the plugin interface; 4, screen
/// types declare their parameters, typed, and (in the host's interface) a screen's lifecycle phase,
/// failure and parameters live in the model's records and every event comes out of a transition;
/// 5, screens take input (``Screen/handle(_:)``, ``ScreenType/takesInput``), a canvas cell has a
/// ``Canvas/Style`` (colours and attributes) and the canvas a cursor, and screens have timers
/// (``ScreenContext/every(_:_:)``); 6, a key a screen takes is typed (``ScreenInput/key(_:)`` holds
/// a ``Key``, not its name); 7, a tab holds panes (split screens): the events, actions, errors
/// and outcomes of panes are new cases of their frozen enums.
@_alwaysEmitIntoClient
public var tabShellPluginABIVersion: Int32 { 7 }

/// A plugin: a named set of screen types and layouts.
///
/// The built-in screens are a plugin compiled into the host. A run-time plugin is a shared object (a
/// Swift package whose product is a dynamic library depending on this module; see
/// <doc:WritingAPlugin>) that exports two C symbols:
///
/// ```swift
/// @_cdecl("tabshell_plugin_abi_version")
/// public func abiVersion() -> Int32 { tabShellPluginABIVersion }
///
/// @_cdecl("tabshell_plugin_create")
/// public func create() -> UnsafeMutableRawPointer {
///   Unmanaged.passRetained(MyPlugin() as AnyObject).toOpaque()
/// }
/// ```
///
/// The host opens the shared object, refuses it unless `tabshell_plugin_abi_version` returns its own
/// ``tabShellPluginABIVersion``, calls `tabshell_plugin_create` once and takes over the reference it
/// returns, then registers the plugin: a name that is taken or not valid (see ``ScreenType/name``)
/// refuses the whole plugin.
///
/// Isolation: used only on the thread that owns the shell.
public protocol TabShellPlugin: AnyObject {
  /// The plugin's name, as `plugins` lists it: 1 to 64 printable ASCII characters, no blanks.
  var name: String { get }
  /// The screen types it provides.
  var screenTypes: [any ScreenType] { get }
  /// The layouts it provides.
  var layouts: [Layout] { get }
}

extension TabShellPlugin {
  /// No layouts.
  public var layouts: [Layout] { [] }
}
