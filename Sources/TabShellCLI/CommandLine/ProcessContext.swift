import TabShellLanguage
import TabShellRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the command line reads from and writes to the process, so that tests can run it in
/// process: arguments, environment, directory, terminals, stdin, stdout and stderr.
package struct ProcessContext {
  /// The arguments, without the program's name.
  package var arguments: [String]
  /// The environment variables.
  package var environment: [String: String]
  /// The working directory, for relative paths.
  package var currentDirectory: String
  /// Whether stdin is a terminal (then, without a script, the REPL runs).
  package var stdinIsTerminal: Bool
  /// Whether stdout is a terminal (then colour and the terminal's width apply).
  package var stdoutIsTerminal: Bool
  /// The terminal's width, when stdout is one.
  package var terminalWidth: Int?
  /// Reads all of stdin.
  package var readStandardInput: () throws(LanguageError) -> String
  /// Writes text to stdout.
  package var writeOutput: (String) -> Void
  /// Where text for stderr goes (see ``writeError(_:)``).
  private var errorSink: (String) -> Void
  /// Writes out what stdout has buffered.
  package var flush: () -> Void

  /// Makes a context.
  package init(
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
    self.errorSink = writeError
    self.flush = flush
  }
}

extension ProcessContext {
  /// Writes text to stderr. Standard error carries messages only, never an escape sequence of
  /// TabShell's: a control character in one (from a path, a title, a plugin) is shown as a visible
  /// escape, not sent (line feeds and tabs stay).
  package func writeError(_ text: String) {
    errorSink(Renderer.neutralized(text, keepingLines: true))
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
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { raw in
        Glibc.write(fd, raw.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written <= 0 {
        if written < 0, errno == EINTR { continue }
        if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
          // A non-blocking descriptor that is full: wait until it takes more, lose nothing.
          var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
