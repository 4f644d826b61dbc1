import TabShellPlatform
import TabShellRPC
import Testing

@testable import TabShellSessions

/// The attached client's loop against a server's end of a real socket and a terminal that is a
/// pipe: bytes typed become `input` frames, `output` frames reach the terminal as they are, `end`
/// ends it with its message and status, and a terminal that closes detaches.
struct AttachPumpTests {
  /// A connected pair of sockets (the server's end, the client's end) and the terminal's pipes.
  final class Harness {
    let folder: String
    let server: Int32
    let client: Int32
    let typed: (read: Int32, write: Int32)
    let shown: (read: Int32, write: Int32)
    /// Whether the terminal's input was closed (not to be closed twice: the number may be
    /// another test's descriptor by then).
    var typingClosed = false

    init() throws {
      folder = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-pump-test-")
      let listener = try UnixSocket.listen(at: folder + "/s")
      defer { SystemIO.close(listener) }
      client = try UnixSocket.connect(to: folder + "/s")
      server = try #require(UnixSocket.accept(listener))
      typed = try SystemIO.makePipe()
      shown = try SystemIO.makePipe()
    }

    deinit {
      for fd in [server, client, typed.read, shown.read, shown.write] { SystemIO.close(fd) }
      if !typingClosed { SystemIO.close(typed.write) }
      FileSystem.remove(folder + "/s")
      FileSystem.removeFolder(folder)
    }

    func pump() -> AttachPump {
      AttachPump(
        socket: client, name: "work", buffered: LineBuffer.session(), terminalInput: typed.read,
        terminalOutput: shown.write, signals: nil)
    }

    /// The frames the server's end got.
    func framesAtServer() -> [ClientFrame] {
      var buffer = LineBuffer.session()
      while SystemIO.wait([.init(fd: server)], milliseconds: 100).first?.readable == true {
        guard case .read = buffer.fill(from: server) else { break }
      }
      var frames: [ClientFrame] = []
      while case .item(let frame) = buffer.nextFrame() {
        if let decoded = ClientFrame(frame) { frames.append(decoded) }
      }
      return frames
    }
  }

  /// Typed bytes go out as one `input` frame; `output` reaches the terminal as it is; `end`
  /// (exited, status 3) ends the loop with its message and status.
  @Test func bytesBothWaysUntilTheEnd() throws {
    let harness = try Harness()
    try SystemIO.writeAll(harness.typed.write, Array("ls\r".utf8))
    var frames: [UInt8] = []
    ServerFrame.output(Array("\u{1B}[Hhello".utf8)).frame.encode(into: &frames)
    ServerFrame.end(reason: .exited, message: "[session work exited with status 3]", status: 3)
      .frame.encode(into: &frames)
    try SystemIO.writeAll(harness.server, frames)
    let ending = harness.pump().run()
    #expect(
      ending
        == AttachPump.Ending(
          reason: .exited, message: "[session work exited with status 3]", status: 3))
    #expect(harness.framesAtServer() == [.input(Array("ls\r".utf8))])
    var shown = [UInt8](repeating: 0, count: 64)
    let result = shown.withUnsafeMutableBytes { SystemIO.readOnce(harness.shown.read, into: $0) }
    guard case .read(let count) = result else {
      Issue.record("nothing shown")
      return
    }
    #expect(Array(shown[..<count]) == Array("\u{1B}[Hhello".utf8))
  }

  /// The `end` frame's message is the server's words, printed on the user's terminal after the
  /// client leaves it: its controls are written out, as in every message the client prints.
  @Test func anEndsMessageHasItsControlsWrittenOut() throws {
    let harness = try Harness()
    var frames: [UInt8] = []
    ServerFrame.end(reason: .killed, message: "[\u{1B}]0;x\u{7}\u{202E}]", status: nil)
      .frame.encode(into: &frames)
    try SystemIO.writeAll(harness.server, frames)
    #expect(
      harness.pump().run()
        == AttachPump.Ending(reason: .killed, message: #"[\u{1B}]0;x\u{7}\u{202E}]"#, status: 0))
  }

  /// The terminal's input ending sends `detach`, and the `end` that answers ends the loop.
  @Test func aClosedTerminalDetaches() throws {
    let harness = try Harness()
    SystemIO.close(harness.typed.write)
    harness.typingClosed = true
    let ending = harness.pump().run()
    #expect(ending.reason == .detached && ending.status == 0)
    #expect(harness.framesAtServer() == [.detach])
  }

  /// The connection lost without an `end` says so, status 1; garbage from the server too.
  @Test func aLostConnectionOrGarbageSaysSo() throws {
    let harness = try Harness()
    UnixSocket.shutDownWriting(harness.server)
    let ending = harness.pump().run()
    #expect(
      ending
        == AttachPump.Ending(
          reason: nil, message: "[lost session work: its server went away]", status: 1))
    let other = try Harness()
    try SystemIO.writeAll(other.server, [7, 0, 0, 0, 0])
    #expect(other.pump().run().status == 1)
  }
}
