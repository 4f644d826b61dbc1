import Foundation
@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@testable import TabShellLanguage

/// `screenshot [--to ID] FILE` (docs/Contract.md, "Pictures, recordings, locators"): the whole
/// frame or a screen's region, in the kind its file's ending names, relative to the working
/// directory.
@Suite struct ScreenshotTests {
  @Test func aScreensTextAndTheFramesAreWhatShowDraws() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p --title Paint
      screenshot --to p shots/p.txt
      screenshot frame.txt
      show
      """)
    #expect(outcome == .success, "\(run.reported)")
    #expect(try run.file("shots/p.txt") == "Menu: [ OK ] [Cancel]\n字 wide\n" + "\n\n\n\n")
    #expect(try run.file("frame.txt") == run.printed.map { $0 + "\n" }.joined())
  }

  /// The frame's cursor is the visible screen's, a row lower (under the page's header): in the
  /// picture it is a block, the cell's colours swapped.
  @Test func theSVGShowsTheScreensCursorInTheFrame() throws {
    let run = try PictureRun()
    let outcome = run.script(
      """
      add-tab paint --id p
      screenshot f.svg
      screenshot --to p p.svg
      screenshot --to p p.ansi
      screenshot p.html
      """)
    #expect(outcome == .success, "\(run.reported)")
    // Column 3 (x 27), row 2 of the frame (y 36), row 1 of the region (y 18).
    #expect(try run.file("f.svg").contains("<rect x=\"27\" y=\"36\" width=\"9\" height=\"18\""))
    #expect(try run.file("p.svg").contains("<rect x=\"27\" y=\"18\" width=\"9\" height=\"18\""))
    #expect(
      try run.file("p.svg").contains(
        "<text x=\"72 81\" y=\"14\" fill=\"#13a10e\" font-weight=\"bold\">OK</text>"
      ))
    #expect(
      try run.file("p.ansi").hasPrefix("Menu: \u{1B}[1;32m[ OK ]\u{1B}[0m \u{1B}[41m[Cancel]"))
    #expect(try run.file("p.html").hasPrefix("<!DOCTYPE html>"))
  }

  @Test func badNamesAndScreensAreErrorsWithThePlace() throws {
    let run = try PictureRun()
    #expect(run.script("add-tab paint\nscreenshot shot.png") == .syntaxError)
    #expect(
      run.reported == [
        "s.tabsh:2:1: error: cannot tell the kind of picture of 'shot.png': its name must end in "
          + ".svg, .html, .txt, .ansi"
      ])
    run.reported = []
    #expect(run.script("screenshot a.svg\nadd-tab paint\nscreenshot --to q a.svg") == .failure)
    #expect(run.reported == ["s.tabsh:3:1: error: no screen 'q'"])
    try FileManager.default.createSymbolicLink(
      atPath: run.folder + "/link.svg", withDestinationPath: run.folder + "/elsewhere.svg")
    run.reported = []
    #expect(run.script("add-tab paint\nscreenshot link.svg") == .failure)
    #expect(
      run.reported == [
        "s.tabsh:2:1: error: cannot write 'link.svg': it is a symbolic link (the shell writes no file through a link)"
      ])
    #expect(!FileManager.default.fileExists(atPath: run.folder + "/elsewhere.svg"))
  }
}
