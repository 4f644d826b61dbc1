import Foundation
import Testing

@testable import TabShellRPC

/// Lines cut out of a stream however it is split into reads, with memory bounded by the limit.
struct LineBufferTests {
  /// Feeds `data` through a pipe in writes of the given sizes (as much of each as the pipe takes)
  /// and collects what the buffer gives, until the end or a line that is too long.
  static func lines(
    of data: [UInt8], pieces sizes: [Int], limit: Int
  ) -> (lines: [[UInt8]], tooLong: Bool, capacity: Int) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return ([], false, 0) }
    defer { close(ends[0]) }
    for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    var buffer = LineBuffer(limit: limit)
    var lines: [[UInt8]] = []
    var (offset, index, maximum) = (0, 0, buffer.capacity)
    while true {
      if offset < data.count {
        let size = min(sizes[index % sizes.count], data.count - offset)
        index += 1
        let written = data[offset..<offset + size].withUnsafeBytes {
          write(ends[1], $0.baseAddress, size)
        }
        offset += max(0, written)
        if offset == data.count { close(ends[1]) }
      }
      var fill = buffer.fill(from: ends[0])
      while case .read = fill {
        maximum = max(maximum, buffer.capacity)
        var next = buffer.next()
        while case .item(let range) = next {
          lines.append(buffer.withBytes(range) { Array($0) })
          next = buffer.next()
        }
        if next == .tooLong { return (lines, true, maximum) }
        fill = buffer.fill(from: ends[0])
      }
      if fill == .endOfFile { return (lines, false, maximum) }
    }
  }

  @Test(arguments: [[1], [7], [4_096], [65_536], [3, 100_000, 1]])
  func cutsLinesWhateverTheReads(_ pieces: [Int]) {
    var generator = XorShift(seed: 5)
    var expected: [[UInt8]] = []
    var data: [UInt8] = []
    for _ in 0..<300 {
      let line = (0..<generator.below(2_000)).map { _ in UInt8(0x20 + generator.below(0x5F)) }
      expected.append(line)
      data += line + [0x0A]
    }
    let result = Self.lines(of: data, pieces: pieces, limit: 2_000)
    #expect(result.lines == expected)
    #expect(!result.tooLong)
  }

  @Test func aLineOfTheLimitPassesAndOneMoreByteDoesNot() {
    let limit = 100_000
    let exact = [UInt8](repeating: 0x61, count: limit) + [0x0A]
    #expect(Self.lines(of: exact, pieces: [65_536], limit: limit).lines.map(\.count) == [limit])
    let over = [UInt8](repeating: 0x61, count: limit + 1) + [0x0A]
    #expect(Self.lines(of: over, pieces: [65_536], limit: limit).tooLong)
  }

  @Test func memoryStaysBoundedByTheLimit() {
    let limit = 10_000
    let endless = [UInt8](repeating: 0x61, count: 2_000_000)
    let result = Self.lines(of: endless, pieces: [65_536], limit: limit)
    #expect(result.tooLong)
    #expect(result.capacity <= limit + 1 + LineBuffer.chunk)
  }
}
