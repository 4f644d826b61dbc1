import Foundation

/// A child's output read line by line as it comes, on a thread of its own, so that a test can wait
/// for the child to say something (however slow the machine) and read all it said once it ended.
final class OutputWatcher: @unchecked Sendable {
  private let condition = NSCondition()
  private var lines: [String] = []
  private var partial = ""
  private var ended = false

  /// Starts reading `handle` until its end.
  init(_ handle: FileHandle) {
    DispatchQueue.global().async { [self] in
      while true {
        let chunk = handle.availableData
        condition.lock()
        if chunk.isEmpty {
          ended = true
        } else {
          partial += String(decoding: chunk, as: UTF8.self)
          while let newline = partial.firstIndex(of: "\n") {
            lines.append(String(partial[..<newline]))
            partial = String(partial[partial.index(after: newline)...])
          }
        }
        condition.broadcast()
        condition.unlock()
        if chunk.isEmpty { return }
      }
    }
  }

  /// Waits until the child has written the line `line` (`true`), or its output ended or `timeout`
  /// seconds passed without it (`false`).
  func wait(for line: String, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while !lines.contains(line) {
      if ended || !condition.wait(until: deadline) { return lines.contains(line) }
    }
    return true
  }

  /// Every line the child wrote, once its output ended (or `timeout` seconds passed: then what it
  /// wrote so far).
  func all(timeout: Double) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while !ended, condition.wait(until: deadline) {}
    return lines
  }
}
