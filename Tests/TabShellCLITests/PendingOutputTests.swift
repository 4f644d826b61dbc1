import Glibc
import TabShellPlatform
import Testing

/// Stdout's buffer: a line at a time on a terminal, a block at a time elsewhere; what a signal
/// handler writes out is not written again; a write error is kept and what follows is dropped.
@Suite struct PendingOutputTests {
  /// A pipe whose read end does not block; returns (read end, write end).
  static func pipeEnds() throws -> (Int32, Int32) {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  /// What can be read now.
  static func available(_ descriptor: Int32) -> String {
    var bytes = [UInt8](repeating: 0, count: 4_096)
    let count = read(descriptor, &bytes, bytes.count)
    return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
  }

  @Test func aLineAtATimeOnATerminal() throws {
    let (reader, writer) = try Self.pipeEnds()
    defer {
      close(reader)
      close(writer)
    }
    let output = PendingOutput(descriptor: writer)
    output.isLineBuffered = true
    output.append("part")
    #expect(Self.available(reader) == "")
    output.append(" of a line\n")
    #expect(Self.available(reader) == "part of a line\n")
  }

  @Test func aBlockAtATimeElsewhere() throws {
    let (reader, writer) = try Self.pipeEnds()
    defer {
      close(reader)
      close(writer)
    }
    let output = PendingOutput(descriptor: writer, capacity: 8)
    output.append("abc\n")
    #expect(Self.available(reader) == "")
    output.append("defgh")  // does not fit: what was there goes first
    #expect(Self.available(reader) == "abc\n")
    output.append("a text longer than the block\n")  // goes straight through, after the rest
    #expect(Self.available(reader) == "defgha text longer than the block\n")
    output.flush()
    #expect(Self.available(reader) == "")
  }

  @Test func whatASignalHandlerWroteIsNotWrittenAgain() throws {
    let (reader, writer) = try Self.pipeEnds()
    defer {
      close(reader)
      close(writer)
    }
    let output = PendingOutput(descriptor: writer)
    output.append("pending")
    output.flushFromSignalHandler()
    #expect(Self.available(reader) == "pending")
    output.append(" more")
    output.flush()
    #expect(Self.available(reader) == " more")
  }

  @Test func theFirstWriteErrorIsKept() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    let output = PendingOutput(descriptor: full)
    #expect(output.failure == nil)
    output.append("lost\n")
    output.flush()
    #expect(output.failure == SystemError(code: ENOSPC))
    output.append("dropped\n")
    output.flush()
    #expect(output.failure == SystemError(code: ENOSPC))
  }
}
