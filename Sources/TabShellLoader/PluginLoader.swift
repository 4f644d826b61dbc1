import TabShellKit

/// Loads run-time plugins from shared objects. PLACEHOLDER until the plugin issue (5) lands.
public enum PluginLoader {
  /// Loads the plugin in the shared object at `path`.
  public static func load(path: String) throws(PluginLoadError) -> any TabShellPlugin {
    throw .notImplemented(path)
  }
}

/// Why a plugin did not load.
public enum PluginLoadError: Error, Equatable, Sendable, CustomStringConvertible {
  case notImplemented(String)

  public var description: String {
    switch self {
    case .notImplemented(let path): "cannot load '\(path)': run-time plugins are not supported yet"
    }
  }
}
