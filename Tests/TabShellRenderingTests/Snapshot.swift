import Foundation
import TestSupport
import Testing

/// Plain-text snapshots, checked in under `Snapshots/` beside this file (found with `#filePath`, so
/// the package manifest needs no resources).
///
/// A snapshot is re-recorded only on purpose: run the tests with `TABSHELL_RECORD_SNAPSHOTS=1`.
/// A record run writes the files and fails (it checked nothing); the next run checks them.
enum Snapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["TABSHELL_RECORD_SNAPSHOTS"] == "1"
  }

  /// Compares `text` with the snapshot `name` (or records it).
  static func check(
    _ text: String, named name: String, recording: Bool = isRecording,
    in directory: URL = directory, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = directory.appendingPathComponent(name + ".txt")
    let actual = text.hasSuffix("\n") ? text : text + "\n"
    if recording {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        // Never a pass: what was recorded was not checked.
        let what = "snapshot \(name) in \(url.path)"
        Issue.record(
          "\(RecordRun.message(what, variable: "TABSHELL_RECORD_SNAPSHOTS"))",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no snapshot \(url.path); record it with TABSHELL_RECORD_SNAPSHOTS=1",
        sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      Issue.record(
        """
        snapshot \(name) differs (re-record on purpose with TABSHELL_RECORD_SNAPSHOTS=1)
        --- expected
        \(expected)--- actual
        \(actual)
        """, sourceLocation: sourceLocation)
    }
  }
}
