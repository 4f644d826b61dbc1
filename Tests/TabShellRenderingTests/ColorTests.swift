@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@Suite struct ColorTests {
  @Test(arguments: [
    ([String: String](), true, false, ColorMode.ansi256),
    (["COLORTERM": "truecolor"], true, false, .trueColor),
    (["COLORTERM": "24bit"], true, false, .trueColor),
    (["COLORTERM": "TrueColor", "TERM": "xterm-256color"], true, false, .trueColor),
    (["COLORTERM": "yes"], true, false, .ansi256),
    (["NO_COLOR": "1", "COLORTERM": "truecolor"], true, false, ColorMode.none),
    (["NO_COLOR": ""], true, false, .ansi256),
    (["TERM": "dumb", "COLORTERM": "truecolor"], true, false, ColorMode.none),
    (["COLORTERM": "truecolor"], false, false, ColorMode.none),
    (["COLORTERM": "truecolor"], true, true, ColorMode.none),
  ])
  func detection(environment: [String: String], isTerminal: Bool, forcedOff: Bool, mode: ColorMode)
  {
    #expect(
      Renderer.detectColorMode(
        environment: environment, isTerminal: isTerminal, forcedOff: forcedOff)
        == mode)
  }

  @Test func terminalWidthOfSomethingThatIsNotATerminal() {
    #expect(Renderer.terminalWidth(fd: -1) == nil)
  }

  @Test(arguments: builtinLayouts)
  func plainOutputHasNoEscapeAtAll(layout: String) throws {
    let shell = try makeShell(layout: layout)
    #expect(!preview(shell, width: 80, color: .none).unicodeScalars.contains("\u{1B}"))
  }

  @Test func trueColorUsesTheTintAndMarksTheSelectionWithoutColourToo() throws {
    let shell = try makeShell(layout: "xianyu")
    let options = RenderOptions(width: 60, color: .trueColor)
    let line = Renderer.barLine(shell, options: options)
    #expect(line.contains("\u{1B}[1;38;2;255;149;0m["))  // orange, bold: the selected item
    #expect(line.contains("38;2;142;142;147"))  // grey: the others
    #expect(strippingEscapes(line) == Renderer.barLine(shell, options: RenderOptions(width: 60)))
    #expect(strippingEscapes(line).contains("[1 ⌂ 首页]"))
  }

  @Test func ansi256MapsToThePalette() throws {
    let shell = try makeShell(layout: "xianyu")
    let line = Renderer.barLine(shell, options: RenderOptions(width: 60, color: .ansi256))
    #expect(line.contains("38;5;208"))  // orange (255,149,0) → #ff8700
    #expect(line.contains("38;5;246"))  // grey (142,142,147) → grey ramp
    #expect(!line.contains("38;2;"))
  }

  @Test func originalRenderingModeLeavesIconsUncoloured() throws {
    let shell = try makeShell(layout: "swipeable")  // .original
    let line = Renderer.barLine(shell, options: RenderOptions(width: 60, color: .trueColor))
    #expect(line.contains(" ☆ \u{1B}["))  // the icon comes before any escape of its title
    let templated = try makeShell(layout: "profile")  // .template
    let other = Renderer.barLine(templated, options: RenderOptions(width: 60, color: .trueColor))
    #expect(other.contains("m◇"))
  }

  @Test func pageScreensFillTheirRegionWithTheirColour() throws {
    let shell = try makeShell(layout: "swipeable")
    let frame = Renderer.frame(
      shell, options: RenderOptions(width: 30, height: 8, color: .trueColor))
    #expect(frame[1].contains("48;2;0;122;255"))  // the blue page's background
    #expect(frame[1].hasSuffix("\u{1B}[0m"))  // the colour ends with the line
  }
}
