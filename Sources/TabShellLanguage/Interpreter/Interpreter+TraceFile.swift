import TabShellPlatform

extension Interpreter {
  /// `trace ... --to FILE`: the trace goes to FILE (created, or appended to) from now on; `nil`:
  /// to the output again. The file written so far is closed either way. FILE must be a regular
  /// file or nothing yet (``TabShellPlatform/OutputFile``'s rule: no link, FIFO or device).
  func traceTo(_ path: String?) throws(LanguageError) {
    traceFile?.close()
    traceFile = nil
    guard let path else { return }
    do throws(OutputFile.Failure) {
      traceFile = try OutputFile(path: resolve(path), mode: .append)
    } catch {
      throw WrittenFile.error(error, name: path)
    }
  }

  /// One line of the trace: to its file (one `write`, so that a reader sees whole lines), else to
  /// the output. A file that can no longer be written is closed and the trace goes to the output.
  func traceLine(_ line: String) {
    guard let traceFile else {
      output(line)
      return
    }
    do throws(OutputFile.Failure) {
      try traceFile.write((line + "\n").utf8)
    } catch {
      traceFile.close()
      self.traceFile = nil
      report(
        Diagnostic(
          file: nil, location: place.location,
          error: .failed("the trace file cannot be written (\(error)); tracing to the output")))
      output(line)
    }
  }
}
