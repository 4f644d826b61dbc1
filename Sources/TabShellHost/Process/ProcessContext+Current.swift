import TabShellLanguage
import TabShellPlatform
import TabShellRendering

extension ProcessContext {
  /// The context of this process: its arguments, environment and standard streams. Stdout is
  /// buffered (``TabShellPlatform/PendingOutput``, a line at a time on a terminal), written out
  /// before anything goes to stderr, at the end, and when a signal ends the process
  /// (``FatalSignals``); stderr is not buffered.
  package static func current() -> ProcessContext {
    let output = PendingOutput.standardOutput
    let stdoutIsTerminal = TerminalDevice.isTerminal(1)
    output.isLineBuffered = stdoutIsTerminal
    return ProcessContext(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: environment(),
      currentDirectory: currentDirectory(),
      stdinIsTerminal: TerminalDevice.isTerminal(0),
      stdoutIsTerminal: stdoutIsTerminal,
      terminalWidth: stdoutIsTerminal ? Renderer.terminalWidth(fd: 1) : nil,
      readStandardInput: readStandardInput,
      writeOutput: output.append,
      writeError: { text in
        output.flush()
        try? SystemIO.writeAll(2, text.utf8)
      },
      flush: output.flush,
      outputFailure: { output.failure?.code })
  }

  /// The process's environment variables.
  static func environment() -> [String: String] {
    CurrentProcess.environment()
  }

  /// The working directory (`""` when it cannot be read: relative paths stay relative).
  static func currentDirectory() -> String {
    CurrentProcess.currentDirectory() ?? ""
  }

  /// All of stdin, as text: refused (as soon as it is seen) when it holds a NUL byte, is not UTF-8,
  /// has a line or a whole too long, as a script file is.
  static func readStandardInput() throws(LanguageError) -> String {
    try Interpreter.readScript(descriptor: 0, name: "<stdin>")
  }
}
