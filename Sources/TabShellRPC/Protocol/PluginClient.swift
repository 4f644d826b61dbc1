import TabShellJSON

/// A process plugin, spoken to in the protocol's terms: the handshake, making screens, their
/// lifecycle, drawing, commands, and the plugin's own requests.
///
/// Every call waits for its answer (or the time limit), so the order of the calls is the order the
/// plugin sees. A ``PluginError/fault(_:)`` means the plugin is stopped for good: the host puts
/// each of its screens into the error state with that message. A ``PluginError/refused(_:)`` is
/// the plugin's own "no" and concerns only that call.
///
/// Isolation: used from one thread at a time (the shell's).
package final class PluginClient {
  /// The connection underneath: its descriptors for an event loop, its fault, its stderr handler.
  package let connection: RPCConnection
  /// What the plugin provides, from its answer to `initialize`.
  package let description: PluginDescription
  /// The protocol version the plugin chose at the handshake (one of ``PluginProtocol/versions``):
  /// what it is sent and what its answers may hold.
  package let protocolVersion: Int

  /// Starts the plugin and shakes hands: sends `initialize` with this host's protocol versions and
  /// limits, checks the version the plugin answers with, and reads its description. On any
  /// failure the plugin is stopped before this throws.
  package init(
    executable: String, arguments: [String] = [], environment: [String]? = nil,
    limits: RPCLimits = RPCLimits(), hostVersion: String = "",
    stderrHandler: @escaping (String) -> Void = { _ in }
  ) throws(PluginError) {
    do {
      connection = try RPCConnection(
        executable: executable, arguments: arguments, environment: environment, limits: limits,
        stderrHandler: stderrHandler)
    } catch {
      throw .fault(error)
    }
    (description, protocolVersion) = try Self.handshake(
      connection, limits: limits, hostVersion: hostVersion)
  }

  /// Sends `initialize` offering every version this host speaks, and reads the answer: the
  /// version the plugin chose (one of those offered) and its description, read as that version
  /// has it. On any failure the plugin is stopped before this throws.
  private static func handshake(_ connection: RPCConnection, limits: RPCLimits, hostVersion: String)
    throws(PluginError) -> (PluginDescription, Int)
  {
    let params: JSONValue = [
      "protocolVersion": .int(PluginProtocol.versions[0]),
      "protocolVersions": .array(PluginProtocol.versions.map { .int($0) }),
      "host": ["name": "tabshell", "version": .string(hostVersion)],
      "limits": [
        "timeout": .double(limits.timeout), "maxLineBytes": .int(limits.maxLineBytes),
        "maxMessagesPerSecond": .int(limits.maxPerSecond),
        "maxQueuedMessages": .int(limits.maxQueued),
      ],
    ]
    let result = try Self.result(
      of: connection, PluginProtocol.initialize, params, timeout: limits.startTimeout)
    switch result {
    case .failure(let error):
      connection.shutdown()
      if error.code == RPCError.unsupportedVersion {
        throw .incompatible(
          "it does not speak protocol version \(PluginProtocol.versionsAsChoice): \(error.message)")
      }
      throw .refused(error)
    case .success(let value):
      guard let version = value["protocolVersion"]?.intValue else {
        throw .fault(
          connection.stop(
            because: .invalidMessage("the answer to 'initialize' has no \"protocolVersion\"")))
      }
      guard PluginProtocol.versions.contains(version) else {
        connection.shutdown()
        throw .incompatible(
          "it speaks protocol version \(version); this tabshell speaks "
            + PluginProtocol.versionsInWords)
      }
      do throws(ProtocolMistake) {
        return (try PluginDescription(json: value, version: version), version)
      } catch {
        let reason = "the answer to 'initialize': \(error.message)"
        throw .fault(connection.stop(because: .invalidMessage(reason)))
      }
    }
  }

  /// A request's result, or the plugin's error; a fault is thrown.
  static func result(
    of connection: RPCConnection, _ method: String, _ params: JSONValue, timeout: Double? = nil
  ) throws(PluginError) -> Result<JSONValue, RPCError> {
    do {
      switch try connection.request(method, params: params, timeout: timeout) {
      case .result(let value): return .success(value)
      case .error(let error): return .failure(error)
      }
    } catch {
      throw .fault(error)
    }
  }

  func call(_ method: String, _ params: JSONValue) throws(PluginError) -> JSONValue {
    switch try Self.result(of: connection, method, params) {
    case .success(let value): return value
    case .failure(let error): throw .refused(error)
    }
  }

  /// Stops the plugin because an answer to `method` does not have the protocol's shape.
  func misshapen(_ method: String, _ mistake: ProtocolMistake) -> PluginError {
    .fault(
      connection.stop(because: .invalidMessage("the answer to '\(method)': \(mistake.message)")))
  }

  /// `screen/create`: makes a screen. A refusal means no screen (the command that asked fails).
  package func createScreen(
    id: String, type: String, title: String, parameters: [String: String] = [:]
  ) throws(PluginError) {
    // A dictionary's keys are unique: the object is made at once (setting members one by one
    // looks each key up, a cost that grows with the square of the parameters).
    let object = JSONObject(
      uniqueMembers: parameters.sorted { $0.key < $1.key }.map {
        JSONObject.Member(key: $0.key, value: .string($0.value))
      })
    let params: JSONValue = [
      "screen": .string(id), "type": .string(type), "title": .string(title),
      "parameters": .object(object),
    ]
    _ = try call(PluginProtocol.createScreen, params)
  }

  /// A lifecycle callback; the plugin answering "method not found" counts as done (an empty
  /// default, as a Swift screen has).
  package func lifecycle(_ callback: LifecycleCallback, screen: String) throws(PluginError) {
    switch try Self.result(of: connection, callback.rawValue, ["screen": .string(screen)]) {
    case .success: return
    case .failure(let error) where error.code == RPCError.methodNotFound: return
    case .failure(let error): throw .refused(error)
    }
  }

  /// The answers to a pipelined change (``lifecycle(_:thenDraw:)``).
  package struct Transition: Equatable, Sendable {
    /// Each callback's refusal, in order; `nil` when it succeeded.
    package var refusals: [RPCError?]
    /// The drawing, or the plugin's refusal to draw; `nil` when none was asked for.
    package var drawing: Result<DrawnScreen, RPCError>?

    /// Makes the answers to a change.
    package init(refusals: [RPCError?], drawing: Result<DrawnScreen, RPCError>?) {
      self.refusals = refusals
      self.drawing = drawing
    }
  }

  /// The lifecycle callbacks of one change (in the order of docs/Contract.md, "Lifecycle"), then
  /// optionally a draw, pipelined: every request is written at once, before the first answer is
  /// read, so the plugin is woken once rather than once a call. It still handles them one after the other in
  /// this order; a refusal of one does not stop the next (as the core goes on with a Swift screen that throws).
  package func lifecycle(
    _ calls: [(callback: LifecycleCallback, screen: String)],
    thenDraw draw: (screen: String, width: Int, height: Int)? = nil
  ) throws(PluginError) -> Transition {
    var refusals: [RPCError?] = []
    var drawn: RPCResponse?
    do throws(PluginFault) {
      var requests: [(method: String, params: JSONValue?)] = calls.map {
        ($0.callback.rawValue, ["screen": .string($0.screen)])
      }
      if let draw {
        let params: JSONValue = [
          "screen": .string(draw.screen), "width": .int(draw.width), "height": .int(draw.height),
        ]
        requests.append((PluginProtocol.draw, params))
      }
      // One write for them all: the plugin finds them waiting when it wakes.
      var ids = try connection.sendRequests(requests)
      let drawID = draw == nil ? nil : ids.popLast()
      for id in ids {
        switch try connection.response(to: id) {
        case .result: refusals.append(nil)
        case .error(let error): refusals.append(error.code == RPCError.methodNotFound ? nil : error)
        }
      }
      if let drawID { drawn = try connection.response(to: drawID) }
    } catch {
      throw .fault(error)
    }
    switch drawn {
    case nil: return Transition(refusals: refusals, drawing: nil)
    case .error(let error): return Transition(refusals: refusals, drawing: .failure(error))
    case .result(let value):
      do throws(ProtocolMistake) {
        let drawing = try DrawnScreen(
          json: value, height: draw?.height ?? 0, version: protocolVersion)
        return Transition(refusals: refusals, drawing: .success(drawing))
      } catch {
        throw misshapen(PluginProtocol.draw, error)
      }
    }
  }

  /// `screen/deinit`: the screen left for good (a notification; nothing is answered).
  package func deinitScreen(_ screen: String) throws(PluginError) {
    do {
      try connection.notify(PluginProtocol.deinitScreen, params: ["screen": .string(screen)])
    } catch {
      throw .fault(error)
    }
  }

  /// `screen/failed`: the screen entered the error state, with `message` (a notification).
  package func screenFailed(_ screen: String, message: String) throws(PluginError) {
    do {
      try connection.notify(
        PluginProtocol.screenFailed,
        params: ["screen": .string(screen), "message": .string(message)])
    } catch {
      throw .fault(error)
    }
  }

  /// `screen/draw`: the screen's lines for a region of `width` × `height` cells (at most
  /// `height` lines are kept).
  package func draw(screen: String, width: Int, height: Int) throws(PluginError) -> DrawnScreen {
    let params: JSONValue = [
      "screen": .string(screen), "width": .int(width), "height": .int(height),
    ]
    let value = try call(PluginProtocol.draw, params)
    do throws(ProtocolMistake) {
      return try DrawnScreen(json: value, height: height, version: protocolVersion)
    } catch {
      throw misshapen(PluginProtocol.draw, error)
    }
  }

  /// `screen/command`: runs a screen's command with its typed arguments
  /// (``PluginDescription/Command/typedArguments(positionals:options:)``); returns the lines of
  /// output it printed.
  package func runCommand(
    screen: String, command: String, arguments: JSONValue, options: JSONValue
  ) throws(PluginError) -> [String] {
    let params: JSONValue = [
      "screen": .string(screen), "command": .string(command), "arguments": arguments,
      "options": options,
    ]
    let value = try call(PluginProtocol.command, params)
    do throws(ProtocolMistake) {
      if value == .null { return [] }
      return try JSONFields(value, place: "the result").strings("output")
    } catch {
      throw misshapen(PluginProtocol.command, error)
    }
  }

  /// The plugin's own requests and notifications, oldest first. With `reading`, takes in what
  /// the plugin has written first (without blocking); without, only those already read (for
  /// example while a command waited for its answer).
  package func takeHostRequests(reading: Bool = true) throws(PluginError) -> [HostRequest] {
    if reading {
      do { try connection.processAvailable() } catch { throw .fault(error) }
    }
    var requests: [HostRequest] = []
    while let message = connection.nextIncoming() { requests.append(HostRequest(message)) }
    return requests
  }

  /// Answers a request of the plugin's (nothing for a notification): with `error`, else `null`
  /// for success.
  package func answer(_ request: HostRequest, error: RPCError? = nil) throws(PluginError) {
    guard let id = request.id else { return }
    let response = error.map(RPCResponse.error) ?? .result(.null)
    do { try connection.respond(to: id, with: response) } catch { throw .fault(error) }
  }

  /// Ends the plugin normally (its stdin closed; then SIGTERM, SIGKILL if it lingers); reaped.
  @discardableResult
  package func shutdown(until deadline: UInt64? = nil) -> ExitStatus? {
    connection.shutdown(until: deadline)
  }
}
