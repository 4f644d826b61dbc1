@_spi(Host) import TabShellKit
import TabShellLanguage
import Testing

/// Keys in the full-screen mode's screen focus (docs/Contract.md, "Focus in the full-screen
/// mode"): the key table says which keys the shell keeps (the prefix key), where the key after the
/// prefix goes, and what the hint line says; `set-focus` takes the screen focus only for a screen
/// that takes input.
@Suite struct ScreenKeyTests {
  /// Where a key goes, as words: `screen NAME`, the commands of its binding, or `unbound`.
  private func route(_ session: GestureSession, _ name: String, afterPrefix: Bool) -> String {
    guard let key = Key(name: name) else { return "no key" }
    switch session.interpreter.keys.table.route(key, afterPrefix: afterPrefix) {
    case .binding(let binding): return binding.line
    case .screen(let key): return "screen \(key)"
    case .unbound: return "unbound"
    }
  }

  @Test(arguments: [
    ("C-b", "set-focus prefix"), ("a", "screen a"), ("Space", "screen Space"),
    ("Escape", "screen Escape"), ("C-c", "screen C-c"), ("M-1", "screen M-1"),
    ("S-Up", "screen S-Up"), ("F12", "screen F12"), ("BTab", "screen BTab"), (":", "screen :"),
  ])
  func inTheScreenFocusOnlyThePrefixKeyIsTheShells(key: String, route expected: String) throws {
    let session = try GestureSession()
    #expect(route(session, key, afterPrefix: false) == expected)
  }

  @Test(arguments: [
    (":", "set-focus command"), ("b", "set-focus bar"), ("Escape", "set-focus bar"),
    ("2", "tab 2"), ("9", "tab 9"), ("Left", "select-pane --left --swipe"),
    ("Right", "select-pane --right --swipe"), ("Up", "select-pane --up --swipe"),
    ("Down", "select-pane --down --swipe"), ("%", "split terminal"),
    ("\"", "split --vertical terminal"), ("z", "zoom"), ("x", "close-pane"),
    ("?", "help tui"), ("C-b", "screen C-b"), ("d", "detach"), ("y", "unbound"),
  ])
  func afterThePrefixOneKeyReachesTheShell(key: String, route expected: String) throws {
    let session = try GestureSession()
    #expect(route(session, key, afterPrefix: true) == expected)
  }

  @Test func thePrefixKeyIsABindingThatCanMove() throws {
    let session = try GestureSession()
    #expect(session.run("unbind --focus screen C-b; bind --focus screen C-a set-focus prefix") == 0)
    #expect(session.run("bind --focus prefix d 'echo no sessions yet'") == 0)
    #expect(route(session, "C-b", afterPrefix: false) == "screen C-b")
    #expect(route(session, "C-a", afterPrefix: false) == "set-focus prefix")
    #expect(route(session, "C-a", afterPrefix: true) == "screen C-a")
    #expect(route(session, "C-b", afterPrefix: true) == "unbound")
    #expect(route(session, "d", afterPrefix: true) == "echo no sessions yet")
    #expect(
      session.interpreter.keys.table.screenHints(afterPrefix: false)[1]
        == "C-a : command · C-a b bar · C-a ? keys")
  }

  @Test func theHintsShowTheWayBackFromTheTable() throws {
    let session = try GestureSession()
    let table = session.interpreter.keys.table
    #expect(
      table.screenHints(afterPrefix: false) == [
        "C-b : command · C-b b bar · C-b 1-9 tab · C-b ←/→ swipe · C-b ? keys",
        "C-b : command · C-b b bar · C-b ? keys", "C-b : command", "",
      ])
    #expect(
      table.screenHints(afterPrefix: true) == [
        ": command · b or Esc bar · 1-9 tab · ←/→ swipe · ? keys · C-b to the screen",
        ": command · b bar · 1-9 tab · ←/→ swipe · ? keys", ": b 1-9 ←→ ?", "",
      ])
    // Prefix d is a default binding everywhere; its hint shows on a session's terminal only.
    #expect(
      table.screenHints(afterPrefix: true, detaches: true)[0]
        == ": command · b or Esc bar · 1-9 tab · ←/→ swipe · ? keys · d detach · C-b to the screen")
    #expect(table.barHints(presented: false, screenTakesInput: true)[1].hasPrefix("Tab screen · "))
    #expect(session.run("unbind --focus screen C-b") == 0)
    #expect(
      session.interpreter.keys.table.screenHints(afterPrefix: false).first
        == "click this line for the command line")
  }

  @Test func setFocusScreenIsForAScreenThatTakesInput() throws {
    let session = try GestureSession()
    let control = FocusRecorder()
    session.host.fullScreen = control
    #expect(session.run("set-focus screen") == 1)
    #expect(session.take().errors == ["error: screen 'home' takes no input"])
    #expect(session.run("set-focus prefix") == 1)
    #expect(session.run("add-tab ticker --id c; tab c; set-focus screen") == 0)
    #expect(control.keyFocus == .screen)
    #expect(session.run("set-focus prefix") == 0)
    #expect(control.keyFocus == .prefix)
  }
}

/// The full-screen mode as its commands see it, keeping the focus they set.
private final class FocusRecorder: FullScreenControl {
  var keyFocus = KeyFocus.command
  var isPanelOpen: Bool { false }
  func closePanel() {}
  func scrollPanel(_ scroll: PanelScroll) {}
  func redraw() {}
  func suspend() throws(GestureError) {}
  func leaveForLineMode() throws(GestureError) {}
  func clearLine() {}
  func ask(_ prompt: String, then answer: @escaping (Interpreter, String) throws -> Void) {}
}
