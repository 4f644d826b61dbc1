import TabShellPlatform

extension Interpreter {
  /// `trace ... --to FILE`: the trace goes to FILE (created, or appended to) from now on; `nil`:
  /// to the output again. The file written so far is closed either way.
  func traceTo(_ path: String?) throws(LanguageError) {
    if traceDescriptor >= 0 {
      close(traceDescriptor)
      traceDescriptor = -1
    }
    guard let path else { return }
    let descriptor = open(resolve(path), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, reason: SystemError.current.description)
    }
    traceDescriptor = descriptor
  }

  /// One line of the trace: to its file (one `write`, so that a reader sees whole lines), else to
  /// the output. A file that can no longer be written is closed and the trace goes to the output.
  func traceLine(_ line: String) {
    guard traceDescriptor >= 0 else {
      output(line)
      return
    }
    do throws(SystemError) {
      try SystemIO.writeAll(traceDescriptor, (line + "\n").utf8)
    } catch {
      close(traceDescriptor)
      traceDescriptor = -1
      report(
        Diagnostic(
          file: nil, location: place.location,
          error: .failed("the trace file cannot be written (\(error)); tracing to the output")))
      output(line)
    }
  }
}
