/// What the program reported for the shell, kept until the screen takes it
/// (``TerminalScreen/report(ended:)``).
extension TerminalEmulator {
  /// The title the program set since the last call, as it wrote it (UTF-8 read with repairs), or
  /// `nil`; several titles in between are the last one.
  func takeTitle() -> String? {
    defer { cells.pointee.reports.pointee.title = nil }
    return cells.pointee.reports.pointee.title
  }

  /// The text the program's OSC 52 set since the last call (``ProgramClipboard``), or `nil`;
  /// several in between are the last one.
  func takeClipboard() -> String? {
    defer { clipboard = nil }
    return clipboard
  }

  /// Whether the program rang the bell since the last call; several bells are one.
  func takeBell() -> Bool {
    defer { cells.pointee.reports.pointee.rang = false }
    return cells.pointee.reports.pointee.rang
  }
}
