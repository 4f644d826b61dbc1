import Foundation
import TabShellKit
import TestSupport

/// tmux 3.3a beside TabShell: a shell command run in a detached pane of a server of its own, at a
/// size, read back with `capture-pane -p -e` (the text and its SGR codes) and the cursor once the
/// command says it is done, as ``StyledScreen`` lines.
enum TmuxPane {
  /// Runs `command` (a `sh -c` script that ends by touching the file `$DONE`) in a `columns` ×
  /// `rows` pane; its screen once that file exists and two captures 150 ms apart agree.
  static func screen(of command: String, columns: Int, rows: Int) throws -> StyledScreen {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The server's socket in the folder, which goes with it (tmux 3.3a leaves its socket behind).
    let socket = folder.appendingPathComponent("tmux.sock").path
    let done = folder.appendingPathComponent("done").path
    defer { _ = try? tmux(socket, ["kill-server"], output: false) }
    try tmux(
      socket,
      [
        "-f", "/dev/null", "start-server", ";", "set", "-g", "default-terminal", "xterm-256color",
        ";", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-e", "DONE=\(done)",
        "sh", "-c", command + "\ntouch \"$DONE\"\nexec sleep 100",
      ], output: false)
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: done), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    var last = ""
    while Date() < deadline {
      let capture = try tmux(socket, ["capture-pane", "-p", "-e"])
      let cursor = try tmux(socket, ["display", "-p", "#{cursor_y} #{cursor_x}"])
      let now = capture + "\u{0}" + cursor
      if now == last { return StyledScreen(tmuxCapture: capture, cursor: cursor, columns: columns) }
      last = now
      Thread.sleep(forTimeInterval: 0.15)
    }
    throw TmuxFailure(message: "tmux's pane did not settle: \(last)")
  }

  /// Runs tmux on the server whose socket is at `socket`, started as a shell starts a command (no signal blocked,
  /// none ignored: a server that inherits the test thread's blocked signals does not answer); what
  /// it printed (nothing unless `output`: the server a command starts keeps that output open).
  @discardableResult
  static func tmux(_ socket: String, _ arguments: [String], output: Bool = true) throws
    -> String
  {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw TmuxFailure(message: "pipe") }
    defer { close(ends[0]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if output {
      posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }
      .map { "\($0.key)=\($0.value)" }
    let spawned = spawnAsAShellWould(
      "/usr/bin/tmux", ["-S", socket] + arguments, environment: environment, actions: &actions)
    close(ends[1])
    let pid = try spawned.get()
    let printed = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
      .readDataToEndOfFile()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard status == 0 else {
      throw TmuxFailure(message: "tmux \(arguments.joined(separator: " ")) failed")
    }
    return String(decoding: printed, as: UTF8.self)
  }
}

struct TmuxFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// A screen as lines of text with their styles marked where they change (`⟦b fg1⟧`, `⟦⟧` back to
/// the plain style), trailing blanks of the plain style left out, and the cursor: the form both
/// tmux's capture and a terminal tab's cells are put in to be compared.
struct StyledScreen: Equatable, CustomStringConvertible {
  var lines: [String]
  /// The cursor's row and column; a cursor past the last column (a wrap pending) is in the last.
  var cursor: [Int]

  var description: String {
    lines.enumerated().map { "\($0.offset): \($0.element)" }.joined(separator: "\n")
      + "\ncursor \(cursor)"
  }

  /// The cells of `canvas` and `cursor`.
  init(canvas: Canvas, cursor: (row: Int, column: Int)) {
    lines = canvas.rows.map { row in
      Self.line(row.filter { !$0.text.isEmpty }.map { ($0.text, Self.describe($0.style)) })
    }
    self.cursor = [cursor.row, min(cursor.column, canvas.width - 1)]
  }

