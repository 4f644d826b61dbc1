import TabShellPlatform

/// What a session's server tells the starting process through a pipe while it starts
/// (``SessionStarter``): what its start-up printed, then ``SessionStarter/readyLine``, or `NUL`,
/// its error and `\n`; then the pipe ends.
///
/// The printed text is shown as it comes, whole lines at a time, however much there is: the
/// server never waits on a full pipe nor dies of a closed one. The last line, which may be the
/// server's final word (it starts with `NUL`), is held back until the pipe ends.
struct StartupReport {
  /// How the start ended.
  package enum Outcome: Equatable {
    /// The server is ready.
    case ready
    /// It failed to start: its message.
    case failed(String)
    /// The pipe ended with no final word (the server died).
    case ended
    /// The deadline came first.
    case timedOut
  }

  /// The most bytes held back waiting for the end of a line.
  static let holdLimit = 1 << 16

  /// What came and was not shown yet.
  private var pending: [UInt8] = []

  /// Takes bytes read from the pipe; returns the text to show now: whole lines, never a line that
  /// may be the final word (unless more than ``holdLimit`` bytes wait).
  mutating func take(_ bytes: some Collection<UInt8>) -> String {
    pending.append(contentsOf: bytes)
    let final = pending.lastIndex(of: 0) ?? pending.endIndex
    var cut = pending[..<final].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    if pending.count - cut > Self.holdLimit {
      cut = pending.count - final > Self.holdLimit ? pending.count : final
    }
    let shown = String(decoding: pending[..<cut], as: UTF8.self)
    pending.removeFirst(cut)
    return shown
  }

  /// At the end of the pipe: the text left to show, and how the start ended.
  package func end() -> (shown: String, outcome: Outcome) {
    let ready = Array(SessionStarter.readyLine.utf8)
    if pending.count >= ready.count, Array(pending.suffix(ready.count)) == ready {
      return (String(decoding: pending.dropLast(ready.count), as: UTF8.self), .ready)
    }
    guard let final = pending.lastIndex(of: 0) else {
      return (String(decoding: pending, as: UTF8.self), .ended)
    }
    var message = String(decoding: pending[(final + 1)...], as: UTF8.self)
    if message.hasSuffix("\n") { message.removeLast() }
    return (String(decoding: pending[..<final], as: UTF8.self), .failed(message))
  }

  /// Reads the report from `pipe` until it ends or `deadline` (monotonic nanoseconds) comes,
  /// handing the text to show to `show` as it comes.
  static func read(_ pipe: Int32, until deadline: UInt64, show: (String) -> Void) -> Outcome {
    var report = StartupReport()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let wait = MonotonicClock.milliseconds(until: deadline)
      guard wait > 0 else {
        let shown = report.end().shown
        if !shown.isEmpty { show(shown) }
        return .timedOut
      }
      let ready = SystemIO.wait([SystemIO.Watched(fd: pipe)], milliseconds: wait)
      guard ready[0].readable || ready[0].broken else { continue }
      guard let count = try? SystemIO.read(pipe, into: &chunk), count > 0 else { break }
      let shown = report.take(chunk[..<count])
      if !shown.isEmpty { show(shown) }
    }
    let (shown, outcome) = report.end()
    if !shown.isEmpty { show(shown) }
    return outcome
  }
}
