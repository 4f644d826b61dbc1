import TabShellLanguage
import TabShellRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProcessContext {
  /// The context of this process: its arguments, environment and standard streams (stdout buffered,
  /// flushed before anything goes to stderr and at the end).
  package static func current() -> ProcessContext {
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

  /// All of stdin, as text: refused when it holds a NUL byte or is not UTF-8, as a script file is.
  static func readStandardInput() throws(LanguageError) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, -1)
        continue
      }
      if count < 0 {
        throw .cannotRead(path: "<stdin>", reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return try Interpreter.decodeText(bytes, name: "<stdin>")
  }
}
