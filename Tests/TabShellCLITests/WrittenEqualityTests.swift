import TabShellKit
import Testing

@testable import TabShellLanguage
@testable import TabShellRendering
@testable import TabShellTerminal

/// The types whose `==` is written out rather than synthesized (other modules compare them at
/// each frame, and called a synthesized one through the protocol): each compares every stored
/// property it has. A property added to one of them must join its `==`, and this count with it.
@Suite struct WrittenEqualityTests {
  @Test func keyFocusComparesItsOneProperty() {
    #expect(Mirror(reflecting: KeyFocus.screen).children.count == 1)
    #expect(KeyFocus.screen == KeyFocus.screen)
    #expect(KeyFocus.screen != KeyFocus.bar)
  }

  @Test func barScrollComparesItsFourProperties() {
    #expect(Mirror(reflecting: BarScroll()).children.count == 4)
    #expect(BarScroll() == BarScroll())
    var pinned = BarScroll()
    pinned.pin(first: 2, selected: 3, count: 9)
    var elsewhere = pinned
    elsewhere.pin(first: 3, selected: 3, count: 9)
    var longer = pinned
    longer.pin(first: 2, selected: 3, count: 10)
    #expect(pinned == pinned)
    #expect(pinned != BarScroll())
    #expect(pinned != elsewhere)
    #expect(pinned != longer)
  }

  @Test func storedStyleComparesItsOneProperty() {
    let plain = StoredStyle(.plain)
    #expect(Mirror(reflecting: plain).children.count == 1)
    #expect(plain == StoredStyle.plain)
    #expect(plain != StoredStyle(CellStyle(attributes: .bold)))
  }
}
