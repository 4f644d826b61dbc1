import TabShellRPC
import TabShellSessions
import Testing

/// The frame codec: headers, decoding whole and cut frames, and garbage.
struct FrameTests {
  @Test func headerIsTypeAndBigEndianLength() {
    let frame = Frame(type: 1, payload: Array(repeating: 7, count: 0x0102))
    #expect(Array(frame.encoded.prefix(5)) == [1, 0, 0, 1, 2])
    #expect(frame.encoded.count == 5 + 0x0102)
  }

  @Test(arguments: [
    ClientFrame.input(Array("ls\r".utf8)), .input([]), .resize(columns: 300, rows: 40),
    .resize(columns: 1, rows: 65535), .detach,
  ])
  func clientFramesRoundTrip(_ frame: ClientFrame) {
    var buffer = LineBuffer.session()
    buffer.append(frame.frame.encoded)
    guard case .item(let decoded) = buffer.nextFrame() else {
      Issue.record("no frame")
      return
    }
    #expect(ClientFrame(decoded) == frame)
    let result1 = buffer.nextFrame()
    #expect(result1 == .none)
  }

  @Test(arguments: [
    ServerFrame.output(Array("\u{1B}[H".utf8)),
    .end(reason: .detached, message: "[detached from session work]", status: nil),
    .end(reason: .exited, message: "bye", status: 3),
    .end(reason: .tooSlow, message: "slow", status: nil),
  ])
  func serverFramesRoundTrip(_ frame: ServerFrame) {
    #expect(ServerFrame(frame.frame) == frame)
  }

  @Test func endFrameIsTheDocumentedJSON() {
    let frame = ServerFrame.end(reason: .exited, message: "m", status: 2).frame
    #expect(frame.type == 2)
    #expect(
      String(decoding: frame.payload, as: UTF8.self)
        == #"{"reason":"exited","message":"m","status":2}"#)
  }

  @Test(arguments: [
    Frame(type: 9), Frame(type: 0), Frame(type: 2, payload: [0, 80, 0]),
    Frame(type: 3, payload: [1]),
  ])
  func garbageClientFrames(_ frame: Frame) {
    #expect(ClientFrame(frame) == nil)
  }

  @Test func frameCutAnywhereWaitsForTheRest() {
    let bytes = ClientFrame.input(Array("hello".utf8)).frame.encoded
    for cut in 0..<bytes.count {
      var buffer = LineBuffer.session()
      buffer.append(bytes[..<cut])
      let result2 = buffer.nextFrame()
      #expect(result2 == .none)
      buffer.append(bytes[cut...])
      let result3 = buffer.nextFrame()
      #expect(result3 == .item(Frame(type: 1, payload: Array("hello".utf8))))
    }
  }

  @Test func payloadPastTheLimitIsGarbageFromItsHeader() {
    var buffer = LineBuffer.session(limit: 10)
    var header: [UInt8] = []
    Frame.appendHeader(type: 1, length: 11, to: &header)
    buffer.append(header)
    let result4 = buffer.nextFrame()
    #expect(result4 == .tooLong)
    var exact = LineBuffer.session(limit: 10)
    exact.append(Frame(type: 1, payload: Array(repeating: 0, count: 10)).encoded)
    let result5 = exact.nextFrame()
    #expect(result5 == .item(Frame(type: 1, payload: Array(repeating: 0, count: 10))))
  }
}
