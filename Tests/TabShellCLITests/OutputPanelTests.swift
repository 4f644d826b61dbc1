import Testing

@testable import TabShellFullScreen

/// The full-screen mode's output panel: what commands print, wrapped and bounded.
@Suite struct OutputPanelTests {
  /// Lines printed after the panel was drawn are wrapped as a fresh wrap of every line would be.
  @Test func rowsOfLinesAddedLaterAreThoseOfAWholeWrap() {
    var panel = OutputPanel()
    panel.begin("echo")
    panel.append(
      "a short line\nand one that is long enough to wrap at twenty columns", isError: false)
    _ = panel.rows(width: 20)
    panel.append("an error that wraps as well, twice over, at twenty", isError: true)
    panel.append("", isError: false)
    var whole = OutputPanel()
    whole.begin("echo")
    for line in panel.lines { whole.append(line.text, isError: line.isError) }
    #expect(panel.rows(width: 20) == whole.rows(width: 20))
    #expect(panel.rows(width: 20).count == 8)
  }

  /// However much is printed, the panel keeps at most its limits (lines, bytes, bytes of a line),
  /// the last lines printed among them.
  @Test func whatIsKeptIsBounded() {
    var panel = OutputPanel()
    panel.limits = OutputPanel.Limits(lines: 100, bytes: 1_000, lineBytes: 50)
    panel.begin("source")
    for index in 0..<1_000 { panel.append("line \(index)", isError: false) }
    #expect((100...125).contains(panel.lines.count))
    #expect(panel.lines.last?.text == "line 999")

    panel.begin("echo")
    for _ in 0..<100 { panel.append(String(repeating: "x", count: 80), isError: false) }
    #expect(panel.lines.allSatisfy { $0.text == String(repeating: "x", count: 50) + "…" })
    let bytes = panel.lines.reduce(0) { $0 + $1.text.utf8.count }
    #expect(bytes <= 1_250 + 53)
  }
}
