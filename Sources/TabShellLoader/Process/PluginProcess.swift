import TabShellJSON
@_spi(Host) import TabShellKit
import TabShellRPC

/// One process plugin as the host keeps it: where it came from, the process that runs it (none
/// once it is stopped), and its live screens. The same object lives across reloads: a reload
/// starts a new process behind it.
///
/// Every call to the process waits for its answer within the time limit. A ``PluginFault`` stops
/// the plugin (the transport has already ended and reaped the process): its screens are queued
/// to be marked failed and the fault's message to be reported, both by the ``PluginHost`` once the
/// command under way is over.
///
/// Isolation: the shell's thread.
final class PluginProcess {
  /// The path as it was given (`plugins` shows it).
  let source: String
  /// The file started: the real path.
  let executable: String
  /// The plugin's name, from its description.
  private(set) var name: String
  /// The running process; `nil` once it is stopped.
  private(set) var client: PluginClient?
  /// Why it stopped (the fault's words), once it has.
  private(set) var stopReason: String?
  /// Its live screens, in the order they were made.
  private(set) var screens: [ProcessScreen] = []
  unowned let host: PluginHost
  /// The name stderr lines are prefixed with: the file's name until the handshake names it.
  private let stderrPrefix: StderrPrefix

  /// Starts the program and shakes hands; on failure it is stopped, and the reason thrown.
  init(source: String, executable: String, host: PluginHost) throws(PluginLoadError) {
    self.source = source
    self.executable = executable
    self.host = host
    let prefix = StderrPrefix(name: String(executable.split(separator: "/").last ?? "plugin"))
    stderrPrefix = prefix
    let client = try Self.start(executable: executable, source: source, prefix: prefix, host: host)
    name = client.description.name
    prefix.name = name
    self.client = client
  }

  private static func start(
    executable: String, source: String, prefix: StderrPrefix, host: PluginHost
  ) throws(PluginLoadError) -> PluginClient {
    let client: PluginClient
    do throws(PluginError) {
      client = try PluginClient(
        executable: executable, limits: host.limits, hostVersion: host.hostVersion,
        stderrHandler: { [unowned host] line in
          host.writeError("\(prefix.name): \(neutralized(line))\n")
        })
    } catch {
      throw .refused(path: source, reason: error.description)
    }
    // What the plugin meant and does not get (a version-1 screen type that takes input) is said
    // at each start, load and reload.
    let description = client.description
    for sentence in description.ignored {
      host.writeError("warning: plugin '\(description.name)': \(neutralized(sentence))\n")
    }
    return client
  }

  /// Whether the process runs.
  var isRunning: Bool { client != nil }

  /// The plugin's description while it runs.
  var description: PluginDescription? { client?.description }

  // MARK: - Calls from the core

  /// `screen/create`; the screen is this plugin's from then on.
  func makeScreen(type: String, _ configuration: ScreenConfiguration) throws -> ProcessScreen {
    guard let client else { throw PluginCallError(description: stoppedMessage) }
    do throws(PluginError) {
      try client.createScreen(
        id: configuration.id, type: type, title: configuration.title,
        parameters: configuration.parameters)
    } catch {
      throw PluginCallError(description: handle(error))
    }
    let screen = ProcessScreen(configuration: configuration, type: type, process: self)
    screens.append(screen)
    return screen
  }

  /// A lifecycle callback. Nothing happens once the plugin is stopped (its screens are marked
  /// failed by the host).
  func lifecycle(_ callback: LifecycleCallback, of screen: ProcessScreen) throws {
    guard let client else { return }
    do throws(PluginError) {
      try client.lifecycle(callback, screen: screen.id)
    } catch {
      throw PluginCallError(description: handle(error))
    }
  }

  /// `screen/deinit`; the screen is no longer this plugin's.
  func retire(_ screen: ProcessScreen) {
    screens.removeAll { $0 === screen }
    guard let client else { return }
    do throws(PluginError) {
      try client.deinitScreen(screen.id)
    } catch {
      _ = handle(error)
    }
  }

  /// Whether the screen `id` is one of this plugin's.
  func owns(_ id: String) -> Bool {
    screens.contains { $0.id == id }
  }

  /// `screen/failed`: the screen `id` entered the error state (the plugin stops its timers).
  /// Nothing is sent once the plugin is stopped.
  func tellFailed(_ id: String, message: String) {
    guard let client else { return }
    do throws(PluginError) {
      try client.screenFailed(id, message: message)
    } catch {
      _ = handle(error)
    }
  }

