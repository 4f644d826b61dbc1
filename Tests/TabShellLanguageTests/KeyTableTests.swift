@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// Key bindings as data (docs/Contract.md, "Key bindings"): keys named as tmux names them, one
/// table per focus, `bind`, `unbind` and `keys`, and `key NAME` pressing what is bound.
@Suite struct KeyTableTests {
  @Test(arguments: [
    ("Enter", "Enter"), ("enter", "Enter"), ("Escape", "Escape"), ("Left", "Left"),
    ("M-1", "M-1"), ("C-x", "C-x"), ("BSpace", "BSpace"), ("PPage", "PPage"),
    ("PageDown", "NPage"), ("F1", "F1"), ("f12", "F12"), ("q", "q"), ("?", "?"), ("Q", "Q"),
    ("S-Up", "S-Up"), ("M-C-x", "C-M-x"), ("C--", "C--"), ("-", "-"), ("Space", "Space"),
    ("BTab", "BTab"), ("é", "é"),
  ])
  func keysAreNamedAsTmuxNamesThem(name: String, canonical: String) throws {
    let key = try #require(Key(name: name))
    #expect(key.description == canonical)
    #expect(Key(name: canonical) == key)
  }

  @Test(arguments: ["", "Foo", "F13", "X-a", "S-a", "C-", "ab", " "])
  func otherWordsAreNoKeys(name: String) {
    #expect(Key(name: name) == nil)
  }

  /// Focuses are told apart, and their tables found, by their index: each has its own.
  @Test func eachFocusHasAnIndexOfItsOwnBelowTheCount() {
    let focuses = KeyFocus.bindable + [.confirm]
    #expect(Set(focuses.map(\.index)) == Set(0..<KeyFocus.count))
    for focus in focuses {
      #expect(KeyFocus(rawValue: focus.rawValue) == (focus == .confirm ? nil : focus))
      #expect(focuses.filter { $0 == focus }.count == 1)
    }
  }

  @Test func aTableKeepsTheOrderAndABindingIsReplacedInPlace() throws {
    var table = KeyTable()
    let a = try #require(Key(name: "a"))
    let b = try #require(Key(name: "b"))
    table.bind(KeyBinding(key: a, commands: [], line: "tab 1"), in: .bar)
    table.bind(KeyBinding(key: b, commands: [], line: "tab 2"), in: .bar)
    table.bind(KeyBinding(key: a, commands: [], line: "tab 3"), in: .bar)
    #expect(table.bindings(in: .bar).map(\.line) == ["tab 3", "tab 2"])
    #expect(table.binding(for: a, in: .command) == nil)
    #expect(table.binding(for: a, in: .screen) == nil)
    let removed = table.unbind(a, in: .bar)
    let removedAgain = table.unbind(a, in: .bar)
    #expect(removed && !removedAgain)
    #expect(table.bindings(in: .bar).map(\.line) == ["tab 2"])
  }

  /// A focus that binds only keys with modifiers finds no binding for a key without (the
  /// lookup skips its table), and finds one again once such a key is bound, until it is unbound.
  @Test func aKeyOfAKindTheFocusDoesNotBindIsFoundOnceBound() throws {
    var table = KeyTable()
    let prefix = try #require(Key(name: "C-b"))
    let x = try #require(Key(name: "x"))
    let metaX = try #require(Key(name: "M-x"))
    let up = try #require(Key(name: "Up"))
    table.bind(KeyBinding(key: prefix, commands: [], line: "prefix"), in: .screen)
    #expect(table.binding(for: prefix, in: .screen)?.line == "prefix")
    #expect(table.binding(for: x, in: .screen) == nil)
    #expect(table.binding(for: up, in: .screen) == nil)
    table.bind(KeyBinding(key: x, commands: [], line: "tab 1"), in: .screen)
    table.bind(KeyBinding(key: up, commands: [], line: "tab 2"), in: .screen)
    #expect(table.binding(for: x, in: .screen)?.line == "tab 1")
    #expect(table.binding(for: up, in: .screen)?.line == "tab 2")
    #expect(table.binding(for: metaX, in: .screen) == nil)
    table.unbind(x, in: .screen)
    #expect(table.binding(for: x, in: .screen) == nil)
    #expect(table.binding(for: up, in: .screen)?.line == "tab 2")
    table.unbind(prefix, in: .screen)
    #expect(table.binding(for: prefix, in: .screen) == nil)
    #expect(table.binding(for: up, in: .screen)?.line == "tab 2")
  }

