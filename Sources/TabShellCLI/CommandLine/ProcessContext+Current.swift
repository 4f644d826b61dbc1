import TabShellLanguage
import TabShellPlatform
import TabShellRendering

extension ProcessContext {
  /// The context of this process: its arguments, environment and standard streams (stdout buffered,
  /// flushed before anything goes to stderr and at the end).
  public static func current() -> ProcessContext {
    let output = FileDescriptorWriter(fd: 1)
    let stdoutIsTerminal = isatty(1) == 1
    return ProcessContext(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: environment(),
      currentDirectory: currentDirectory(),
      stdinIsTerminal: isatty(0) == 1,
      stdoutIsTerminal: stdoutIsTerminal,
      terminalWidth: stdoutIsTerminal ? Renderer.terminalWidth(fd: 1) : nil,
      readStandardInput: readStandardInput,
      writeOutput: output.write,
      writeError: { text in
        output.flush()
        let error = FileDescriptorWriter(fd: 2)
        error.write(text)
        error.flush()
      },
      flush: output.flush)
  }

  /// The process's environment variables.
  static func environment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }

  /// The working directory (`""` when it cannot be read: relative paths stay relative).
  static func currentDirectory() -> String {
    guard let pointer = getcwd(nil, 0) else { return "" }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// All of stdin, as text: refused (as soon as it is seen) when it holds a NUL byte, is not UTF-8,
  /// has a line or a whole too long, as a script file is.
  static func readStandardInput() throws(LanguageError) -> String {
    try Interpreter.readScript(descriptor: 0, name: "<stdin>")
  }
}
