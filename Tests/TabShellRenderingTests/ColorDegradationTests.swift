import Foundation
@_spi(Host) import TabShellKit
import Testing

@testable import TabShellRendering

/// Colours degraded to what the terminal has, attributes kept without colour
/// (docs/Contract.md, "The canvas"): the mode each terminal gets, and each kind of colour in each
/// mode, as a foreground and as a background.
@Suite struct ColorDegradationTests {
  /// A colour and its SGR parameters as a foreground in `.none`, `.monochrome`, `.ansi8`,
  /// `.ansi16`, `.ansi256` and `.trueColor` (the background's are the same with 40–47, 100–107
  /// and 48).
  static let table: [(Canvas.Color, [String])] = [
    (.terminal, ["", "", "", "", "", ""]),
    (.red, ["", "", "31", "31", "31", "31"]),
    (.bright(.red), ["", "", "31", "91", "91", "91"]),
    (.indexed(8), ["", "", "30", "90", "90", "90"]),
    // The cube's (255, 135, 0): an orange, yellow in 8, bright yellow in 16.
    (.indexed(208), ["", "", "33", "93", "38;5;208", "38;5;208"]),
    // The cube's (0, 0, 95): a dark blue, blue in both.
    (.indexed(17), ["", "", "34", "34", "38;5;17", "38;5;17"]),
    // The grey ramp's 128: white in 8, dark grey in 16.
    (.indexed(244), ["", "", "37", "90", "38;5;244", "38;5;244"]),
    // The grey ramp's 238, light grey; the cube's white.
    (.indexed(255), ["", "", "37", "37", "38;5;255", "38;5;255"]),
    (.indexed(231), ["", "", "37", "97", "38;5;231", "38;5;231"]),
    (.rgb(red: 0, green: 122, blue: 255), ["", "", "34", "94", "38;5;33", "38;2;0;122;255"]),
    (.rgb(red: 205, green: 0, blue: 0), ["", "", "31", "31", "38;5;160", "38;2;205;0;0"]),
    (.rgb(red: 20, green: 20, blue: 20), ["", "", "30", "30", "38;5;233", "38;2;20;20;20"]),
    (.rgb(red: 200, green: 200, blue: 200), ["", "", "37", "37", "38;5;251", "38;2;200;200;200"]),
  ]

  static let modes: [ColorMode] = [.none, .monochrome, .ansi8, .ansi16, .ansi256, .trueColor]

  /// The background's parameters for a foreground's.
  static func background(_ foreground: String) -> String {
    if foreground.hasPrefix("38") { return "48" + foreground.dropFirst(2) }
    guard let code = Int(foreground) else { return foreground }
    return String(code + 10)
  }

  @Test(arguments: table)
  func eachColourInEachMode(color: Canvas.Color, expected: [String]) {
    for (mode, foreground) in zip(Self.modes, expected) {
      let asForeground = TextStyle(Canvas.Style(foreground: color)).sgr(mode)
      let asBackground = TextStyle(Canvas.Style(background: color)).sgr(mode)
      #expect(asForeground == (foreground.isEmpty ? "" : "\u{1B}[\(foreground)m"), "\(mode)")
      let background = Self.background(foreground)
      #expect(asBackground == (background.isEmpty ? "" : "\u{1B}[\(background)m"), "\(mode)")
      let both = TextStyle(Canvas.Style(foreground: color, background: color)).sgr(mode)
      let parameters = [foreground, background].filter { !$0.isEmpty }.joined(separator: ";")
      #expect(both == (parameters.isEmpty ? "" : "\u{1B}[\(parameters)m"), "\(mode)")
    }
  }

  /// Every attribute has its SGR in every mode that sends escape sequences, colourless ones
  /// included; `.none` sends nothing.
  @Test(arguments: TextStyle.attributeCodes.map(\.1))
  func eachAttributeInEachMode(code: String) throws {
    let attribute = try #require(TextStyle.attributeCodes.first { $0.1 == code }?.0)
    let style = TextStyle(Canvas.Style(attributes: attribute))
    for mode in Self.modes {
      #expect(style.sgr(mode) == (mode == .none ? "" : "\u{1B}[\(code)m"), "\(mode)")
    }
    let colored = TextStyle(
      Canvas.Style(foreground: .red, background: .blue, attributes: attribute))
    #expect(colored.sgr(.monochrome) == "\u{1B}[\(code)m")
    #expect(colored.sgr(.ansi16) == "\u{1B}[\(code);31;44m")
  }