  /// `screen/draw` into the canvas. A refusal draws the failure and queues the screen to be
  /// marked failed; so does a fault, for every screen of the plugin.
  func draw(_ screen: ProcessScreen, into canvas: inout Canvas) {
    guard let client else {
      ProcessDrawing.drawFailure(stoppedMessage, into: &canvas)
      return
    }
    do throws(PluginError) {
      let drawn = try client.draw(screen: screen.id, width: canvas.width, height: canvas.height)
      ProcessDrawing.draw(drawn, into: &canvas)
    } catch .refused(let error) {
      let message = "draw failed: \(error.message)"
      host.queueFailure(of: screen.id, message: message)
      ProcessDrawing.drawFailure(message, into: &canvas)
    } catch {
      ProcessDrawing.drawFailure(handle(error), into: &canvas)
    }
  }

  /// `screen/command`: the lines it printed.
  func runCommand(
    _ command: String, of screen: ProcessScreen, arguments: JSONValue, options: JSONValue
  ) throws -> [String] {
    guard let client else { throw PluginCallError(description: stoppedMessage) }
    do throws(PluginError) {
      return try client.runCommand(
        screen: screen.id, command: command, arguments: arguments, options: options)
    } catch {
      throw PluginCallError(description: handle(error))
    }
  }

  // MARK: - Faults and restarts

  /// The words for an error of a call: the plugin's refusal as it said it; a fault stops it.
  func handle(_ error: PluginError) -> String {
    switch error {
    case .fault(let fault): stop(because: fault)
    case .refused(let refusal): refusal.message
    case .incompatible(let message): message
    }
  }

  /// Stops the plugin because of a fault (a second one changes nothing): its process is ended
  /// and reaped, each of its screens is queued to be marked failed, and the fault to be reported.
  /// Returns the message.
  @discardableResult
  func stop(because fault: PluginFault) -> String {
    let message = "plugin '\(name)' stopped: \(fault)"
    guard let client else { return message }
    client.connection.stop(because: fault)
    client.shutdown()
    self.client = nil
    stopReason = fault.description
    for screen in screens { host.queueFailure(of: screen.id, message: message) }
    host.queueFault(message)
    return message
  }

  /// What a call to a stopped plugin fails with.
  var stoppedMessage: String {
    "plugin '\(name)' is stopped (\(stopReason ?? "stopped")); 'reload \(name)' starts it again"
  }

  /// Starts a new process of the same file: the old one (if it runs) is shut down; the new one
  /// must shake hands. Its screens are not made again here (see ``PluginHost``).
  func restart() throws(PluginLoadError) -> PluginDescription {
    client?.shutdown()
    client = nil
    let client: PluginClient
    do throws(PluginLoadError) {
      try PluginFile.open(executable, executable: true).close()
      client = try Self.start(
        executable: executable, source: source, prefix: stderrPrefix, host: host)
    } catch {
      stopReason = error.reason
      throw error
    }
    name = client.description.name
    stderrPrefix.name = name
    stopReason = nil
    self.client = client
    return client.description
  }

  /// Ends the process normally (at exit, or when its new description is refused): its stdin is
  /// closed, it has a moment to leave.
  func shutdown(because reason: String = "shut down", until deadline: UInt64? = nil) {
    client?.shutdown(until: deadline)
    client = nil
    stopReason = reason
  }

  /// Makes a screen of the old process again in this one and takes it to `phase` with the
  /// lifecycle callbacks it had (after a reload). `false` when the plugin refused or failed: the
  /// screen is then queued to be marked failed.
  func recreate(_ screen: ProcessScreen, title: String, phase: LifecyclePhase) -> Bool {
    guard let client else { return false }
    let steps: [LifecycleCallback] =
      switch phase {
      case .created, .gone: []
      case .disappeared: [.viewDidLoad]
      case .appearing: [.viewDidLoad, .viewWillAppear]
      case .appeared: [.viewDidLoad, .viewWillAppear, .viewDidAppear]
      case .disappearing: [.viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear]
      }
    do throws(PluginError) {
      try client.createScreen(
        id: screen.id, type: screen.type, title: title, parameters: screen.parameters)
      for step in steps { try client.lifecycle(step, screen: screen.id) }
      return true
    } catch {
      let message = handle(error)
      host.queueFailure(of: screen.id, message: message)
      return false
    }
  }
}

/// The name a plugin's stderr lines are prefixed with, shared with the handler.
final class StderrPrefix {
  var name: String
  init(name: String) { self.name = name }
}
