import TabShellPlatform
import Testing

@testable import TabShellSessionServer

/// The report a session's server sends its starting process: text shown as it comes, whole lines
/// at a time, the final word held back, and a deadline.
struct StartupReportTests {
  @Test func linesAreShownAsTheyComeAndTheFinalWordIsHeldBack() {
    var report = StartupReport()
    #expect(report.take(Array("one\ntw".utf8)) == "one\n")
    #expect(report.take(Array("o\n\u{0}rea".utf8)) == "two\n")
    #expect(report.take(Array("dy\n".utf8)) == "")
    #expect(report.end() == ("", .ready))
  }

  @Test(arguments: [
    ("a\n\u{0}error: boom\n", "a\n", StartupReport.Outcome.failed("error: boom")),
    ("a\npartial", "a\n", .ended),
    ("", "", .ended),
  ])
  func theEndSaysHowTheStartEnded(
    text: String, shownFirst: String, outcome: StartupReport.Outcome
  ) {
    var report = StartupReport()
    let shown = report.take(Array(text.utf8))
    #expect(shown == shownFirst)
    let end = report.end()
    #expect(shown + end.shown == text.split(separator: "\u{0}").first.map(String.init) ?? "")
    #expect(end.outcome == outcome)
  }

  @Test func aLongLineIsShownWithoutWaitingForItsEnd() {
    var report = StartupReport()
    let long = String(repeating: "x", count: StartupReport.holdLimit + 1)
    #expect(report.take(Array(long.utf8)) == long)
    #expect(report.take(Array("\u{0}ready\n".utf8)) == "")
    #expect(report.end() == ("", .ready))
  }

  @Test func theDeadlineEndsTheWait() throws {
    let pipe = try SystemIO.makePipe()
    defer {
      SystemIO.close(pipe.read)
      SystemIO.close(pipe.write)
    }
    try SystemIO.writeAll(pipe.write, Array("started\nstill".utf8))
    var shown: [String] = []
    let start = MonotonicClock.now()
    let outcome = StartupReport.read(
      pipe.read, until: start + 100_000_000, show: { shown.append($0) })
    #expect(outcome == .timedOut)
    #expect(MonotonicClock.now() - start >= 100_000_000)
    #expect(shown == ["started\n", "still"])
  }
}
