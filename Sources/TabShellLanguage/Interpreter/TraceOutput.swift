@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// What `trace` prints.
enum TraceMode: Equatable {
  case off, readable, json
}

/// The trace's output: its mode, the file `trace --to FILE` writes to, and the buffer its JSON
/// lines are made in. It writes lines to its file and says when it cannot; the interpreter holds
/// one (``Interpreter/traceOutput``) and sends what has no file to the output.
struct TraceOutput {
  /// What is traced.
  var mode = TraceMode.off
  /// The file the lines go to (open for appending), or `nil` for the output.
  private(set) var file: OutputFile?
  /// The bytes of the JSON line being made, kept from line to line.
  private var buffer: [UInt8] = []

  /// The line for an event, as the mode writes it; `nil` when the trace is off.
  mutating func line(for event: ShellEvent) -> String? {
    switch mode {
    case .off: nil
    case .readable: Renderer.neutralized(event.description)
    case .json: TraceFormat.json(event, buffer: &buffer)
    }
  }

  /// The lines go to the file at `path` (created, or appended to) from now on; `nil`: to the
  /// output again. The file written so far is closed either way. `path` must be a regular file or
  /// nothing yet (``TabShellPlatform/OutputFile``'s rule: no link, FIFO or device).
  mutating func redirect(to path: String?) throws(OutputFile.Failure) {
    file?.close()
    file = nil
    guard let path else { return }
    file = try OutputFile(path: path, mode: .append)
  }

  /// Writes a line to the file, in one `write` so that a reader sees whole lines. `false` when
  /// there is no file, or when it could not be written (it is then closed, and `failure` says
  /// why): the line is the caller's to write elsewhere.
  mutating func write(_ line: String, failure: inout OutputFile.Failure?) -> Bool {
    guard let file else { return false }
    do throws(OutputFile.Failure) {
      try file.write((line + "\n").utf8)
      return true
    } catch {
      file.close()
      self.file = nil
      failure = error
      return false
    }
  }
}
