import TabShellPlatform

extension Interpreter {
  /// `trace ... --to FILE`: the trace goes to FILE (relative to the script's folder) from now on;
  /// `nil`: to the output again (see ``TraceOutput/redirect(to:)``).
  func traceTo(_ path: String?) throws(LanguageError) {
    do throws(OutputFile.Failure) {
      try observation.trace.redirect(to: path.map(resolve))
    } catch {
      throw WrittenFile.error(error, name: path ?? "")
    }
  }

  /// One line of the trace: to its file, else to the output. A file that can no longer be written
  /// is reported, and the trace goes to the output.
  func traceLine(_ line: String) {
    var failure: OutputFile.Failure?
    if observation.trace.write(line, failure: &failure) { return }
    if let failure {
      report(
        Diagnostic(
          file: nil, location: state.place.location,
          error: .failed("the trace file cannot be written (\(failure)); tracing to the output")))
    }
    output(line)
  }
}
