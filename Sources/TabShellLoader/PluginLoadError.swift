@_spi(Host) import TabShellKit

/// Why a plugin did not load: one case per reason, each naming the path as it was given.
///
/// ``description`` is the whole message, ready for `error: …`, such as
/// `cannot load plugin 'x.so': built for plugin ABI 3, this tabshell has 2`.
package enum PluginLoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing is at the path.
  case notFound(path: String)
  /// The path is a folder, not a file.
  case isDirectory(path: String)
  /// The file, or the folder that holds it, can be written by other users (as ssh refuses such keys).
  ///
  /// `folder` is `nil` for the file itself, else the folder at fault; `mode` is its permission bits.
  case writableByOthers(path: String, folder: String?, mode: UInt32)
  /// The file, or the folder that holds it, belongs to another user (not root), who could replace it.
  case ownedByAnotherUser(path: String, folder: String?, owner: UInt32)
  /// A symbolic link on the way to the file belongs to another user (not root).
  case linkOwnedByAnotherUser(path: String, link: String, owner: UInt32)
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file is not an ELF shared object.
  case notSharedObject(path: String)
  /// The dynamic linker refused the file (a missing library, a wrong architecture...).
  case openFailed(path: String, reason: String)
  /// The shared object does not export the TabShell entry point `symbol`.
  case notAPlugin(path: String, missingSymbol: String)
  /// The plugin was built for another version of the plugin interface.
  case abiMismatch(path: String, plugin: Int32, host: Int32)
  /// `tabshell_plugin_create` returned nothing, or an object that is not a ``TabShellPlugin``.
  case notAPluginObject(path: String, typeName: String)
  /// The same file (the same real path) is already loaded.
  case alreadyLoaded(path: String, realPath: String)
  /// A process plugin's file is not executable.
  case notExecutable(path: String)
  /// The plugin was refused: a process plugin that did not start or shake hands (it is stopped), or
  /// a plugin the shell would not register; why.
  case refused(path: String, reason: String)
  /// A name the plugin declares is taken by a plugin loaded before, from `ownerSource`.
  case nameTaken(path: String, kind: String, name: String, owner: String, ownerSource: String)

  /// The path the error is about, as it was given.
  package var path: String {
    switch self {
    case .notFound(let path), .isDirectory(let path), .writableByOthers(let path, _, _),
      .ownedByAnotherUser(let path, _, _), .linkOwnedByAnotherUser(let path, _, _),
      .unreadable(let path, _), .notSharedObject(let path), .openFailed(let path, _),
      .notAPlugin(let path, _), .abiMismatch(let path, _, _), .notAPluginObject(let path, _),
      .alreadyLoaded(let path, _), .notExecutable(let path), .refused(let path, _),
      .nameTaken(let path, _, _, _, _):
      path
    }
  }

  /// Why, without the path: the part after `cannot load plugin 'PATH': `.
  package var reason: String {
    switch self {
    case .notFound: "no such file"
    case .isDirectory: "it is a folder, not a shared object"
    case .writableByOthers(_, nil, let mode):
      "it is writable by other users (mode \(octal(mode))); run 'chmod go-w' on it"
    case .writableByOthers(_, let folder?, let mode):
      "its folder '\(folder)' is writable by other users (mode \(octal(mode))); run 'chmod go-w' on it"
    case .ownedByAnotherUser(_, nil, let owner): "it belongs to another user (uid \(owner))"
    case .ownedByAnotherUser(_, let folder?, let owner):
      "its folder '\(folder)' belongs to another user (uid \(owner))"
    case .linkOwnedByAnotherUser(_, let link, let owner):
      "the symbolic link '\(link)' on its way belongs to another user (uid \(owner))"
    case .unreadable(_, let reason): "cannot read it: \(reason)"
    case .notSharedObject: "not a shared object (no ELF header)"
    case .openFailed(_, let reason): reason
    case .notAPlugin(_, let symbol): "not a TabShell plugin (it has no '\(symbol)' symbol)"
    case .abiMismatch(_, let plugin, let host):
      "built for plugin ABI \(plugin), this tabshell has \(host); rebuild the plugin"
    case .notAPluginObject(_, let typeName):
      "tabshell_plugin_create returned \(typeName), not a TabShellPlugin"
    case .alreadyLoaded(_, let realPath): "already loaded (as '\(realPath)')"
    case .notExecutable:
      "it is neither a shared object (.so) nor executable; run 'chmod u+x' on it to start it as a "
        + "process plugin"
    case .refused(_, let reason): reason
    case .nameTaken(_, let kind, let name, let owner, let source):
      "\(kind) '\(name)' is taken by plugin '\(owner)' (\(source == "built-in" ? "built in" : "from '\(source)'"))"
    }
  }

  /// The message: `cannot load plugin 'PATH': REASON`, its control characters (a path's, the
  /// dynamic linker's) written out as every message's are (``TabShellKit/neutralized(_:keepingLines:)``).
  package var description: String {
    "cannot load plugin '\(neutralized(path))': \(neutralized(reason))"
  }
}

private func octal(_ mode: UInt32) -> String {
  let digits = String(mode & 0o7777, radix: 8)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
