@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRPC

/// The plugins a shell loads at run time, of both kinds, and what process plugins need between
/// commands.
///
/// `load` starts a shared object (a path ending in `.so`, through ``PluginLoader``) or a process
/// plugin (any other executable file, after the same checks of ownership and permissions), and
/// registers it with the shell. A process plugin is a ``TabShellKit/TabShellPlugin`` to the core:
/// its screen types and screens forward to the process (see `ProcessScreen`).
///
/// What a process plugin asks of the host (`host/…` requests) and what happens to it (a fault
/// stops it; a refused draw fails a screen) waits here until the host calls ``settle(reading:)``:
/// after each command, between two commands of a script, and in the REPL while it waits for input
/// (``pollDescriptors``). A fault's message waits in ``takeFaults()`` for the command to fail with.
///
/// Isolation: the shell's thread.
package final class PluginHost {
  /// The shell the plugins are registered with.
  package let shell: Shell
  /// The limits process plugins are held to (`--plugin-timeout` sets the time limit).
  package var limits = RPCLimits()
  /// This tabshell's version, told to process plugins at the handshake.
  package var hostVersion = ""
  /// Writes process plugins' stderr lines (`NAME: LINE`) and the host's warnings about them.
  package var writeError: (String) -> Void = { _ in }
  /// The built-in command names, which screen commands may not take.
  package var reservedCommands: Set<String> = []
  /// Whether a process plugin was ever loaded: only then is there work between commands.
  package private(set) var hasProcessPlugins = false

  var processes: [PluginProcess] = []
  var sharedObjects: [String: SharedObjectRecord] = [:]
  /// Screens to mark failed once the command under way is over, in order.
  var failures: [(screen: String, message: String)] = []
  /// Faults not yet reported, in order.
  var faults: [String] = []
  /// Process screens that entered the error state, not yet told to their plugins.
  var failuresToTell: [(screen: String, message: String)] = []
  /// The shell observer that notes them, once a process plugin was loaded.
  var failureObserver: Int?

  /// Makes a host for a shell, with no plugins loaded.
  package init(shell: Shell) {
    self.shell = shell
  }

  deinit { shutdown() }

  /// Loads the plugin at `path` (resolved by the caller): a shared object when the path ends in
  /// `.so`, else a process plugin; registers it, `source` naming it in `plugins` (default: the
  /// path). Returns the plugin's name. A process plugin that cannot be registered is stopped.
  @discardableResult
  package func load(path: String, source: String? = nil) throws(PluginLoadError) -> String {
    let source = source ?? path
    if path.hasSuffix(".so") {
      let plugin = try PluginLoader.load(path: path)
      try register(plugin, path: path, source: source)
      let realPath = FileStatus.realPath(path) ?? path
      sharedObjects[plugin.name] = SharedObjectRecord(
        path: path, source: source, identity: FileIdentity(of: realPath))
      return plugin.name
    }
    // A program is started by its path, as `#!` scripts must be (their interpreter opens it).
    let file = try PluginFile.open(path, executable: true)
    file.close()
    let executable = file.realPath
    if processes.contains(where: { $0.executable == executable && $0.isRunning }) {
      throw .alreadyLoaded(path: path, realPath: executable)
    }
    let process = try PluginProcess(source: source, executable: executable, host: self)
    guard let description = process.description else {
      throw .refused(path: path, reason: process.stoppedMessage)
    }
    do throws(PluginLoadError) {
      try register(ProcessPluginAdapter(description, process: process), path: path, source: source)
    } catch {
      process.shutdown()
      throw error
    }
    processes.append(process)
    hasProcessPlugins = true
    if failureObserver == nil {
      failureObserver = shell.addObserver { [unowned self] event in
        if case .screenFailed(let screen, let message) = event {
          failuresToTell.append((screen, message))
        }
      }
    }
    return process.name
  }

  private func register(_ plugin: any TabShellPlugin, path: String, source: String)
    throws(PluginLoadError)
  {
    do throws(ShellError) {
      try shell.register(plugin, source: source, reservedCommands: reservedCommands)
    } catch .nameTaken(let kind, let name, let owner) {
      let ownerSource = shell.plugins.first { $0.name == owner }?.source ?? "?"
      throw .nameTaken(path: path, kind: kind, name: name, owner: owner, ownerSource: ownerSource)
    } catch {
      throw .refused(path: path, reason: error.description)
    }
  }

  /// The files of a plugin folder that start-up loads, sorted by name: every `*.so`, and every
  /// other file this user may run (a process plugin). Hidden files and anything else (a module a
  /// Python plugin imports, a README) are left alone. None when the folder cannot be read.
  package static func pluginFiles(in folder: String) -> [String] {
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    return DirectoryListing.names(in: folder).filter { !$0.hasPrefix(".") }.map { base + "/" + $0 }
      .filter { path in
        path.hasSuffix(".so")
          || (FileStatus.of(path)?.isRegularFile == true && FileStatus.isExecutable(path))
      }
  }

  /// How a registered plugin was loaded, and for a process plugin whether it runs:
  /// `built in`, `shared object`, `process, running`, `process, stopped: WHY`.
  package func kind(of plugin: PluginInfo) -> String {
    if let process = processes.last(where: { $0.name == plugin.name }) {
      guard let reason = process.stopReason else { return "process, running" }
      return "process, stopped: \(reason)"
    }
    return plugin.source == "built-in" ? "built in" : "shared object"
  }

  /// Why a process plugin stopped (the fault's words), or `nil` while it runs.
  package func stopReason(of name: String) -> String? {
    processes.last { $0.name == name }?.stopReason
  }

  /// The process id of a running process plugin, by the plugin's name.
  package func processID(of name: String) -> Int32? {
    processes.last { $0.name == name }?.client?.connection.process.pid
  }

  /// Ends every process plugin normally: their stdins are closed at once, then each has a moment
  /// to leave before it is stopped. Nothing is left running or unreaped.
  package func shutdown() {
    if let failureObserver { shell.removeObserver(failureObserver) }
    failureObserver = nil
    for process in processes { process.client?.connection.process.closeStdin() }
    // One grace for them all (their stdins closed together), not one after another.
    let deadline = ChildProcess.deadline(after: limits.shutdownGrace)
    for process in processes { process.shutdown(until: deadline) }
  }

  /// Queues a screen to be marked failed once the command under way is over.
  func queueFailure(of screen: String, message: String) {
    failures.append((screen, message))
  }

  /// Queues a fault's message, for the command under way to fail with.
  func queueFault(_ message: String) {
    faults.append(message)
  }
}

/// A shared object the host loaded: where from, and what the file was then.
struct SharedObjectRecord {
  let path: String
  let source: String
  var identity: FileIdentity?
}

/// What tells one build of a file from another: its device, inode, size and modification time.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  init?(of path: String) {
    guard let info = FileStatus.of(path) else { return nil }
    device = info.device
    inode = info.inode
    size = info.size
    (seconds, nanoseconds) = info.modified
  }
}
