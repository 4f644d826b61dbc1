@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport
import Testing

/// Random bars at random widths: no line wider than the width, the selected item always drawn with
/// its position and its title (or, when its slot is too narrow for it, its icon and badge only),
/// and colour changing nothing but escape sequences.
@Suite struct BarPropertyTests {
  @Test(arguments: 0..<200)
  func randomBar(seed: Int) throws {
    let bar = try RandomBar(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 1)
    let shell = bar.shell
    let plain = RenderOptions(width: bar.width, height: 7, color: .none)
    let colored = RenderOptions(width: bar.width, height: 7, color: .trueColor)
    let note = Comment(rawValue: "seed \(seed), width \(bar.width), \(shell.tabCount) tabs")

    let line = Renderer.barLine(shell, options: plain)
    #expect(displayWidth(of: line) <= bar.width, note)
    #expect(!line.unicodeScalars.contains("\u{1B}"), note)
    let segment = try #require(selectedSegment(of: line), note)
    let title = Renderer.sanitized(bar.selectedTitle)
    let position = String(shell.selectedPosition ?? 0)
    #expect(
      showsItem(segment, title: title, position: position), "\(note): [\(segment)] for \(title)")
    #expect(strippingEscapes(Renderer.barLine(shell, options: colored)) == line, note)

    let frame = Renderer.frame(shell, options: plain)
    #expect(frame.filter { displayWidth(of: $0) > bar.width } == [], note)
    let titles = try #require(selectedSegment(of: frame.last ?? ""), note)
    #expect(
      showsItem(titles, title: title, position: position), "\(note): [\(titles)] for \(title)")
    #expect(Renderer.frame(shell, options: colored).map(strippingEscapes) == frame, note)

    let table = Renderer.tabsTable(shell, options: plain)
    #expect(table.filter { displayWidth(of: $0) > bar.width } == [], note)
  }

  /// The selected item's segment: its position first, then its title or a prefix of it, or (when
  /// the title gave way) no more than an icon and a badge.
  func showsItem(_ segment: String, title: String, position: String) -> Bool {
    guard segment.hasPrefix(position) else { return false }
    let rest = segment.dropFirst(position.count)
    return showsTitleOrPrefix(segment, title: title) || displayWidth(of: rest) <= 1 + 2 + 7
  }
}
