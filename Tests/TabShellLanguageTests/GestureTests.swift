@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import Testing

/// Gestures in scripts (docs/Contract.md, "Gestures"): what is at a cell, and what a click, a drag,
/// the wheel and a key there do, through the layout the full-screen mode draws.
@Suite struct GestureTests {
  /// The demo at 80 × 24: the screen area (rows 1–21; the action button's cap on row 21), the
  /// bar's rule, icons and titles (rows 22–24); a tab's slot is all three rows.
  @Test func whatIsWhereOnTheDemo() throws {
    let session = try GestureSession()
    let feed = try #require(session.find("2 Feed"))
    let cap = try #require(session.find("╭─⊕─╮"))
    #expect(cap.row == 21)
    #expect(
      [
        (1, 1), (40, 10), (cap.column - 1, 21), (feed.column, 22), (feed.column, 23),
        (feed.column, 24),
      ]
      .map(session.hit) == [
        "screen home", "screen home", "screen home", "tab feed", "tab feed", "tab feed",
      ])
    #expect(
      (cap.column..<cap.column + 5).map { session.hit($0, 21) }
        == Array(repeating: "action", count: 5))
    #expect(session.hit(cap.column + 5, 21) == "screen home")
    let post = try #require(session.find("<Post>"))
    #expect([22, 23, 24].map { session.hit(post.column, $0) } == ["action", "action", "action"])
  }

  @Test func aClickOnATabIsATap() throws {
    let session = try GestureSession()
    let inbox = try #require(session.find("3 Inbox"))
    #expect(session.run("click \(inbox.column) 22") == 0)
    #expect(session.selected == "inbox")
    #expect(session.take().resolved == ["tab inbox"])
    // The selected tab again: a reselect pops its stack to the root.
    session.run("push text --id detail")
    #expect(session.run("click \(inbox.column + 2) 24") == 0)
    #expect(session.shell.tab(at: 3)?.stack.map(\.id) == ["inbox"])
    #expect(session.take().resolved == ["tab inbox"])
  }

  @Test func aClickOnADisabledTabDoesNothingAndAVetoKeepsTheSelection() throws {
    let session = try GestureSession()
    session.run("disable-tab feed")
    let feed = try #require(session.find("2 ~Feed~"))
    #expect(session.run("click \(feed.column) 24") == 0)
    #expect(session.selected == "home")
    #expect(session.take().resolved == [])
    session.run("enable-tab feed; on should-select deny")
    #expect(session.run("click \(feed.column) 24") == 0)
    #expect(session.selected == "home")
    #expect(session.take().resolved == ["tab feed"])
  }

  @Test func theCapProtrudingAboveTheBarTapsTheActionButton() throws {
    let session = try GestureSession()
    let cap = try #require(session.find("╭─⊕─╮"))
    #expect(session.run("click \(cap.column + 4) \(cap.row)") == 0)
    #expect(session.shell.modalScreen?.type == "post")
    #expect(session.take().resolved == ["action"])
    // While it is presented, a tap on a tab fails as `tab` does.
    let feed = try #require(session.find("2 Feed"))
    #expect(session.run("click \(feed.column) 24") == 1)
    let (_, errors, resolved) = session.take()
    #expect(errors == ["error: a modal screen ('post') is presented; dismiss it first"])
    #expect(resolved == ["failed: tab feed"])
  }

  /// A "+N" marker moves the bar's window a page, without selecting; the markers count tabs only.
  @Test func markersPageTheBarWithoutSelecting() throws {
    let session = try GestureSession(layout: nil, columns: 40, rows: 12)
    for n in 1...30 { session.run("add-tab text --id t\(n) --title T\(n)") }
    session.run("add-action post --title Post; tab t3")
    #expect(session.hit(40, 12) == "more right")
    let before =
      Renderer.frame(session.shell, options: session.interpreter.view.renderOptions).last ?? ""
    // 25 tabs and the action button are hidden on the right: the marker counts the tabs.
    #expect(before.hasSuffix("+25"), "\(before)")
    #expect(session.run("click 40 12") == 0)
    let after =
      Renderer.frame(
        session.shell, options: session.interpreter.view.renderOptions,
        scroll: session.interpreter.view.barScroll
      ).last ?? ""
    #expect(after.hasPrefix("+"), "\(after)")
    #expect(after != before)
    #expect(session.selected == "t3")
    #expect(session.hit(1, 12) == "more left")
    #expect(session.run("click 1 12") == 0)
    #expect(session.find("[3 T3]") != nil)
    #expect(session.take().resolved == [])
    // A selection brings the window back around it.
    session.run("click 40 12; tab t30")
    #expect(session.find("[30 T30]") != nil)
  }

  @Test func theWheelOverTheBarSwipesAndElsewhereDoesNothing() throws {
    let session = try GestureSession()
    #expect(session.run("scroll down 5 23; scroll down 5 23") == 0)
    #expect(session.selected == "inbox")
    #expect(session.run("scroll up 5 10") == 0)
    #expect(session.selected == "inbox")
    #expect(session.run("scroll down 70 22; scroll down 70 22; scroll up 1 24") == 0)
    #expect(session.selected == "inbox")
    #expect(
      session.take().resolved == [
        "swipe left", "swipe left", "swipe left", "swipe left", "swipe right",
      ])
  }

  @Test(arguments: [
    ("right", "swipe left", "feed"), ("alt-right", "swipe left", "feed"),
    ("left", "swipe right", "home"), ("alt-left", "swipe right", "home"), ("3", "tab 3", "inbox"),
    ("alt-4", "tab 4", "profile"), ("h", "toggle-bar", "home"), ("Right", "swipe left", "feed"),
    ("M-Right", "swipe left", "feed"), ("M-4", "tab 4", "profile"),
    ("--focus command M-2", "tab 2", "feed"),
  ])
  func keys(name: String, command: String, selected: String) throws {
    let session = try GestureSession()
    #expect(session.run("key \(name)") == 0)
    #expect(session.selected == selected)
    #expect(session.take().resolved == [command])
  }

  /// An unknown key's error lists the names `key` takes.
  static let keyNames =
    "keys: as tmux names them: Enter, Escape, Tab, Space, BSpace, Up, Left, PPage, NPage, "
    + "F1...F12, a character, with C-, M- or S- before; or left, right, alt-left, alt-right, "
    + "1...9, alt-1...alt-9"

  @Test func aKeyBoundByItsTmuxNameIsPressedByThatName() throws {
    let session = try GestureSession()
    #expect(session.run("bind x 'tab 3'; bind C-t 'tab 4'; bind --focus command F2 'tab 2'") == 0)
    #expect(session.run("key x") == 0)
    #expect(session.selected == "inbox")
    #expect(session.run("key C-t") == 0)
    #expect(session.selected == "profile")
    #expect(session.run("key --focus command F2") == 0)
    #expect(session.selected == "feed")
    #expect(session.take().resolved == ["tab 3", "tab 4", "tab 2"])
  }

  @Test(arguments: [
    (
      "hit 81 1",
      "cell 81 1 is outside the terminal (80 columns × 24 rows, counted from 1; 'size' changes it)"
    ),
    (
      "click 1 0",
      "cell 1 0 is outside the terminal (80 columns × 24 rows, counted from 1; 'size' changes it)"
    ),
    (
      "drag 1 1 1 25",
      "cell 1 25 is outside the terminal (80 columns × 24 rows, counted from 1; 'size' changes it)"
    ),
    ("size 0 10", "a size must be at least 1 × 1, not 0 × 10"),
    (
      "size 2000 1000",
      "a size of 2000 × 1000 is too big (at most 10000 columns, 10000 rows and 1000000 cells)"
    ),
    ("key Foo", "unknown key 'Foo' (\(keyNames))"),
    ("key rigth", "unknown key 'rigth' (\(keyNames)); did you mean 'right'?"),
    ("key x", "key 'x' is not bound in the bar focus"),
    ("key --focus command h", "key 'h' is not bound in the command focus"),
    ("scroll upp 1 1", "the wheel turns up or down, not 'upp'; did you mean 'up'?"),
    ("tui", "'tui' works at the interactive prompt ('tabshell --tui' starts full-screen)"),
  ])
  func wrongGesturesAreErrors(line: String, message: String) throws {
    let session = try GestureSession()
    #expect(session.run(line) == 1)
    #expect(session.take().errors == ["error: " + message])
  }

  @Test func sizeSetsWhatShowDraws() throws {
    let session = try GestureSession()
    #expect(session.run("size 30 7; show") == 0)
    let frame = session.take().output
    #expect(frame.count == 7)
    #expect(frame.allSatisfy { displayWidth(of: $0) <= 30 })
    #expect(session.hit(30, 7) != "")
  }
}
