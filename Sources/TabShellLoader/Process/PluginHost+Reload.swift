@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRPC

/// Why `reload` did not reload; ``description`` is the user's message.
package enum PluginReloadError: Error, Equatable, CustomStringConvertible {
  /// No plugin of that name is loaded; maybe a close one.
  case notLoaded(String, suggestion: String?)
  /// The plugin is compiled into tabshell, or was not loaded from a file.
  case notFromAFile(String, builtIn: Bool)
  /// A Swift plugin whose screens exist.
  case screensOpen(String, screens: [String])
  /// A shared object that was not rebuilt.
  case unchanged(String, path: String)
  /// The rebuilt file is another plugin.
  case renamed(String, path: String, newName: String)
  /// The file could not be loaded again (the loader's words).
  case loadFailed(PluginLoadError)
  /// The shell refused the new build's names (the shell's words).
  case refused(String, reason: String)

  /// The message, its control characters (a path's) written out as every message's are.
  package var description: String { neutralized(text) }

  private var text: String {
    switch self {
    case .notLoaded(let name, let suggestion):
      "no plugin \(quoted(name)) is loaded"
        + (suggestion.map { "; did you mean \(quoted($0))?" } ?? "")
    case .notFromAFile(let name, let builtIn):
      "plugin '\(name)' is \(builtIn ? "built in" : "not loaded from a file") and cannot be reloaded"
    case .screensOpen(let name, let screens):
      "plugin '\(name)' is a Swift plugin and has screens open ("
        + screens.joined(separator: ", ")
        + "): they cannot move to rebuilt code; close their tabs and reload again, or restart "
        + "tabshell"
    case .unchanged(let name, let path):
      "plugin '\(name)' ('\(path)') has not changed since it was loaded; rebuild it, then reload"
    case .renamed(let name, let path, let newName):
      "cannot reload plugin '\(name)': '\(path)' is now plugin '\(newName)'"
    case .loadFailed(let error): error.description
    case .refused(let name, let reason): "cannot reload plugin '\(name)': \(reason)"
    }
  }
}

extension PluginHost {
  /// `reload NAME`: starts a process plugin again (stopped or not) and brings its screens back,
  /// or loads a rebuilt shared object. Returns what was done, for the user.
  package func reload(_ name: String) throws(PluginReloadError) -> String {
    if let process = processes.last(where: { $0.name == name }) {
      return try reload(process)
    }
    if let record = sharedObjects[name] {
      return try reloadSharedObject(name, record)
    }
    guard let plugin = shell.plugins.first(where: { $0.name == name }) else {
      throw .notLoaded(name, suggestion: closestMatch(to: name, in: shell.plugins.map(\.name)))
    }
    throw .notFromAFile(name, builtIn: plugin.source == "built-in")
  }

  /// A new process behind the same plugin: registered with its new description in the old one's
  /// place, then each of its screens made again in the new process and taken back to the phase
  /// it is in (`viewDidLoad`, `viewWillAppear`, `viewDidAppear` as it had them), its failure
  /// taken back. A screen whose type the new description lacks stays failed.
  private func reload(_ process: PluginProcess) throws(PluginReloadError) -> String {
    let oldName = process.name
    let description: PluginDescription
    do throws(PluginLoadError) {
      description = try process.restart()
    } catch {
      for screen in process.screens {
        queueFailure(of: screen.id, message: "plugin '\(oldName)' stopped: \(error.reason)")
      }
      settle(reading: false)
      throw .loadFailed(error)
    }
    do throws(ShellError) {
      try shell.replacePlugin(
        named: oldName, with: ProcessPluginAdapter(description, process: process),
        source: process.source, reservedCommands: reservedCommands)
    } catch {
      let reason = "its new description was refused: \(error)"
      process.shutdown(because: reason)
      for screen in process.screens {
        queueFailure(of: screen.id, message: "plugin '\(oldName)' stopped: \(reason)")
      }
      settle(reading: false)
      throw .refused(oldName, reason: reason)
    }
    var restored = 0
    for screen in process.screens {
      guard let info = shell.screen(id: screen.id) else { continue }
      guard description.screenTypes.contains(where: { $0.name == screen.type }) else {
        queueFailure(
          of: screen.id,
          message: "plugin '\(description.name)' no longer has screen type '\(screen.type)'")
        continue
      }
      if process.recreate(screen, title: info.title, phase: info.phase) {
        shell.clearFailure(screen: screen.id)
        restored += 1
      }
    }
    settle(reading: false)
    let screens = restored == 1 ? "1 screen" : "\(restored) screens"
    return
      "reloaded plugin '\(description.name)' from '\(neutralized(process.source))' "
      + "(\(screens) brought back)"
  }

