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

  /// Each writer is killed a random moment after it said it started writing generation 1 or 2
  /// (after a first whole write, then), however long it took to get there: the kill lands in a
  /// write on a loaded machine too, and a write completes on some of the attempts. The file left
  /// is whole, and nothing is lost: it is the last generation the writer said it wrote, or the one
  /// it was writing (replaced before the writer could say so).
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
    // The generation in the file after the attempt before.
    var previous: Int?
    var completed = 0
    for attempt in 0..<25 {
      let writer = try SpawnedProcess([path, "\(Self.lines)"], executable: helper)
      let output = OutputWatcher(writer.out)
      let target = 1 + Int(generator.next() % 2)
      let started = output.wait(for: "writing \(target)", timeout: 120)
      if started { usleep(UInt32(generator.next() % 30_000)) }
      kill(writer.pid, SIGKILL)
      #expect(writer.wait(timeout: 20))
      let said = output.all(timeout: 20)
      guard started else {
        Issue.record("attempt \(attempt): the writer never said 'writing \(target)': \(said)")
        return
      }
      #expect(writer.signal == SIGKILL, "the writer stopped by itself: \(writer.status)")
      let wrote = said.last { $0.hasPrefix("wrote ") }.flatMap { Int($0.dropFirst(6)) }
      if wrote != nil { completed += 1 }
      guard let data = FileManager.default.contents(atPath: path) else {
        // Killed before its first rename: no file yet, which is whole too.
        #expect(previous == nil && wrote == nil, "the history file disappeared")
        continue
      }
      let found = Self.generation(of: String(decoding: data, as: UTF8.self))
      #expect(found != nil, "a torn history file of \(data.count) bytes")
      if let found {
        let expected = wrote.map { [$0, $0 + 1] } ?? [previous, 1].compactMap { $0 }
        #expect(expected.contains(found), "generation \(found) after the writer said \(said)")
      }
      previous = found ?? previous
    }
    #expect(completed > 0, "no write ever completed; the test proved nothing")
  }
}
