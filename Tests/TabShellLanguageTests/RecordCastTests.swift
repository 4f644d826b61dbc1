import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@testable import TabShellLanguage

/// `record-cast [--to ID] FILE`, `record-cast --stop` (docs/Contract.md, "Pictures, recordings,
/// locators"): an asciicast v2 file of a screen or the frame, at its size, starting with what it
/// shows, each change an event.
@Suite struct RecordCastTests {
  /// The file's lines, each read as JSON.
  static func lines(_ text: String) throws -> [Any] {
    try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
    }
  }

  /// The events' kinds and data.
  static func events(_ lines: [Any]) -> [(String, String)] {
    lines.dropFirst().compactMap { line in
      guard let event = line as? [Any], event.count == 3, let kind = event[1] as? String,
        let data = event[2] as? String
      else { return nil }
      return (kind, data)
    }
  }

  @Test func aScreensRecordingStartsWithWhatItShowsThenItsChanges() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      record-cast --to p casts/p.cast
      row hello
      row hello
      record-cast --stop
      row after
      """)
    #expect(outcome == .success, "\(run.reported)")
    let lines = try Self.lines(try run.file("casts/p.cast"))
    let header = try #require(lines.first as? [String: Any])
    #expect(header["version"] as? Int == 2)
    // The region of paint at 40 × 10: the bar's three rows and the header's row left out.
    #expect(header["width"] as? Int == 40 && header["height"] as? Int == 6)
    let events = Self.events(lines)
    #expect(events.map(\.0) == ["o", "o"])
    #expect(events.first?.1.contains("Menu: \u{1B}[1;32m[ OK ]\u{1B}[0m") == true)
    #expect(events.last?.1 == "\u{1B}[3;1H\u{1B}[0m\u{1B}[2Khello\u{1B}[2;4H")
  }

  @Test func theFramesRecordingIsTheFramesSizeAndAResizeIsAnEvent() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      record-cast frame.cast
      size 30 8
      """)
    #expect(outcome == .success, "\(run.reported)")
    let lines = try Self.lines(try run.file("frame.cast"))
    let header = try #require(lines.first as? [String: Any])
    #expect(header["width"] as? Int == 40 && header["height"] as? Int == 10)
    let events = Self.events(lines)
    #expect(events.map(\.0) == ["o", "r", "o"])
    #expect(events[1].1 == "30x8")
    #expect(events[2].1.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
  }

  @Test func startingTwiceOrStoppingNothingIsAnError() throws {
    let run = try PictureRun()
    let outcome = run.scriptGoingOn(
      """
      record-cast --stop
      add-tab paint --id p
      record-cast a.cast
      record-cast b.cast
      record-cast --to q c.cast
      """)
    #expect(outcome == .failure)
    #expect(
      run.reported == [
        "s.tabsh:1:1: error: no recording is under way ('record-cast FILE' starts one)",
        "s.tabsh:4:1: error: already recording to 'a.cast' (record-cast --stop ends it)",
        "s.tabsh:5:1: error: already recording to 'a.cast' (record-cast --stop ends it)",
      ])
    #expect(
      run.script("record-cast --stop a.cast\nrecord-cast\nrecord-cast --stop --to p")
        == .syntaxError)
    #expect(
      run.reported.suffix(3).allSatisfy {
        $0.hasSuffix("'record-cast' takes FILE (and --to ID), or --stop alone")
      })
  }

  /// A recording of a screen that goes away ends there: the file holds what it showed.
  @Test func aRecordingEndsWithItsScreen() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      add-tab paint --id q
      record-cast --to q q.cast
      close-tab q
      record-cast again.cast
      """)
    #expect(outcome == .success, "\(run.reported)")
    #expect(try Self.events(Self.lines(run.file("q.cast"))).count == 1)
  }
}
