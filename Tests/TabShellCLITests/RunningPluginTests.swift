import Foundation
import TabShellPlatform
import Testing

/// The running plugin's name, as a crash report writes it from a signal handler.
@Suite struct RunningPluginTests {
  /// Its control characters (C1 and bidirectional ones too) are written as '?', and it is cut on a
  /// character's boundary.
  @Test func theNameIsWrittenWithoutControlsAndWhole() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let name = "plug\u{1B}in\u{9B}2J\u{202E}" + String(repeating: "é", count: 300)
    RunningPlugin.run(name) { _ = RunningPlugin.write(to: ends[1]) }
    close(ends[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    let text = try #require(String(validating: bytes, as: UTF8.self))
    #expect(text.hasPrefix("plug?in?2J?é"))
    #expect(bytes.count <= 256)
    #expect(!text.unicodeScalars.contains(where: TerminalText.isTerminalControl))
  }
}
