import Foundation
import TabShellRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProcessContext {
  /// The context of this process: its arguments, environment and standard streams (stdout buffered,
  /// flushed before anything goes to stderr and at the end).
  public static func current() -> ProcessContext {
    let output = FileDescriptorWriter(fd: 1)
    let stdoutIsTerminal = isatty(1) == 1
    return ProcessContext(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      stdinIsTerminal: isatty(0) == 1,
      stdoutIsTerminal: stdoutIsTerminal,
      terminalWidth: stdoutIsTerminal ? Renderer.terminalWidth(fd: 1) : nil,
      readStandardInput: {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
      },
      writeOutput: output.write,
      writeError: { text in
        output.flush()
        let error = FileDescriptorWriter(fd: 2)
        error.write(text)
        error.flush()
      },
      flush: output.flush)
  }
}
