import TabShellLanguage
import TabShellPlatform

/// Everything the command line reads from and writes to the process, so that tests can run it in
/// process: arguments, environment, directory, terminals, stdin, stdout and stderr.
public struct ProcessContext {
  /// The arguments, without the program's name.
  public var arguments: [String]
  /// The environment variables.
  public var environment: [String: String]
  /// The working directory, for relative paths.
  public var currentDirectory: String
  /// Whether stdin is a terminal (then, without a script, the REPL runs).
  public var stdinIsTerminal: Bool
  /// Whether stdout is a terminal (then colour and the terminal's width apply).
  public var stdoutIsTerminal: Bool
  /// The terminal's width, when stdout is one.
  public var terminalWidth: Int?
  /// Reads all of stdin.
  public var readStandardInput: () throws(LanguageError) -> String
  /// Writes text to stdout.
  public var writeOutput: (String) -> Void
  /// Writes text to stderr.
  public var writeError: (String) -> Void
  /// Writes out what stdout has buffered.
  public var flush: () -> Void

  /// Makes a context.
  public init(
    arguments: [String], environment: [String: String] = [:], currentDirectory: String,
    stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false, terminalWidth: Int? = nil,
    readStandardInput: @escaping () throws(LanguageError) -> String = { "" },
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    flush: @escaping () -> Void = {}
  ) {
    self.arguments = arguments
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.terminalWidth = terminalWidth
    self.readStandardInput = readStandardInput
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.flush = flush
  }
}

/// A buffered writer to a file descriptor: one system call per 64 KiB, not per line.
final class FileDescriptorWriter {
  private let fd: Int32
  private var buffer: [UInt8] = []

  init(fd: Int32) {
    self.fd = fd
    buffer.reserveCapacity(1 << 16)
  }

  func write(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { buffer.append(contentsOf: $0) }
    if copied == nil { buffer.append(contentsOf: text.utf8) }
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    try? SystemIO.writeAll(fd, buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