  /// A rebuilt shared object: loaded from a private copy (the dynamic linker would hand back the
  /// old build for the same path), registered in the old one's place. Swift code cannot be
  /// unloaded, so the old build stays in memory, and screens made by it could not move to the new
  /// one: the reload is refused while any exist.
  private func reloadSharedObject(_ name: String, _ record: SharedObjectRecord)
    throws(PluginReloadError) -> String
  {
    let open = liveScreens(ofPlugin: name)
    guard open.isEmpty else { throw .screensOpen(name, screens: open) }
    let realPath: String
    do throws(PluginLoadError) {
      let file = try PluginFile.open(record.path)
      file.close()
      realPath = file.realPath
    } catch {
      throw .loadFailed(error)
    }
    let identity = FileIdentity(of: realPath)
    guard identity != record.identity else { throw .unchanged(name, path: record.path) }
    let plugin: any TabShellPlugin
    do throws(PluginLoadError) {
      plugin = try PrivateCopy.load(realPath, as: record.path)
    } catch {
      throw .loadFailed(error)
    }
    guard plugin.name == name else {
      throw .renamed(name, path: record.path, newName: plugin.name)
    }
    do throws(ShellError) {
      try shell.replacePlugin(
        named: name, with: plugin, source: record.source, reservedCommands: reservedCommands)
    } catch {
      throw .refused(name, reason: error.description)
    }
    sharedObjects[name]?.identity = identity
    return
      "reloaded plugin '\(name)' from '\(neutralized(record.path))' (the previous build stays in memory "
      + "until tabshell exits)"
  }

  /// The ids of the screens that exist whose type the plugin provides.
  func liveScreens(ofPlugin name: String) -> [String] {
    let types = Set(shell.plugins.first { $0.name == name }?.screenTypes ?? [])
    var screens = shell.tabs.flatMap(\.stack)
    if let modal = shell.modalScreen { screens.append(modal) }
    return screens.filter { types.contains($0.type) }.map(\.id)
  }
}

/// Loads a shared object from a private copy of it, so that the dynamic linker treats it as a
/// new object (it identifies objects by path): the copy is made in a new folder only this user can
/// read, opened, and removed (the mapping stays).
enum PrivateCopy {
  static func load(_ realPath: String, as path: String) throws(PluginLoadError)
    -> any TabShellPlugin
  {
    let base =
      CurrentProcess.environmentValue("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    let folder: String
    do throws(SystemError) {
      folder = try FileSystem.makeTemporaryFolder(prefix: "\(base)/tabshell-reload-")
    } catch {
      throw .unreadable(path: path, reason: "cannot make a private copy: \(error)")
    }
    defer { FileSystem.removeFolder(folder) }
    let name = String(realPath.split(separator: "/").last ?? "plugin.so")
    let copy = "\(folder)/\(name)"
    do throws(SystemError) {
      try FileSystem.copyFile(from: realPath, to: copy, permissions: 0o500)
    } catch {
      FileSystem.remove(copy)
      throw .unreadable(path: path, reason: "cannot make a private copy: \(error)")
    }
    defer { FileSystem.remove(copy) }
    // The dynamic linker gets the copy's descriptor (kept open, as for any plugin), so the copy
    // can go at once; its static initialisers and entry points run as the plugin's.
    let file = try PluginFile.open(copy)
    return try RunningPlugin.run(path) { () throws(PluginLoadError) in
      try PluginLoader.open(path: path, file: file)
    }
  }
}
