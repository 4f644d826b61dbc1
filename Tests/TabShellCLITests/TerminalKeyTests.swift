import TabShellKit
import Testing

@testable import TabShellTerminalScreen

/// A key as a terminal tab's program gets it (``TerminalKey``), and whether it may start or end
/// what runs in the program's foreground (the tab's name is then looked at again).
struct TerminalKeyTests {
  private func key(_ name: String) throws -> TerminalKey? {
    TerminalKey(try #require(Key(name: name), "\(name) is a key"))
  }

  @Test func aCharacterOfOneScalarIsThatScalarAndOneOfMoreIsNoKey() throws {
    guard case .character(let a, _)? = try key("a") else {
      Issue.record("a")
      return
    }
    #expect(a == "a")
    // One scalar of two bytes, then the same letter made of two scalars.
    guard case .character(let composed, _)? = TerminalKey(Key("é")) else {
      Issue.record("é")
      return
    }
    #expect(composed == "é")
    #expect(TerminalKey(Key("e\u{301}")) == nil)
    #expect(TerminalKey(Key("\r\n")) == nil)
  }

  @Test func enterAndControlKeysMayStartOrEndACommandOtherKeysMayNot() throws {
    for name in ["Enter", "C-c", "C-d", "C-z", "C-Up", "C-1", "M-C-a", "C-Space"] {
      #expect(try key(name)?.startsOrStops == true, "\(name)")
    }
    for name in ["a", "Up", "Tab", "M-a", "Space", "F5", "BTab"] {
      #expect(try key(name)?.startsOrStops == false, "\(name)")
    }
  }
}
