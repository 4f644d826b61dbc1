import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@testable import TabShellLanguage

/// Locators and styles (docs/Contract.md, "Pictures, recordings, locators"): `expect text`,
/// `expect style`, `expect cursor`, `click --text` and `wait-for --stable`, on `paint`'s region:
/// `Menu: [ OK ] [Cancel]` (OK bold green, Cancel on red), `字 wide`, the cursor at 2 4.
@Suite struct LocatorTests {
  @Test func expectTextFindsTextAnywhereOrAtACell() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      expect text OK
      expect text --to p '[Cancel]' --at 1 14
      expect text 字 wide --at 2 1
      expect text wide --at 2 4
      """)
    #expect(outcome == .success, "\(run.reported)")
    #expect(run.interpreter.checks.passed == 4)
  }

  @Test func expectTextSaysWhatIsThereAndWhere() throws {
    let run = try PictureRun()
    let outcome = run.scriptGoingOn(
      """
      add-tab paint --id p
      expect text Save
      expect text OK --at 2 1
      """)
    #expect(outcome == .failure)
    let text = "; its text:\n    | Menu: [ OK ] [Cancel]\n    | 字 wide"
    #expect(
      run.reported == [
        "s.tabsh:2:1: error: expect failed: screen 'p' does not show 'Save'" + text,
        "s.tabsh:3:1: error: expect failed: screen 'p' shows '字 ' at row 2 column 1, expected "
          + "'OK' (it is at row 1 column 9)" + text,
      ])
  }

  @Test func expectStyleChecksEveryCellOfTheFirstOccurrence() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      expect style OK --fg green --bold --bg default
      expect style '[ OK ]' --fg 2
      expect style Cancel --bg red --fg default
      expect style Cancel --bg 1
      expect style Menu: --fg default
      """)
    #expect(outcome == .success, "\(run.reported)")
  }

  @Test func expectStyleNamesTheFirstCellThatDiffers() throws {
    let run = try PictureRun()
    let outcome = run.scriptGoingOn(
      """
      add-tab paint --id p
      expect style OK --fg red --italic
      expect style Cancel --bg '#ff0000'
      expect style Nope --bold
      """)
    #expect(outcome == .failure)
    #expect(
      run.reported == [
        "s.tabsh:2:1: error: expect failed: 'OK' at row 1 column 9 of screen 'p': its cell at "
          + "column 9 ('O') is fg 2, bg default, bold, expected --fg red --italic",
        "s.tabsh:3:1: error: expect failed: 'Cancel' at row 1 column 15 of screen 'p': its cell "
          + "at column 15 ('C') is fg default, bg 1, expected --bg #ff0000",
        "s.tabsh:4:1: error: expect failed: screen 'p' does not show 'Nope'; its text:\n"
          + "    | Menu: [ OK ] [Cancel]\n    | 字 wide",
      ])
  }

  /// A colour name matches its palette entry, its bright form and 24-bit colours nearest to
  /// either; a number or #RRGGBB only itself.
  @Test(arguments: [
    ("red", Canvas.Color.indexed(1), true), ("red", .indexed(9), true),
    ("red", .rgb(red: 200, green: 30, blue: 20), true), ("red", .indexed(196), false),
    ("red", .rgb(red: 30, green: 200, blue: 20), false), ("white", .indexed(15), true),
    ("white", .rgb(red: 100, green: 100, blue: 100), false), ("default", .terminal, true),
    ("red", .terminal, false), ("196", .indexed(196), true), ("#0a14c8", .indexed(4), false),
    ("#0A14C8", .rgb(red: 10, green: 20, blue: 200), true),
  ])
  func coloursMatchAsTheContractSays(word: String, color: Canvas.Color, matches: Bool) throws {
    #expect(try ColorExpectation(word).matches(color) == matches)
  }

  @Test func aWordThatIsNoColourIsAnErrorWhenTheScriptIsRead() throws {
    let run = try PictureRun()
    #expect(run.script("add-tab paint\nexpect style OK --fg purple") == .syntaxError)
    #expect(
      run.reported == [
        "s.tabsh:2:1: error: 'purple' is not a colour: a name (black, red, green, yellow, blue, "
          + "magenta, cyan, white, default), 0 to 255, or #RRGGBB"
      ])
  }

  @Test func expectCursorIsWhereTheScreenPutIt() throws {
    let run = try PictureRun()
    let outcome = run.scriptGoingOn(
      """
      add-tab paint --id p
      add-tab text --id t
      expect cursor 2 4
      expect cursor --to p 1 1
      expect cursor --to t 1 1
      """)
    #expect(outcome == .failure)
    let wrong =
      "s.tabsh:4:1: error: expect failed: the cursor of screen 'p' is at row 2 column 4, "
      + "expected row 1 column 1"
    let hidden =
      "s.tabsh:5:1: error: expect failed: the cursor of screen 't' is hidden, expected at row 1 "
      + "column 1"
    #expect(run.reported == [wrong, hidden])
  }

  /// `click --text` presses the cell at half the text's width from its start: `Cancel` starts at
  /// column 14 (0-based) and is 6 wide, so column 17; `wide` is on row 1 at 3, so column 5; the
  /// second `e` is Cancel's (the first is Menu's, the third wide's).
  @Test func clickOnTextPressesItsMiddle() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      click --text Cancel
      click --text wide --to p
      click --text e --nth 2
      """)
    #expect(outcome == .success, "\(run.reported)")
    #expect(run.paint("p")?.clicks == ["(17,0)", "(5,1)", "(18,0)"])
  }

  @Test func clickOnTextThatIsNotThereFailsShowingTheScreen() throws {
    let run = try PictureRun()
    let outcome = run.scriptGoingOn(
      """
      add-tab paint --id p
      add-tab paint --id q
      click --text Save
      click --text OK --nth 2
      click --text OK --to q
      add-tab text --id t --text hello
      tab t
      click --text hello
      """)
    #expect(outcome == .failure)
    let text = "; its text:\n    | Menu: [ OK ] [Cancel]\n    | 字 wide"
    #expect(
      run.reported == [
        "s.tabsh:3:1: error: click --text: screen 'p' does not show 'Save'" + text,
        "s.tabsh:4:1: error: click --text: screen 'p' shows 'OK' once, not 2" + text,
        "s.tabsh:5:1: error: click --text: screen 'q' is not visible (the visible screen is 'p')",
        "s.tabsh:8:1: error: screen 't' takes no input",
      ])
    #expect(run.paint("p")?.clicks == [])
  }

  @Test func clickTakesACellOrATextNotBoth() throws {
    let run = try PictureRun()
    #expect(run.script("click 1 1 --text OK\nclick --nth 2 1 1\nclick 3") == .syntaxError)
    #expect(
      run.reported == [
        "s.tabsh:1:1: error: 'click' takes COL ROW or --text TEXT, not both",
        "s.tabsh:2:1: error: 'click' takes --to and --nth with --text only",
        "s.tabsh:3:1: error: 'click' needs COL ROW, or --text TEXT; usage: click [--text TEXT] "
          + "[--to ID] [--nth N] [COL] [ROW]",
      ])
  }

  @Test func waitForStableWaitsUntilTheScreenStopsChanging() throws {
    let run = try PictureRun()
    let clock = ContinuousClock()
    let started = clock.now
    let outcome = run.script(
      """
      add-tab paint --id p
      wait-for --stable 200
      """)
    #expect(outcome == .success, "\(run.reported)")
    #expect(started.duration(to: clock.now) >= .milliseconds(200))
  }

  @Test func waitForStableTimesOutOnAScreenThatKeepsChanging() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      row tick
      wait-for --to p --stable 300 --timeout 0.5
      """)
    #expect(outcome == .failure)
    #expect(run.reported.count == 1)
    let message = try #require(run.reported.first)
    #expect(
      message.hasPrefix(
        "s.tabsh:3:1: error: wait-for timed out after 0.5 s: screen 'p' did not stay the same for "
          + "300 ms; its text:\n    | Menu: [ OK ] [Cancel]\n    | 字 wide\n    | tick "))
    #expect(try #require(run.paint("p")).ticks > 0)
  }

  @Test func waitForTakesTextOrStableNotBoth() throws {
    let run = try PictureRun()
    #expect(
      run.script("wait-for --stable 10 hello\nwait-for\nwait-for --regex --stable 5")
        == .syntaxError)
    #expect(
      run.reported == [
        "s.tabsh:1:1: error: 'wait-for' takes TEXT or --stable MS, not both",
        "s.tabsh:2:1: error: 'wait-for' needs TEXT; usage: wait-for [--to ID] [--timeout SECONDS] "
          + "[--regex] [--stable MS] [TEXT...]",
        "s.tabsh:3:1: error: 'wait-for' takes TEXT or --stable MS, not both",
      ])
  }
}