  /// Without colour a line keeps its attributes and loses its colours; a trailing blank that shows
  /// only by its background goes, one in reverse video stays.
  @Test func monochromeLinesKeepAttributesAndDropColours() {
    var canvas = Canvas(width: 10, height: 1)
    canvas.write(
      "ab", row: 0,
      style: Canvas.Style(
        foreground: .red, background: .rgb(red: 1, green: 2, blue: 3), attributes: [.bold, .dim]))
    canvas.fill(row: 0, column: 2, count: 2, style: Canvas.Style(background: .blue))
    canvas.fill(row: 0, column: 6, count: 2, style: Canvas.Style(attributes: .reverse))
    let line = Renderer.lines(of: canvas)[0]
    #expect(line.rendered(.monochrome) == "\u{1B}[1;2mab\u{1B}[0m    \u{1B}[7m  \u{1B}[0m")
    #expect(line.rendered(.none) == "ab")
    #expect(line.rendered(.ansi8).hasPrefix("\u{1B}[1;2;31;40mab\u{1B}[0m\u{1B}[44m  \u{1B}[0m"))
  }

  /// `show` on a terminal without colour: the same text, bold and dim kept, no colour.
  @Test(arguments: builtinLayouts)
  func monochromeFramesAreTheTextWithAttributesOnly(layout: String) throws {
    let shell = try makeShell(layout: layout)
    let options = RenderOptions(width: 60, height: 12, color: .monochrome)
    let lines = Renderer.frame(shell, options: options)
    let joined = lines.joined(separator: "\n")
    #expect(joined.contains("\u{1B}[1m"))
    for parameter in sgrParameters(joined) {
      #expect(!(30...49).contains(parameter) && !(90...107).contains(parameter), "\(parameter)")
    }
    var plain = options
    plain.color = .none
    #expect(lines.map(strippingEscapes) == Renderer.frame(shell, options: plain))
  }

  /// The mode for a terminal of each colour count (terminfo's `colors`), and for a 16-colour
  /// entry read from `$TERMINFO`.
  @Test func terminalsGetTheModeOfTheirColourCount() throws {
    let counts = [
      (TerminalColors.direct, ColorMode.trueColor), (1 << 25, .trueColor), (256, .ansi256),
      (88, .ansi16), (16, .ansi16), (15, .ansi8), (8, .ansi8), (2, .monochrome),
      (-1, .monochrome),
    ]
    for (colors, mode) in counts {
      #expect(Renderer.colorMode(colors: colors) == mode, "\(colors)")
    }
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "tabshell-terminfo-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appending(path: "s"), withIntermediateDirectories: true)
    let entry = Self.entry(colors: 16)
    try Data(entry).write(to: folder.appending(path: "s/sixteen"))
    #expect(TerminalColors.colors(in: entry) == 16)
    let environment = ["TERM": "sixteen", "TERMINFO": folder.path]
    #expect(
      Renderer.detectColorMode(environment: environment, isTerminal: true, forcedOff: false)
        == .ansi16)
    #expect(
      Renderer.detectColorMode(environment: environment, isTerminal: true, forcedOff: true)
        == .monochrome)
    #expect(
      Renderer.detectColorMode(environment: environment, isTerminal: false, forcedOff: false)
        == ColorMode.none)
    #expect(TerminalColors.count(term: "no-such-terminal-16color", environment: [:]) == 16)
  }

  /// A legacy compiled terminfo entry with only the `colors` number.
  static func entry(colors: Int) -> [UInt8] {
    let names = Array("sixteen|test".utf8) + [0]
    var bytes: [UInt8] = []
    for value in [0o432, names.count, 0, 14, 0, 0] {
      bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
    bytes += names
    if bytes.count % 2 == 1 { bytes.append(0) }
    for value in Array(repeating: -1, count: 13) + [colors] {
      bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
    return bytes
  }
}

/// The SGR parameters of every `ESC [ … m` in `text`.
func sgrParameters(_ text: String) -> [Int] {
  text.matches(of: /\x1B\[([0-9;]*)m/).flatMap { match in
    match.output.1.split(separator: ";").compactMap { Int($0) }
  }
}
