import TabShellLanguage
import TabShellPlatform
import TabShellRendering

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
  package var errorSink: (String) -> Void
  /// Writes out what stdout has buffered.
  package var flush: () -> Void
  /// The `errno` of the first write to stdout that failed (a full disk, a closed pipe), if one did.
  package var outputFailure: () -> Int32?
  /// Told of each error the shell reports, as data, besides its text on stderr: a diagnostic
  /// (``report(_:)``) or a message of the shell's own that starts with `error: `
  /// (``writeError(_:)``). Text the shell relays (a plugin's stderr: ``writeRelayed(_:)``) is
  /// never one. The test runner's children hand these to the runner, which takes its failures
  /// from them and never from stderr.
  package var errorReported: (ReportedError) -> Void = { _ in }

  /// Makes a context.
  package init(
    arguments: [String], environment: [String: String] = [:], currentDirectory: String,
    stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false, terminalWidth: Int? = nil,
    readStandardInput: @escaping () throws(LanguageError) -> String = { "" },
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    flush: @escaping () -> Void = {}, outputFailure: @escaping () -> Int32? = { nil }
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
    self.outputFailure = outputFailure
  }
}

extension ProcessContext {
  /// Writes a message to stderr. Standard error carries messages only, never an escape sequence of
  /// TabShell's: a control character in one (from a path, a title, a plugin) is shown as a visible
  /// escape, not sent (line feeds and tabs stay), and a line after the first is indented, so that
  /// nothing in a message passes for a message of its own (``Renderer/message(_:)``).
  package func writeError(_ text: String) {
    let message = Renderer.message(text)
    if message.hasPrefix("error: ") {
      var words = message.dropFirst("error: ".count)
      if words.last == "\n" { words = words.dropLast() }
      errorReported(ReportedError(file: nil, line: 0, column: 0, message: String(words)))
    }
    errorSink(message)
  }

  /// Writes a diagnostic to stderr (`FILE:LINE:COL: error: MESSAGE`), and tells
  /// ``errorReported`` of it.
  package func report(_ diagnostic: Diagnostic) {
    errorReported(
      ReportedError(
        file: diagnostic.file, line: diagnostic.location.line, column: diagnostic.location.column,
        message: Renderer.message("\(diagnostic.error)")))
    errorSink(Renderer.message("\(diagnostic)\n"))
  }

  /// Writes text that the shell relays to stderr (a plugin's own lines), written out as a message
  /// is; never an error of the shell's, whatever it says.
  package func writeRelayed(_ text: String) {
    errorSink(Renderer.message(text))
  }
}

/// An error the shell reported: where (`nil` file: no place, as in `error: MESSAGE`) and what, its
/// lines after the first indented (``Renderer/message(_:)``).
package struct ReportedError: Equatable, Sendable {
  /// The script as the shell names it, or `nil`.
  package var file: String?
  /// The line and column in `file` (0 without a file).
  package var line: Int
  package var column: Int
  /// The message, without `error: `.
  package var message: String

  /// Makes one.
  package init(file: String?, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }
}
