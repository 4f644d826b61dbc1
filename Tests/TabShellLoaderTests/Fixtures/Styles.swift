// A plugin whose screen draws every attribute and every kind of colour, one a row, for the
// full-screen tests (Tests/tui) to read back how the terminal got them: colours degraded to what
// it has, attributes kept without colour.
import TabShellKit

final class StylesPlugin: TabShellPlugin {
  let name = "styles"
  var screenTypes: [any ScreenType] { [StylesType()] }
}

final class StylesType: ScreenType {
  let name = "styles"
  let summary = "every attribute and colour"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { StylesScreen() }
}

final class StylesScreen: Screen {
  /// Each row's label and style; the tests find a row by its label.
  static let rows: [(String, Canvas.Style)] = [
    ("bold", Canvas.Style(attributes: .bold)),
    ("dim", Canvas.Style(attributes: .dim)),
    ("italic", Canvas.Style(attributes: .italic)),
    ("underline", Canvas.Style(attributes: .underline)),
    ("reverse", Canvas.Style(attributes: .reverse)),
    ("strike", Canvas.Style(attributes: .strikethrough)),
    ("named", Canvas.Style(foreground: .red, background: .blue)),
    ("bright", Canvas.Style(foreground: .bright(.red), background: .bright(.blue))),
    ("indexed", Canvas.Style(foreground: .indexed(208), background: .indexed(17))),
    (
      "rgb",
      Canvas.Style(
        foreground: .rgb(red: 0, green: 122, blue: 255),
        background: .rgb(red: 200, green: 200, blue: 200))
    ),
  ]

  func draw(in canvas: inout Canvas) {
    for (row, (label, style)) in Self.rows.enumerated() {
      canvas.write(label, row: row, column: 2, style: style)
    }
  }
}

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(StylesPlugin() as AnyObject).toOpaque()
}
