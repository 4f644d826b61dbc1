import TabShellLanguage
import TabShellRendering

/// The process's own streams as an interpreter's sink: a command's lines to stdout, errors and
/// plugins' lines to stderr, written out as messages are (``ProcessContext/report(_:)``).
package final class ProcessOutput: OutputSink {
  private let process: ProcessContext
  /// Whether errors are broken at blanks to the width of the terminal on stderr (the interactive
  /// REPL's; see ``ShellStartup/fittedToTerminal(_:)``).
  private let fitsErrors: Bool

  /// The streams of `process`; with `fittingErrors`, errors fit the terminal.
  package init(_ process: ProcessContext, fittingErrors: Bool = false) {
    self.process = process
    fitsErrors = fittingErrors
  }

  package func printLine(_ line: String) {
    process.writeOutput(line)
    process.writeOutput("\n")
  }

  package func report(_ diagnostic: Diagnostic) {
    if fitsErrors {
      process.errorSink(ShellStartup.fittedToTerminal(Renderer.message("\(diagnostic)\n")))
    } else {
      process.report(diagnostic)
    }
  }

  package func relay(_ text: String) { process.writeRelayed(text) }
}
