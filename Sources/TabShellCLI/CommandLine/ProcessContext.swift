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
  /// The `errno` of the first write to stdout that failed (a full disk, a closed pipe), if one did.
  public var outputFailure: () -> Int32?

  /// Makes a context.
  public init(
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
    self.writeError = writeError
    self.flush = flush
    self.outputFailure = outputFailure
  }
}
