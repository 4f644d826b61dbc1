import Foundation

extension Interpreter {
  /// A path as the running script means it: relative paths are resolved against its directory.
  func resolve(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let directory = directories.last ?? currentDirectory
    return directory.isEmpty ? path : directory + "/" + path
  }

  /// The name errors give a file that `source` reads: relative to the sourcing script's own name.
  func displayName(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let file = files.last ?? nil, let slash = file.lastIndex(of: "/") else { return path }
    return String(file[...slash]) + path
  }

  /// Reads a text file; the error names it as the user wrote it.
  public static func readText(_ path: String, name: String) throws(LanguageError) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .cannotRead(path: name, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw .cannotRead(path: name, reason: "it is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .cannotRead(path: name, reason: "permission denied")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// The directory part of a path (`""` for none).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `source FILE`: parses the whole file, then runs it; nested at most ``sourceLimit`` deep.
  func source(_ path: String) throws {
    guard sourceDepth < Self.sourceLimit else {
      throw LanguageError.sourceTooDeep(limit: Self.sourceLimit)
    }
    let resolved = resolve(path)
    let name = displayName(path)
    let text = try Self.readText(resolved, name: name)
    let script = parse(text, file: name, directory: Self.directory(of: resolved))
    if !script.diagnostics.isEmpty {
      script.diagnostics.forEach(report)
      throw AlreadyReported()
    }
    sourceDepth += 1
    defer { sourceDepth -= 1 }
    if try !runCommands(script) { throw AlreadyReported() }
  }
}
