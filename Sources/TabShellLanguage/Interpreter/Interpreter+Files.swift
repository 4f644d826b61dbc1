extension Interpreter {
  /// A path as the running script means it: relative paths are resolved against its directory.
  package func resolve(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let directory = state.directories.last ?? settings.currentDirectory
    if directory.isEmpty { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  /// The name errors give a file that `source` reads: relative to the sourcing script's own name.
  func displayName(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let file = state.files.last ?? nil, let slash = file.lastIndex(of: "/") else {
      return path
    }
    return String(file[...slash]) + path
  }

  /// Reads a text file; the error names it as the user wrote it. Only a regular file of UTF-8 text
  /// without NUL bytes is read (see ``TextFile``).
  package static func readText(_ path: String, name: String) throws(LanguageError) -> String {
    try TextFile.read(path, name: name)
  }

  /// The directory part of a path (`""` for none).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `source FILE`: parses the whole file (`~` and `$NAME` in FILE expanded,
  /// ``expandedPath(_:environment:)``), then runs it; nested at most ``sourceLimit`` deep.
  func source(_ path: String) throws {
    guard state.sourceDepth < Self.sourceLimit else {
      state.sourceOverflowed = true
      throw LanguageError.sourceTooDeep(limit: Self.sourceLimit)
    }
    let path = try Self.expandedPath(path, environment: settings.environment)
    let resolved = resolve(path)
    let name = displayName(path)
    let text = try Self.readText(resolved, name: name)
    let script = parse(text, file: name, directory: Self.directory(of: resolved))
    if !script.diagnostics.isEmpty {
      script.diagnostics.forEach(report)
      throw AlreadyReported()
    }
    state.sourceDepth += 1
    defer { state.sourceDepth -= 1 }
    if try !runCommands(script) { throw AlreadyReported() }
  }
}
