import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import Testing

/// The paste buffers (docs/Contract.md, "Copy mode, buffers and the clipboard"): automatic names,
/// the limit of 50 automatic buffers, named buffers kept, and the files `save-buffer` and
/// `load-buffer` write and read (Tests/Transcripts/buffers.tabsh: the commands and their errors).
@Suite struct BufferTests {
  @Test func copiesAreNamedInTurnAndAtMostFiftyAreKeptTheOldestGoingFirst() {
    var buffers = PasteBuffers()
    buffers.set("keep", to: "named")
    for number in 0..<60 { buffers.add("copy \(number)") }
    #expect(buffers.buffers.count == 51)
    #expect(buffers.buffers.first == .init(name: "buffer59", text: "copy 59", isAutomatic: true))
    #expect(
      buffers.buffers.dropLast().map(\.name) == (10..<60).reversed().map { "buffer\($0)" })
    // The named buffer stays, however old.
    #expect(buffers.buffers.last == .init(name: "keep", text: "named", isAutomatic: false))
  }

  @Test func theClipboardGetsACopyAsOSC52InBase64UpToItsLimit() throws {
    #expect(ClipboardSequence.bytes(for: "hi\u{1B}") == Array("\u{1B}]52;c;aGkb\u{07}".utf8))
    #expect(ClipboardSequence.bytes(for: "") == Array("\u{1B}]52;c;\u{07}".utf8))
    #expect(ClipboardSequence.bytes(for: "é!") == Array("\u{1B}]52;c;w6kh\u{07}".utf8))
    #expect(ClipboardSequence.bytes(for: String(repeating: "x", count: 100 << 10)) != nil)
    #expect(ClipboardSequence.bytes(for: String(repeating: "x", count: 100 << 10 + 1)) == nil)
    let session = try GestureSession(layout: nil)
    session.interpreter.copied("one")
    #expect(session.interpreter.buffers.outgoing == "one")
    #expect(session.run("set clipboard off") == 0)
    session.interpreter.buffers.outgoing = nil
    session.interpreter.copied("two")
    #expect(session.interpreter.buffers.outgoing == nil)
    #expect(session.run("set clipboard nope") == 1)
    let (_, errors, _) = session.take()
    #expect(errors == ["error: clipboard must be one of off, external, on, not 'nope'"])
  }

  @Test func anAutomaticNameInUseIsPassedOver() {
    var buffers = PasteBuffers()
    buffers.set("buffer0", to: "mine")
    buffers.set("buffer1", to: "mine too")
    #expect(buffers.add("copy") == "buffer2")
    #expect(buffers.add("copy") == "buffer3")
    #expect(buffers.buffers.map(\.name) == ["buffer3", "buffer2", "buffer1", "buffer0"])
  }

  @Test func settingABufferReplacesItAsTheNewestAndNamedItIsNoLongerAutomatic() {
    var buffers = PasteBuffers()
    buffers.add("a")
    buffers.add("b")
    buffers.set("buffer0", to: "c")
    #expect(
      buffers.buffers == [
        .init(name: "buffer0", text: "c", isAutomatic: false),
        .init(name: "buffer1", text: "b", isAutomatic: true),
      ])
    let deleted = buffers.delete("buffer1")
    let deletedAgain = buffers.delete("buffer1")
    #expect(deleted && !deletedAgain)
    #expect(buffers.buffers.map(\.name) == ["buffer0"])
  }

  /// A folder for the test's files, removed after.
  func withFolder(_ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tabshell-buffers-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  @Test func aBufferIsSavedAsItIsAndLoadedBackAsUTF8WithRepairs() throws {
    try withFolder { folder in
      let session = try GestureSession(layout: nil)
      session.interpreter.settings.currentDirectory = folder
      #expect(
        session.run("set-buffer -b a \"héllo\\n\\u{1B}world\"; save-buffer -b a out/a.txt") == 0)
      let saved = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/a.txt"))
      #expect(Array(saved) == Array("héllo\n\u{1B}world".utf8))
      try Data([0x61, 0xFF, 0x62, 0x0A]).write(to: URL(fileURLWithPath: folder + "/bad.txt"))
      #expect(session.run("load-buffer out/a.txt; load-buffer -b bad bad.txt") == 0)
      #expect(
        session.interpreter.buffers.buffers == [
          .init(name: "bad", text: "a\u{FFFD}b\n", isAutomatic: false),
          .init(name: "buffer0", text: "héllo\n\u{1B}world", isAutomatic: true),
          .init(name: "a", text: "héllo\n\u{1B}world", isAutomatic: false),
        ])
      #expect(session.take().errors == [])
    }
  }

  @Test func aLinkAFIFOAndAFileTooLargeAreRefusedBeforeAnythingIsReadOrWritten() throws {
    try withFolder { folder in
      let session = try GestureSession(layout: nil)
      session.interpreter.settings.currentDirectory = folder
      try "secret".write(toFile: folder + "/target", atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/link", withDestinationPath: folder + "/target")
      #expect(mkfifo(folder + "/fifo", 0o600) == 0)
      _ = FileManager.default.createFile(atPath: folder + "/large", contents: nil)
      let large = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/large"))
      try large.truncate(atOffset: UInt64(PasteBuffers.byteLimit + 1))
      try large.close()
      for line in [
        "load-buffer link", "load-buffer fifo", "load-buffer large", "set-buffer x",
        "save-buffer link", "save-buffer fifo",
      ] {
        session.run(line)
      }
      #expect(
        session.take().errors == [
          "error: cannot read 'link': it is a symbolic link (a buffer is read through no link)",
          "error: cannot read 'fifo': not a regular file (a FIFO, a device or a socket)",
          "error: cannot read 'large': a paste buffer holds at most 16 MiB",
          "error: cannot write 'link': it is a symbolic link (the shell writes no file through a link)",
          "error: cannot write 'fifo': not a regular file (a FIFO, a device or a socket)",
        ])
      #expect(session.interpreter.buffers.buffers.map(\.name) == ["buffer0"])
      #expect(try String(contentsOfFile: folder + "/target", encoding: .utf8) == "secret")
    }
  }
}
