import Synchronization
@_spi(Host) import TabShellKit
import TabShellPlatform

/// Loads run-time plugins: shared objects that export `tabshell_plugin_abi_version` and
/// `tabshell_plugin_create` (see ``TabShellKit/TabShellPlugin``).
///
/// Loading opens the file once and checks it (it exists, is not a folder, neither it nor any folder
/// above it can be written by other users, it is an ELF file: see `PluginFile`), gives that open
/// file to `dlopen(RTLD_NOW | RTLD_LOCAL)` (so the file checked is the file loaded), checks that it
/// was built for this ``TabShellKit/tabShellPluginABIVersion``, and asks it for its plugin object.
/// Every failure is one ``PluginLoadError`` that names the path.
///
/// The plugin's copy of the core library is never used: the host's `libTabShellKit.so` is already
/// loaded under the same name, so the dynamic linker binds the plugin to it, and the plugin's types
/// are the host's types.
///
/// A shared object stays loaded for the rest of the process, even when it is refused after it was
/// opened: unloading Swift code is not safe. Registering the plugin with a ``TabShellKit/Shell`` is
/// the caller's part (`shell.register(plugin, source: path)`).
///
/// Isolation: `load` may be called from any thread; the plugin it returns belongs to the caller's.
package enum PluginLoader {
  /// The C symbol that returns the plugin's ABI version as an `Int32`.
  package static let abiVersionSymbol = "tabshell_plugin_abi_version"
  /// The C symbol that returns a retained plugin object.
  package static let createSymbol = "tabshell_plugin_create"

  /// The real paths of the plugins loaded so far.
  private static let loaded = Mutex<Set<String>>([])

  /// Loads the plugin in the shared object at `path`.
  ///
  /// Loading the same file twice (by any path that resolves to it) fails with
  /// ``PluginLoadError/alreadyLoaded(path:realPath:)``.
  package static func load(path: String) throws(PluginLoadError) -> any TabShellPlugin {
    try load(PluginFile.open(path), path: path)
  }

  /// Loads the plugin in `file`, opened and checked from `path`.
  ///
  /// Once the dynamic linker has the file, its descriptor stays open for the rest of the process, as
  /// the shared object stays loaded: the linker knows a loaded object by the name it was given
  /// (`/proc/self/fd/N`), so that name must never be given to another file.
  static func load(_ file: PluginFile, path: String) throws(PluginLoadError) -> any TabShellPlugin {
    let realPath = file.realPath
    if loaded.withLock({ $0.contains(realPath) }) {
      file.close()
      throw .alreadyLoaded(path: path, realPath: realPath)
    }
    // Its static initialisers run in dlopen, its entry points after: a crash there names it.
    let plugin = try RunningPlugin.run(path) { () throws(PluginLoadError) in
      try open(path: path, file: file)
    }
    let isNew = loaded.withLock { $0.insert(realPath).inserted }
    guard isNew else { throw .alreadyLoaded(path: path, realPath: realPath) }
    return plugin
  }

  /// The folder that start-up loads plugins from: `$XDG_DATA_HOME/tabshell/plugins`, where
  /// `XDG_DATA_HOME` defaults to `$HOME/.local/share` (the XDG base directory rules: an unset, empty or
  /// relative `XDG_DATA_HOME` is ignored); `nil`, and nothing is loaded, when there is no absolute
  /// `HOME` either.
  package static func defaultPluginDirectory(environment: [String: String]) -> String? {
    // Never a relative folder: without a home, nothing is loaded from wherever the shell runs.
    BaseDirectories.path(.data, "tabshell/plugins", environment: environment)
  }

  /// Opens the checked shared object `file` with the dynamic linker, naming `path` in errors, and
  /// asks it for its plugin (`reload` calls it too, for a rebuilt file's private copy).
  static func open(path: String, file: PluginFile) throws(PluginLoadError)
    -> any TabShellPlugin
  {
    let library: SharedLibrary
    switch SharedLibrary.open(file.loadPath) {
    case .success(let opened):
      library = opened
    case .failure(let failure):
      file.close()
      // The linker names the file by the path it was given: name it as the user did.
      throw .openFailed(
        path: path, reason: failure.reason.replacing(text: file.loadPath, with: path))
    }
    guard let versionSymbol = library.symbol(abiVersionSymbol) else {
      throw .notAPlugin(path: path, missingSymbol: abiVersionSymbol)
    }
    guard let createSymbol = library.symbol(createSymbol) else {
      throw .notAPlugin(path: path, missingSymbol: createSymbol)
    }
    typealias VersionFunction = @convention(c) () -> Int32
    typealias CreateFunction = @convention(c) () -> UnsafeMutableRawPointer?
    let version = unsafeBitCast(versionSymbol, to: VersionFunction.self)()
    // The host's version is inlined here (@_alwaysEmitIntoClient): an incremental build does not
    // compile this file again when only the core's number changes (plugin ABI 7 found it).
    guard version == tabShellPluginABIVersion else {
      throw .abiMismatch(path: path, plugin: version, host: tabShellPluginABIVersion)
    }
    guard let pointer = unsafeBitCast(createSymbol, to: CreateFunction.self)() else {
      throw .notAPluginObject(path: path, typeName: "nil")
    }
    let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue()
    guard let plugin = object as? any TabShellPlugin else {
      throw .notAPluginObject(path: path, typeName: "a '\(String(reflecting: type(of: object)))'")
    }
    return plugin
  }
}