  /// What `capture-pane -p -e` printed (SGR codes carry over from line to line) and `display -p
  /// '#{cursor_y} #{cursor_x}'`.
  init(tmuxCapture: String, cursor: String, columns: Int) {
    var style = Canvas.Style.plain
    var lines: [String] = []
    for text in tmuxCapture.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      var cells: [(String, String)] = []
      var scalars = Substring(text).unicodeScalars[...]
      while let scalar = scalars.first {
        scalars = scalars.dropFirst()
        guard scalar == "\u{1B}" else {
          cells.append((String(scalar), Self.describe(style)))
          continue
        }
        // ESC [ parameters m
        var parameters = ""
        scalars = scalars.dropFirst()
        while let next = scalars.first, next != "m" {
          parameters.unicodeScalars.append(next)
          scalars = scalars.dropFirst()
        }
        scalars = scalars.dropFirst()
        Self.apply(parameters, to: &style)
      }
      lines.append(Self.line(cells))
    }
    self.lines = lines
    let numbers = cursor.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    self.cursor = numbers.count == 2 ? [numbers[0], min(numbers[1], columns - 1)] : numbers
  }

  /// A line of cells (text, style described), with `⟦…⟧` where the style changes and the blanks
  /// at its end that show nothing left out.
  private static func line(_ cells: [(String, String)]) -> String {
    var cells = cells
    // Trailing blanks that show nothing (no background, no line, no reverse video), as tmux's
    // capture leaves them out: a colour of the text alone does not show on a blank.
    let showing = ["bg", "reverse", "underline", "strike", "overline"]
    while let last = cells.last, last.0 == " ",
      !showing.contains(where: { last.1.contains($0) })
    {
      cells.removeLast()
    }
    var line = ""
    var current = ""
    for (text, style) in cells {
      if style != current {
        line += "⟦\(style)⟧"
        current = style
      }
      line += text
    }
    return line
  }

  /// A style as the comparison writes it: the attributes the canvas has (an underline's shape
  /// after it, `underline:3`), then the colours (the underline's, `ul`, while there is one).
  static func describe(_ style: Canvas.Style) -> String {
    var words: [String] = []
    let names: [(Canvas.Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
      (.reverse, "reverse"), (.strikethrough, "strike"), (.blink, "blink"), (.conceal, "conceal"),
    ]
    for (attribute, name) in names where style.attributes.contains(attribute) {
      let shape = style.underlineStyle.code
      words.append(attribute == .underline && shape != 1 ? "\(name):\(shape)" : name)
    }
    if style.isOverlined { words.append("overline") }
    if let color = describe(style.foreground) { words.append("fg" + color) }
    if let color = describe(style.background) { words.append("bg" + color) }
    if style.attributes.contains(.underline), let color = describe(style.underlineColor) {
      words.append("ul" + color)
    }
    return words.joined(separator: " ")
  }

  private static func describe(_ color: Canvas.Color) -> String? {
    switch color {
    case .terminal: nil
    case .indexed(let index): "\(index)"
    case .rgb(let red, let green, let blue): "#\(red),\(green),\(blue)"
    @unknown default: "?"
    }
  }

  /// The attributes an SGR code sets (4 with a style, `4:3`, is an underline; `4:0` is none).
  private static let setting: [Int: Canvas.Attributes] = [
    1: .bold, 2: .dim, 3: .italic, 4: .underline, 21: .underline, 7: .reverse, 9: .strikethrough,
    5: .blink, 8: .conceal,
  ]
  /// The attributes an SGR code clears.
  private static let clearing: [Int: Canvas.Attributes] = [
    22: [.bold, .dim], 23: .italic, 24: .underline, 27: .reverse, 29: .strikethrough,
    25: .blink, 28: .conceal,
  ]
  /// The underline's shapes by their code in `4:N`.
  private static let shapes: [Int: Canvas.UnderlineStyle] = [
    1: .single, 2: .double, 3: .curly, 4: .dotted, 5: .dashed,
  ]

  /// Applies an SGR's parameters as tmux writes them.
  private static func apply(_ parameters: String, to style: inout Canvas.Style) {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    func number(_ offset: Int) -> Int {
      fields.indices.contains(offset) ? Int(fields[offset]) ?? 0 : 0
    }
    func color(at offset: Int) -> (Canvas.Color, Int) {
      if number(offset) == 5 { return (.indexed(UInt8(clamping: number(offset + 1))), 2) }
      return (
        .rgb(
          red: UInt8(clamping: number(offset + 1)), green: UInt8(clamping: number(offset + 2)),
          blue: UInt8(clamping: number(offset + 3))), 4
      )
    }
    if fields.isEmpty { style = .plain }
    while index < fields.count {
      // tmux 3.3a writes its attributes' codes past 9 with a colon: the overline, 53, as `5:3`.
      let field = fields[index] == "5:3" ? "53" : fields[index]
      let code = Int(field.split(separator: ":").first ?? "") ?? 0
      if let attributes = Self.setting[code], field != "4:0" {
        style.attributes.formUnion(attributes)
        if code == 4 || code == 21 {
          let shape = code == 21 ? 2 : Int(field.split(separator: ":").dropFirst().first ?? "1")
          style.underlineStyle = Self.shapes[shape ?? 1] ?? .single
        }
      } else if let attributes = Self.clearing[code] ?? (field == "4:0" ? .underline : nil) {
        style.attributes.subtract(attributes)
      }
      switch code {
      case 0: style = .plain
      case 53: style.isOverlined = true
      case 55: style.isOverlined = false
      case 59: style.underlineColor = .terminal
      case 58:
        let (color, used) = color(at: index + 1)
        style.underlineColor = color
        index += used
      case 30...37: style.foreground = .indexed(UInt8(code - 30))
      case 39: style.foreground = .terminal
      case 40...47: style.background = .indexed(UInt8(code - 40))
      case 49: style.background = .terminal
      case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
      case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
      case 38, 48:
        let (color, used) = color(at: index + 1)
        if code == 38 { style.foreground = color } else { style.background = color }
        index += used
      default: break
      }
      index += 1
    }
  }
}
