import Glibc
import TabShellPlatform
import TabShellRPC
import TabShellSessions
import Testing

/// The connections' bounded buffers: lines cut anywhere, the input limit, the output cap, and a
/// peer that does not read.
struct BufferTests {
  @Test func linesCutAnywhere() {
    let text = Array("one\ntwo\n\nthree".utf8)
    for cut in 0...text.count {
      var buffer = LineBuffer.session()
      buffer.append(text[..<cut])
      var lines: [String] = []
      while case .item(let line) = buffer.nextLine() {
        lines.append(String(decoding: line, as: UTF8.self))
      }
      buffer.append(text[cut...])
      while case .item(let line) = buffer.nextLine() {
        lines.append(String(decoding: line, as: UTF8.self))
      }
      #expect(lines == ["one", "two", ""])
      #expect(buffer.pendingCount == 5)
    }
  }

  @Test func lineAtTheLimitIsTakenOnePastIsNot() {
    var buffer = LineBuffer.session(limit: 4)
    buffer.append(Array("abcd\n".utf8))
    let result1 = buffer.nextLine()
    #expect(result1 == .item(Array("abcd".utf8)))
    buffer.append(Array("abcde".utf8))
    let result2 = buffer.nextLine()
    #expect(result2 == .tooLong)
    var withNewline = LineBuffer.session(limit: 4)
    withNewline.append(Array("abcde\n".utf8))
    let result3 = withNewline.nextLine()
    #expect(result3 == .tooLong)
  }

  @Test func inputStopsTakingReadsPastTheLimit() {
    var buffer = LineBuffer.session(limit: 8)
    buffer.append(Array(repeating: UInt8(ascii: "x"), count: 13))
    #expect(buffer.hasRoom)
    buffer.append([UInt8(ascii: "x")])
    #expect(!buffer.hasRoom)
  }

  @Test func outputCapRefusesAndKeepsWhatItHas() {
    var buffer = OutputBuffer(limit: 10)
    let result4 = buffer.append(Array(repeating: 1, count: 6))
    #expect(result4)
    let refused = buffer.append(Array(repeating: 2, count: 5))
    #expect(!refused)
    #expect(buffer.pendingCount == 6)
    let result5 = buffer.append(Array(repeating: 2, count: 4))
    #expect(result5)
    let result6 = buffer.append([3], pastLimit: true)
    #expect(result6)
    #expect(buffer.pendingCount == 11)
  }

  @Test func flushToAPeerThatDoesNotReadNeverWaits() throws {
    let pair = try SocketPair()
    defer { pair.close() }
    var buffer = OutputBuffer(limit: 16 << 20)
    buffer.append(Array(repeating: UInt8(ascii: "y"), count: 8 << 20))
    let result7 = buffer.flush(to: pair.server)
    #expect(result7 == .pending)
    #expect(buffer.pendingCount > 0 && buffer.pendingCount < 8 << 20)
    // The peer reads everything: the rest goes out.
    var received = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while received < 8 << 20 {
      if case .pending = buffer.flush(to: pair.server) {}
      let count = chunk.withUnsafeMutableBytes { read(pair.client, $0.baseAddress, $0.count) }
      if count > 0 { received += count }
    }
    let result8 = buffer.flush(to: pair.server)
    #expect(result8 == .done)
    #expect(received == 8 << 20)
  }

  /// Dropping what was not begun keeps the rest of the message being written, whole, and what
  /// comes next follows it; messages queued behind it are gone. Nothing begun: all goes.
  @Test func droppingWhatWasNotBegunKeepsTheMessageBeingWritten() throws {
    let pair = try SocketPair()
    defer { pair.close() }
    var buffer = OutputBuffer(limit: 16 << 20)
    buffer.append(Array(repeating: UInt8(ascii: "a"), count: 4 << 20))
    let flushed = buffer.flush(to: pair.server)
    #expect(flushed == .pending)
    let written = (4 << 20) - buffer.pendingCount
    buffer.append(Array(repeating: UInt8(ascii: "b"), count: 1 << 20))
    buffer.append(Array(repeating: UInt8(ascii: "c"), count: 10))
    buffer.dropUnstarted()
    #expect(buffer.pendingCount == (4 << 20) - written)
    buffer.append(Array("end".utf8), pastLimit: true)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while received.count < (4 << 20) + 3 {
      if case .pending = buffer.flush(to: pair.server) {}
      let count = chunk.withUnsafeMutableBytes { read(pair.client, $0.baseAddress, $0.count) }
      if count > 0 { received += chunk[..<count] }
    }
    #expect(buffer.flush(to: pair.server) == .done)
    #expect(received == Array(repeating: UInt8(ascii: "a"), count: 4 << 20) + Array("end".utf8))
    var unbegun = OutputBuffer()
    unbegun.append(Array("one\n".utf8))
    unbegun.append(Array("two\n".utf8))
    unbegun.dropUnstarted()
    #expect(unbegun.isEmpty)
  }

  @Test func flushToAClosedPeerFailsWithoutSIGPIPE() throws {
    let pair = try SocketPair()
    defer { pair.close() }
    pair.closeClient()
    var buffer = OutputBuffer()
    buffer.append(Array("x".utf8))
    let result9 = buffer.flush(to: pair.server)
    #expect(result9 == .failed(.brokenPipe))
  }

  @Test func readsUntilTheEnd() throws {
    let pair = try SocketPair()
    defer { pair.close() }
    var buffer = LineBuffer.session()
    let result10 = buffer.fill(from: pair.server)
    #expect(result10 == .wouldBlock)
    _ = Array("hi\n".utf8).withUnsafeBytes { write(pair.client, $0.baseAddress, 3) }
    let result11 = buffer.fill(from: pair.server)
    #expect(result11 == .read(3))
    let result12 = buffer.nextLine()
    #expect(result12 == .item(Array("hi".utf8)))
    pair.closeClient()
    let result13 = buffer.fill(from: pair.server)
    #expect(result13 == .endOfFile)
  }
}

/// A connected pair of Unix sockets through a listening socket in a temporary folder: `server` is
/// the accepted end (non-blocking), `client` the connecting one (blocking).
final class SocketPair {
  let folder: String
  let server: Int32
  let client: Int32
  private var clientOpen = true

  init() throws {
    folder = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-socketpair-test-")
    let listener = try UnixSocket.listen(at: folder + "/s")
    defer { SystemIO.close(listener) }
    client = try UnixSocket.connect(to: folder + "/s")
    guard let accepted = UnixSocket.accept(listener) else { throw SystemError.invalidArgument }
    server = accepted
  }

  /// Closes the client's end (once).
  func closeClient() {
    if clientOpen { SystemIO.close(client) }
    clientOpen = false
  }

  func close() {
    SystemIO.close(server)
    closeClient()
    FileSystem.removeTree(folder)
  }
}
