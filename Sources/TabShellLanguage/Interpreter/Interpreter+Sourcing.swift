@_spi(Host) import TabShellKit

/// Sourcing a file again (docs/Contract.md, "A terminal workspace"): `source FILE` expands `~` and
/// `$NAME` in FILE, and in a sourced file the commands that would fail the second time leave the
/// state as the first time left it: `add-tab` and `new-tab` of a tab that is there already (the
/// same id, type and parameters), `unbind` of a key that is not bound, and an `on` hook written at
/// the same place as one already set.
extension Interpreter {
  /// Whether the commands running now come from a sourced file (`source`).
  var isSourcing: Bool { state.sourceDepth > 0 }

  /// `path` as `source` reads it: a leading `~` (alone or before `/`) is `$HOME`, and `$NAME` or
  /// `${NAME}` the value of the environment variable NAME (`$` before anything else is itself).
  /// A variable that is not set cannot be read: the error names it.
  static func expandedPath(
    _ path: String, environment: (String) -> String?
  ) throws(LanguageError) -> String {
    var result = ""
    var rest = Substring(path)
    if rest == "~" || rest.hasPrefix("~/") {
      guard let home = environment("HOME") else {
        throw .cannotRead(path: path, reason: "HOME is not set, for '~'")
      }
      result = home
      rest.removeFirst()
    }
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      rest = rest[rest.index(after: dollar)...]
      let braced = rest.first == "{"
      if braced { rest.removeFirst() }
      let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      let closed = !braced || rest.dropFirst(name.count).first == "}"
      guard !name.isEmpty, closed, name.first?.isNumber == false else {
        result += braced ? "${" : "$"
        continue
      }
      rest.removeFirst(name.count + (braced ? 1 : 0))
      guard let value = environment(String(name)) else {
        throw .cannotRead(path: path, reason: "$\(name) is not set")
      }
      result += value
    }
    return result + rest
  }

  /// Whether `screen`, made as a tab's root, is there already and the command can do nothing: in
  /// a sourced file, a tab has its id, with the same type and parameters.
  func isMadeAlready(_ screen: NewScreen) -> Bool {
    guard isSourcing, let id = screen.id, shell.model.tabs.contains(where: { $0.id == id }),
      let record = shell.model.screen(id: id)
    else { return false }
    return record.type == screen.type && record.parameters == screen.parameters
  }

  /// Whether a hook on `event` written where the command running now was written is set
  /// already, by this file sourced before: it is not set twice.
  func isSetAlready(hookOn event: EventName) -> Bool {
    guard isSourcing else { return false }
    let hooks =
      event == .shouldSelect ? observation.hooks.shouldSelect : observation.hooks.byEvent[event]
    return hooks?.contains { $0.file == state.place.file && $0.location == state.place.location }
      ?? false
  }
}
