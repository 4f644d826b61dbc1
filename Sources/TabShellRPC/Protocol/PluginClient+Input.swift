import TabShellJSON

extension PluginClient {
  /// Whether the plugin chose a protocol version that has input (`screen/input`), styled spans and
  /// the cursor.
  package var takesInput: Bool { protocolVersion >= PluginProtocol.inputVersion }

  /// `screen/input`: hands one input (its JSON, as docs/ProcessPlugins.md, "Input", writes it) to
  /// a screen and returns whether the plugin handled it. "Method not found" is "not handled"; any
  /// other error answer is the plugin's refusal; an answer that is not `{"handled": BOOL}` is a
  /// fault. A plugin that chose version 1 is sent nothing: it handles nothing.
  package func input(screen: String, _ input: JSONValue) throws(PluginError) -> Bool {
    guard takesInput else { return false }
    switch try Self.result(of: connection, PluginProtocol.input, Self.params(screen, input)) {
    case .success(let value): return try handled(value)
    case .failure(let error) where error.code == RPCError.methodNotFound: return false
    case .failure(let error): throw .refused(error)
    }
  }

  /// Several `screen/input`s, pipelined: every request is written at once, before the first answer
  /// is read, so the plugin is woken once rather than once an input (a burst of keys, a paste typed
  /// as keys). It still handles them one after the other, in order; each answer is whether it
  /// handled that input, or its refusal. A fault stops at once.
  package func inputs(_ inputs: [(screen: String, input: JSONValue)]) throws(PluginError)
    -> [Result<Bool, RPCError>]
  {
    guard takesInput else { return inputs.map { _ in .success(false) } }
    var answers: [RPCResponse] = []
    answers.reserveCapacity(inputs.count)
    do throws(PluginFault) {
      let ids = try connection.sendRequests(
        inputs.map { (PluginProtocol.input, Self.params($0.screen, $0.input)) })
      for id in ids { answers.append(try connection.response(to: id)) }
    } catch {
      throw .fault(error)
    }
    var results: [Result<Bool, RPCError>] = []
    results.reserveCapacity(answers.count)
    for answer in answers {
      switch answer {
      case .result(let value): results.append(.success(try handled(value)))
      case .error(let error) where error.code == RPCError.methodNotFound:
        results.append(.success(false))
      case .error(let error): results.append(.failure(error))
      }
    }
    return results
  }

  private static func params(_ screen: String, _ input: JSONValue) -> JSONValue {
    ["screen": .string(screen), "input": input]
  }

  /// Reads `{"handled": BOOL}`; anything else stops the plugin.
  private func handled(_ value: JSONValue) throws(PluginError) -> Bool {
    do throws(ProtocolMistake) {
      let fields = try JSONFields(value, place: "the result")
      guard let flag = fields.object["handled"]?.boolValue else {
        throw ProtocolMistake(#"the result: "handled" must be true or false"#)
      }
      return flag
    } catch {
      throw misshapen(PluginProtocol.input, error)
    }
  }
}