  @Test func theBuiltInKeysAreBindingsAndEachParses() throws {
    let session = try GestureSession()
    #expect(
      session.run(
        "keys; keys --focus command; keys --focus screen; keys --focus prefix; "
          + "keys --focus copy; keys --focus c-x; keys --focus choose") == 0)
    let (output, errors, _) = session.take()
    #expect(errors == [])
    #expect(output.count == KeyTable.defaults.count)
    #expect(output.first == "Left     swipe right")
    #expect(output.contains("Escape   back"))
    #expect(output.contains("q        leave"))
    #expect(output.contains("M-9      tab 9"))
    #expect(output.contains("NPage    panel page-down"))
    #expect(output.contains("C-b  set-focus prefix"))
    #expect(output.contains("b       set-focus bar"))
    #expect(output.contains("?       help tui"))
    #expect(output.contains("NPage   scrollback page-down"))
    #expect(output.contains("/       search"))
    #expect(output.contains("y       copy-mode copy-selection-and-cancel"))
    // The keys once fixed in the code are bindings too.
    #expect(output.contains("C-d      leave"))
    #expect(output.contains("C-c      clear-line"))
    #expect(output.contains("C-l     redraw"))
    #expect(output.contains("A    line-mode"))
    #expect(output.contains("w       choose-tab"))
    #expect(output.last == "C-l     redraw")
  }

  /// The prefix keys PPage and NPage run the `terminal` screen type's `scrollback`, looked up when
  /// pressed: where no such type is registered, pressing one says so, and the table is whole.
  @Test func aScreenTypesCommandInTheBuiltInKeysIsLookedUpWhenPressed() throws {
    let session = try GestureSession()
    #expect(session.run("key --focus prefix PPage") == 1)
    #expect(session.take().errors == ["error: unknown command 'scrollback'"])
  }

  @Test func bindRunsTheCommandsParsedWhenBoundAndUnbindRemovesThem() throws {
    let session = try GestureSession()
    #expect(session.run("bind h 'tab 3; badge 3 new'") == 0)
    #expect(session.run("key h") == 0)
    #expect(session.selected == "inbox")
    #expect(session.shell.tab(at: 3)?.item.badge == "new")
    #expect(session.take().resolved == ["tab 3", "badge 3 new"])
    #expect(session.run("keys") == 0)
    #expect(session.take().output.contains("h        tab 3; badge 3 new"))
    #expect(session.run("unbind h") == 0)
    #expect(session.run("key h") == 1)
    #expect(session.take().errors == ["error: key 'h' is not bound in the bar focus"])
    #expect(session.run("bind --focus command M-1 swipe left --cancel; keys --focus command") == 0)
    #expect(session.take().output.contains("M-1      swipe left --cancel"))
  }

  @Test(arguments: [
    (
      "bind Foo tab 1",
      "'Foo' is not a key (keys are named as tmux names them: Enter, Escape, Tab, Space, BSpace, "
        + "Up, Left, PPage, NPage, F1...F12, a character, with C-, M- or S- before)"
    ),
    ("unbind x", "key 'x' is not bound in the bar focus"),
    ("unbind --focus command h", "key 'h' is not bound in the command focus"),
    (
      "set-focus bar",
      "'set-focus' works in the full-screen mode (tabshell --tui, or tui at the prompt)"
    ),
    ("back", "'back' works in the full-screen mode (tabshell --tui, or tui at the prompt)"),
  ])
  func wrongBindingsAreErrors(line: String, message: String) throws {
    let session = try GestureSession()
    #expect(session.run(line) == 1)
    #expect(session.take().errors == ["error: " + message])
  }

  @Test(arguments: ["bind x swipp left", "bind x 'tab 1; \"'", "bind --focus pane x tab 1"])
  func aBindingIsCheckedWhenBound(line: String) throws {
    let session = try GestureSession()
    #expect(session.run(line) == 2)
    #expect(session.take().errors.count == 1)
    #expect(session.run("keys") == 0)
    #expect(!session.take().output.contains { $0.hasPrefix("x ") })
  }

  /// A key bound to press itself, directly or through another, stops with an error naming the
  /// key instead of recursing until the stack overflows; keys pressing keys less deep still run.
  @Test(arguments: [
    ("bind x 'key x'; key x", "x"), ("bind x 'key y'; bind y 'key x'; key x", "x"),
    ("bind x 'bind x \"key x\"; key x'; key x", "x"),
  ])
  func aKeyThatPressesItselfIsAnError(line: String, key: String) throws {
    let session = try GestureSession()
    #expect(session.run(line) == 1)
    #expect(
      session.take().errors.suffix(1) == [
        "error: key '\(key)': bindings pressed keys more than 16 deep (a key bound to press "
          + "itself?)"
      ])
    #expect(session.run("bind a 'key b'; bind b 'key c'; bind c 'tab 3'; key a") == 0)
    #expect(session.selected == "inbox")
  }
}
