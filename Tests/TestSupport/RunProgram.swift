import Foundation

/// What a program the tests ran printed, and how it ended.
package struct ProgramRun: Equatable {
  /// Its exit status.
  package var status: Int32
  /// What it wrote to its standard output and its standard error.
  package var output: String
  package var errors: String
}

/// Runs `executable` with `arguments` (in `environment`, this process's when `nil`) to its end,
/// its standard input empty; what it printed. For programs that print little: its output is read
/// first, then its errors.
package func runProgram(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil
) throws -> ProgramRun {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let environment { process.environment = environment }
  let output = Pipe()
  let errors = Pipe()
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return ProgramRun(status: process.terminationStatus, output: printed, errors: said)
}
