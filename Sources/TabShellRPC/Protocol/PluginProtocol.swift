import TabShellJSON

/// The process-plugin protocol's version and method names (docs/ProcessPlugins.md).
package enum PluginProtocol {
  /// The versions this host speaks, oldest first. `initialize` offers them all (`protocolVersion`
  /// is the oldest, which every plugin knows; `protocolVersions` lists them) and the plugin
  /// answers with the one it chose: a version-1 plugin gets version 1's messages only.
  package static let versions = [1, 2]
  /// The newest version this host speaks.
  package static let latest = 2
  /// The version that brought input (`screen/input`, `takesInput`), styled spans and the cursor.
  package static let inputVersion = 2

  /// The versions in words: `1 and 2`.
  package static var versionsInWords: String {
    let words = versions.map(String.init)
    guard words.count > 1 else { return words.joined() }
    return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }

  /// The versions as an alternative: `1 or 2`.
  package static var versionsAsChoice: String {
    let words = versions.map(String.init)
    guard words.count > 1 else { return words.joined() }
    return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
  }

  /// The first request: the host's version and limits in, the plugin's description out.
  package static let initialize = "initialize"
  /// Makes a screen.
  package static let createScreen = "screen/create"
  /// Draws a screen into a region.
  package static let draw = "screen/draw"
  /// Runs a screen's command.
  package static let command = "screen/command"
  /// A screen left for good (a notification).
  package static let deinitScreen = "screen/deinit"
  /// A screen entered the error state (a notification): the plugin stops its timers.
  package static let screenFailed = "screen/failed"
  /// An input to a screen whose type takes input (version 2).
  package static let input = "screen/input"
}

/// A lifecycle callback that the host sends as a request and waits for, so that the order of
/// docs/Contract.md, "Lifecycle", holds across the pipe. `screen/deinit` is a notification instead
/// (nothing follows it).
package enum LifecycleCallback: String, CaseIterable, Sendable {
  /// Once, just before the screen first appears.
  case viewDidLoad = "screen/viewDidLoad"
  /// It is about to become the visible screen.
  case viewWillAppear = "screen/viewWillAppear"
  /// It is now the visible screen.
  case viewDidAppear = "screen/viewDidAppear"
  /// It is about to stop being the visible screen.
  case viewWillDisappear = "screen/viewWillDisappear"
  /// It is no longer the visible screen.
  case viewDidDisappear = "screen/viewDidDisappear"
}

/// Why a call to a process plugin did not succeed.
package enum PluginError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The plugin broke the protocol or a limit and is stopped; every screen of it is in the error
  /// state from now on.
  case fault(PluginFault)
  /// The plugin answered with an error: the screen is not made, the callback failed, the command
  /// failed. The message is the plugin's, for the user.
  case refused(RPCError)
  /// At `initialize`: the plugin does not speak this host's protocol version (it is stopped).
  case incompatible(String)

  /// The words for the user.
  package var description: String {
    switch self {
    case .fault(let fault): fault.description
    case .refused(let error): error.message
    case .incompatible(let message): message
    }
  }
}

extension PluginDescription.Command {
  /// A command's words as the plugin receives them (`arguments` and `options` of
  /// `screen/command`): one element per declared argument — a JSON number for an `integer` (a
  /// word that is not one stays a string), a string otherwise, an array for a variadic one,
  /// `null` for an optional one left out; options as an object from name to value (`true` for a
  /// flag; the last one given wins).
  package func typedArguments(
    positionals: [String], options given: [(name: String, value: String)]
  ) -> (arguments: JSONValue, options: JSONValue) {
    var values: [JSONValue] = []
    var rest = positionals[...]
    for argument in arguments {
      if argument.isVariadic {
        values.append(.array(rest.map { Self.typed($0, argument.kind) }))
        rest = []
      } else if let word = rest.popFirst() {
        values.append(Self.typed(word, argument.kind))
      } else {
        values.append(.null)
      }
    }
    var object = JSONObject()
    for (name, value) in given {
      let kind = options.first { $0.name == name }?.kind
      object[name] = kind.map { Self.typed(value, $0) } ?? .bool(true)
    }
    return (.array(values), .object(object))
  }

  private static func typed(_ word: String, _ kind: PluginDescription.ArgumentKind) -> JSONValue {
    if kind == .integer, let number = Int(word) { return .int(number) }
    return .string(word)
  }
}
