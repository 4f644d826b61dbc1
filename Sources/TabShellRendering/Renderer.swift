import TabShellKit

/// How to render: the width in columns, the screen's height in rows, and whether to use colour.
public struct RenderOptions: Sendable, Equatable {
  /// Columns; no line is ever wider.
  public var width: Int
  /// Rows for the screen region of a frame (the bar comes under it).
  public var screenHeight: Int
  /// Colour and escape sequences.
  public var color: ColorMode

  /// Makes options.
  public init(width: Int = 80, screenHeight: Int = 8, color: ColorMode = .none) {
    self.width = width
    self.screenHeight = screenHeight
    self.color = color
  }
}

/// What the terminal can show.
public enum ColorMode: Sendable, Equatable {
  /// No escape sequences at all.
  case none
  /// 256 colours.
  case ansi256
  /// 24-bit colour.
  case trueColor
}

/// Draws a shell as text. PLACEHOLDER until the rendering issue (4) lands: plain and simple.
public enum Renderer {
  /// The bar as one line: what the REPL prints above its prompt.
  public static func barLine(_ shell: Shell, options: RenderOptions) -> String {
    (1...max(1, shell.tabCount)).compactMap { position -> String? in
      guard let item = shell.item(at: position) else { return nil }
      let selected = position == shell.selectedPosition
      return selected ? "[\(item.selectedIcon) \(item.title)]" : " \(item.icon) \(item.title) "
    }.joined(separator: " ")
  }

  /// The whole frame: the visible screen's region, then the bar (unless hidden).
  public static func frame(_ shell: Shell, options: RenderOptions) -> [String] {
    var canvas = Canvas(width: options.width, height: options.screenHeight)
    shell.drawVisibleScreen(in: &canvas)
    var lines = canvas.lines
    if !shell.isBarHidden { lines.append(barLine(shell, options: options)) }
    return lines
  }

  /// The table that `tabs` prints.
  public static func tabsTable(_ shell: Shell, options: RenderOptions) -> [String] {
    shell.tabs.map { tab in
      let mark = tab.position == shell.selectedPosition ? "*" : " "
      return "\(mark) \(tab.position) \(tab.id) \(tab.item.title)"
    }
  }
}
