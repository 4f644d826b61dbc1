import Foundation
import TestSupport
import Testing

/// Nothing lost: a process that replaces the history file again and again (with the REPL's
/// AtomicFileWriter) and is killed with SIGKILL at random moments leaves a whole file, the old
/// generation's or the new one's, never a torn one.
struct AtomicHistoryTests {
  static let lines = 20_000

  /// The generation of a whole file, or `nil` for a torn one.
  static func generation(of text: String) -> Int? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == Self.lines + 2, lines.last == "", let end = lines.dropLast().last,
      end.hasPrefix("end "), let generation = Int(end.dropFirst(4))
    else { return nil }
    for (index, line) in lines.dropLast(2).enumerated()
    where !line.hasPrefix("\(generation):\(index):") {
      return nil
    }
    return generation
  }

  @Test func killedWritersLeaveWholeFiles() throws {
    guard let binary = TabShellProcess.binary else {
      throw RobustnessError("no tabshell binary next to the tests")
    }
    let helper = URL(fileURLWithPath: binary).deletingLastPathComponent()
      .appendingPathComponent("tabshell-history-writer").path
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/state/tabshell/history"
    var generator = SplitMix64(seed: 2_026)
    var previous: Int?
    var kills = 0
    for _ in 0..<25 {
      let writer = try SpawnedProcess([path, "\(Self.lines)"], executable: helper)
      usleep(UInt32(5_000 + generator.next() % 60_000))
      kill(writer.pid, SIGKILL)
      #expect(writer.wait(timeout: 20))
      #expect(writer.signal == SIGKILL, "the writer stopped by itself: \(writer.status)")
      kills += 1
      guard let data = FileManager.default.contents(atPath: path) else {
        // Killed before its first rename: no file yet, which is whole too.
        #expect(previous == nil, "the history file disappeared")
        continue
      }
      let found = Self.generation(of: String(decoding: data, as: UTF8.self))
      #expect(found != nil, "a torn history file of \(data.count) bytes")
      previous = found ?? previous
    }
    #expect(kills == 25)
    #expect(previous != nil, "no write ever completed; the test proved nothing")
  }
}
