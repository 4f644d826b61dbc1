@_spi(Host) import TabShellKit
import TabShellLanguage
import Testing

/// The full-screen mode's bar focus hint line is made from the key table (docs/Contract.md, "The
/// full-screen mode"): it names the key bound to each hinted command, and leaves a hint out when
/// no key is bound to its command.
@Suite struct KeyHintTests {
  @Test func theBuiltInKeysGiveTheBuiltInHints() throws {
    let session = try GestureSession()
    #expect(
      session.interpreter.keys.table.barHints(presented: false) == [
        "←/→ swipe · 1-9 tab · h bar · : or Enter type · ? keys · q or C-d quit",
        "←/→ swipe · 1-9 tab · h bar · : type · ? keys · q quit", "←→ 1-9 h : ? q", "",
      ])
    #expect(
      session.interpreter.keys.table.barHints(presented: true) == [
        "Esc dismiss · : or Enter type · ? keys · q or C-d quit", "Esc dismiss · : type · ? keys",
        "Esc dismiss", "",
      ])
  }

  @Test func aRebindingChangesTheHintsAndAnUnboundCommandIsLeftOut() throws {
    let session = try GestureSession()
    #expect(
      session.run("unbind Escape; bind x back; unbind q; unbind C-d; unbind :; bind F1 toggle-bar")
        == 0)
    #expect(session.run("unbind h; unbind Left; unbind M-Left") == 0)
    #expect(
      session.interpreter.keys.table.barHints(presented: true) == [
        "x dismiss · Enter type · ? keys", "x dismiss · Enter type · ? keys", "x dismiss", "",
      ])
    #expect(
      session.interpreter.keys.table.barHints(presented: false) == [
        "→ next · 1-9 tab · F1 bar · Enter type · ? keys",
        "→ next · 1-9 tab · F1 bar · Enter type · ? keys",
        "→ 1-9 F1 Enter ?", "",
      ])
    #expect(session.run("unbind 9; unbind M-9; unbind Right; unbind M-Right; unbind ?") == 0)
    #expect(
      session.interpreter.keys.table.barHints(presented: false) == [
        "F1 bar · Enter type", "F1 bar · Enter type", "F1 Enter", "",
      ])
  }
}
