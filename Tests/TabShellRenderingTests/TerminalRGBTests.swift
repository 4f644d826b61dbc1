import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

/// 24-bit colour is kept for a terminal whose terminfo entry says it takes it with `Tc` or `RGB`,
/// as tmux reads them, not only under `COLORTERM` (docs/Contract.md, "The canvas"): entries
/// compiled by `tic` into a folder of the test's, in both of its formats.
@Suite struct TerminalRGBTests {
  /// A `TERMINFO` folder holding `source` compiled by `tic` (`-x`: the extended capabilities
  /// kept).
  static func terminfo(_ source: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-terminfo-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/source"
    try source.write(toFile: file, atomically: true, encoding: .utf8)
    let tic = Process()
    tic.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
    tic.arguments = ["-x", "-o", folder, file]
    tic.standardError = FileHandle.nullDevice
    try tic.run()
    tic.waitUntilExit()
    #expect(tic.terminationStatus == 0)
    return folder
  }

  static func mode(_ term: String, in folder: String) -> ColorMode {
    Renderer.detectColorMode(
      environment: ["TERM": term, "TERMINFO": folder], isTerminal: true, forcedOff: false)
  }

  @Test(arguments: [
    ("tc-term|Tc set,\n\tcolors#256, Tc,\n", ColorMode.trueColor),
    ("rgb-term|RGB as a boolean,\n\tcolors#256, RGB,\n", .trueColor),
    ("rgbn-term|RGB as a number,\n\tcolors#256, RGB#8,\n", .trueColor),
    ("rgbs-term|RGB as a string,\n\tcolors#256, RGB=8/8/8,\n", .trueColor),
    ("plain-term|neither,\n\tcolors#256, XT,\n", .ansi256),
    ("off-term|Tc cancelled,\n\tcolors#256, Tc@, XT,\n", .ansi256),
    // A number past 32767 makes tic write the 32-bit format.
    ("wide-tc-term|Tc, 32-bit,\n\tcolors#256, pairs#100000, Tc,\n", .trueColor),
    ("wide-term|neither, 32-bit,\n\tcolors#256, pairs#100000, XT,\n", .ansi256),
  ])
  func anEntryWithTcOrRGBKeeps24BitColour(_ source: String, _ expected: ColorMode) throws {
    let term = String(source.prefix { $0 != "|" })
    let folder = try Self.terminfo(source)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(Self.mode(term, in: folder) == expected)
  }

  @Test func bytesThatAreNoEntrySayNothing() {
    #expect(!TerminalColors.saysRGB(in: []))
    #expect(!TerminalColors.saysRGB(in: Array("not terminfo".utf8)))
  }
}
