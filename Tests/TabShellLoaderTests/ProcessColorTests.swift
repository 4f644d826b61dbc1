import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellRendering
import Testing

/// docs/ProcessPlugins.md §9, "How colours degrade": the documented `screen/draw` result, drawn
/// by `show` at each colour mode, keeps its text; its `#007aff` is exact with 24-bit colour, the
/// palette's nearest with 256 colours, and gone without colour.
@Suite struct ProcessColorTests {
  /// The example result of §9, on one line.
  static func documentedResult() throws -> String {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    let guide = try String(
      contentsOf: url.appendingPathComponent("docs/ProcessPlugins.md"), encoding: .utf8)
    let start = try #require(guide.range(of: "```json\n{\"lines\":["))
    let end = try #require(guide[start.upperBound...].range(of: "```"))
    let json = guide[start.lowerBound..<end.lowerBound].dropFirst("```json\n".count)
    return json.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
  }

  @Test(arguments: [
    (ColorMode.trueColor, "38;2;0;122;255", true),
    (ColorMode.ansi256, "38;5;", true),
    (ColorMode.none, "\u{1B}", false),
  ])
  func theDocumentedDrawingAtEachColourMode(mode: ColorMode, escape: String, present: Bool) throws {
    let session = try ProcessSession(timeout: 10)
    let path = try session.answeringPlugin(
      "paint",
      description: #"{"protocolVersion":1,"name":"paint","screenTypes":[{"name":"paint"}]}"#,
      draw: try Self.documentedResult())
    session.interpreter.view.renderOptions.color = mode
    let run = session.run("load \(path); add-tab paint; size 40 12; show")
    #expect(run.status == 0, "\(run.err)")
    // The line of the example's third row, the one with the styled span.
    let styled = try #require(run.out.first { $0.contains("styled") })
    #expect(styled.contains(escape) == present, "\(styled.debugDescription)")
    if mode == .ansi256 { #expect(!styled.contains("38;2;")) }
    if mode == .none { #expect(!run.out.joined().contains("\u{1B}")) }
    let plain = run.out.joined(separator: "\n").replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(plain.contains("plain text") && plain.contains("mixed styled"))
  }
}
