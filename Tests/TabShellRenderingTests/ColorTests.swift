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
    (["NO_COLOR": "1", "COLORTERM": "truecolor"], true, false, .monochrome),
    (["NO_COLOR": ""], true, false, .ansi256),
    (["TERM": "dumb", "COLORTERM": "truecolor"], true, false, ColorMode.none),
    (["COLORTERM": "truecolor"], false, false, ColorMode.none),
    (["COLORTERM": "truecolor"], true, true, .monochrome),
    (["COLORTERM": "truecolor", "NO_COLOR": "1"], false, true, ColorMode.none),
  ])
  func detection(environment: [String: String], isTerminal: Bool, forcedOff: Bool, mode: ColorMode)
  {
    #expect(
      Renderer.detectColorMode(
        environment: environment, isTerminal: isTerminal, forcedOff: forcedOff)
        == mode)
  }

  /// Colours follow the terminal, as `tput colors` says from its terminfo entry (the system's:
  /// ncurses-base has xterm, xterm-256color and vt100), after NO_COLOR and COLORTERM.
  @Test(arguments: [
    (["TERM": "xterm"], ColorMode.ansi8),
    (["TERM": "xterm-256color"], .ansi256),
    (["TERM": "xterm", "COLORTERM": "truecolor"], .trueColor),
    (["TERM": "xterm-256color", "NO_COLOR": "1"], .monochrome),
    (["TERM": "vt100"], .monochrome),
    (["TERM": "linux"], .ansi8),
    (["TERM": "no-such-terminal"], .ansi8),
    (["TERM": "no-such-terminal-256color"], .ansi256),
    (["TERM": "no-such-terminal-direct"], .trueColor),
    (["TERM": "../v/vt100"], .ansi8),  // a path is no name: not read
  ])
  func colorsFollowTheTerminal(environment: [String: String], mode: ColorMode) {
    #expect(
      Renderer.detectColorMode(
        environment: environment, isTerminal: true, forcedOff: false) == mode)
  }

  /// The `colors` number of compiled terminfo entries: the legacy format, the 32-bit one, an
  /// entry without the number, and bytes that are not an entry.
  @Test func readsTheColoursOfACompiledEntry() {
    func entry(magic: Int, numbers: [Int], width: Int) -> [UInt8] {
      let names = Array("x|test".utf8) + [0]
      var bytes: [UInt8] = []
      for value in [magic, names.count, 1, numbers.count, 0, 0] {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
      }
      bytes += names + [1]  // one boolean
      if bytes.count % 2 == 1 { bytes.append(0) }
      for value in numbers {
        for shift in stride(from: 0, to: width * 8, by: 8) {
          bytes.append(UInt8(value >> shift & 0xFF))
        }
      }
      return bytes
    }
    let thirteen = Array(repeating: -1, count: 13)
    #expect(TerminalColors.colors(in: entry(magic: 0o432, numbers: thirteen + [8], width: 2)) == 8)
    #expect(
      TerminalColors.colors(in: entry(magic: 0o1036, numbers: thirteen + [1 << 24], width: 4))
        == TerminalColors.direct)
    #expect(
      TerminalColors.colors(in: entry(magic: 0o432, numbers: thirteen + [-1], width: 2)) == -1)
    #expect(TerminalColors.colors(in: entry(magic: 0o432, numbers: [80], width: 2)) == -1)
    #expect(TerminalColors.colors(in: Array("not terminfo".utf8)) == nil)
    #expect(TerminalColors.colors(in: []) == nil)
  }

  /// In 8 colours, a colour is the nearest basic one (SGR 30–37), never `38;5;N`.
  @Test func eightColoursUseTheBasicOnes() throws {
    let shell = try makeShell(layout: "xianyu")
    let line = Renderer.barLine(shell, options: RenderOptions(width: 60, color: .ansi8))
    #expect(line.contains("\u{1B}["))
    #expect(!line.contains("38;5;") && !line.contains("38;2;"))
    #expect(line.contains(";33m["))  // orange, bold: the selected item, as yellow
    #expect(ANSI.basicIndex(palette: 196) == 1)  // bright red
    #expect(ANSI.basicIndex(palette: 12) == 4)  // bright blue
    #expect(ANSI.basicIndex(palette: 255) == 7)  // light grey
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
