@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

/// Random bars at random widths: no line wider than the width, the selected title always drawn,
/// and colour changing nothing but escape sequences.
@Suite struct BarPropertyTests {
  @Test(arguments: 0..<200)
  func randomBar(seed: Int) throws {
    let bar = try RandomBar(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 1)
    let shell = bar.shell
    let plain = RenderOptions(width: bar.width, screenHeight: 3, color: .none)
    let colored = RenderOptions(width: bar.width, screenHeight: 3, color: .trueColor)
    let note = Comment(rawValue: "seed \(seed), width \(bar.width), \(shell.tabCount) tabs")

    let line = Renderer.barLine(shell, options: plain)
    #expect(displayWidth(of: line) <= bar.width, note)
    #expect(!line.unicodeScalars.contains("\u{1B}"), note)
    let segment = try #require(selectedSegment(of: line), note)
    let title = Renderer.sanitized(bar.selectedTitle)
    #expect(showsTitleOrPrefix(segment, title: title), "\(note): [\(segment)] for \(title)")
    #expect(strippingEscapes(Renderer.barLine(shell, options: colored)) == line, note)

    let frame = Renderer.frame(shell, options: plain)
    #expect(frame.filter { displayWidth(of: $0) > bar.width } == [], note)
    let titles = try #require(selectedSegment(of: frame.last ?? ""), note)
    #expect(showsTitleOrPrefix(titles, title: title), "\(note): [\(titles)] for \(title)")
    #expect(Renderer.frame(shell, options: colored).map(strippingEscapes) == frame, note)

    let table = Renderer.tabsTable(shell, options: plain)
    #expect(table.filter { displayWidth(of: $0) > bar.width } == [], note)
  }
}
