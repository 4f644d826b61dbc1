import Foundation
import TabShellKit
import TabShellRendering
import Testing

/// Prints every layout's frame when `TABSHELL_PREVIEW` is set: to a width, or to `auto` for the
/// terminal's own width and colour (``Renderer/terminalWidth(fd:)`` and
/// ``Renderer/detectColorMode(environment:isTerminal:forcedOff:)``, as the CLI uses them); a way to
/// look at frames in a real terminal. `TABSHELL_PREVIEW_PLAIN` turns colour off.
@Test func previewInTerminal() throws {
  let environment = ProcessInfo.processInfo.environment
  guard let value = environment["TABSHELL_PREVIEW"] else { return }
  let isTerminal = isatty(STDOUT_FILENO) != 0
  let width =
    value == "auto" ? Renderer.terminalWidth(fd: STDOUT_FILENO) ?? 80 : Int(value) ?? 80
  let mode =
    value == "auto"
    ? Renderer.detectColorMode(
      environment: environment, isTerminal: isTerminal,
      forcedOff: environment["TABSHELL_PREVIEW_PLAIN"] != nil)
    : environment["TABSHELL_PREVIEW_PLAIN"] == nil ? ColorMode.trueColor : .none
  for layout in builtinLayouts {
    let shell = try makeShell(layout: layout)
    print("=== \(layout) @\(width) \(mode)")
    print(preview(shell, width: width, color: mode))
  }
}

/// Prints what a frame, the bar line and the tabs table of 1,000 tabs at width 200 cost, when
/// `TABSHELL_BENCH` is set (best run with `-c release`). A figure to read, never an assertion.
@Test func benchmarkThousandTabs() throws {
  guard ProcessInfo.processInfo.environment["TABSHELL_BENCH"] != nil else { return }
  let shell = try makeShell()
  for index in 1...1000 {
    try shell.addTab(type: "text", id: "t\(index)", title: "Tab number \(index) 首页")
  }
  try shell.select("t500")
  try shell.setActionButton(type: "post")
  let options = RenderOptions(width: 200, screenHeight: 8)
  let clock = ContinuousClock()
  let rounds = 200
  var lines = 0
  let frame = clock.measure {
    for _ in 0..<rounds { lines += Renderer.frame(shell, options: options).count }
  }
  let bar = clock.measure {
    for _ in 0..<rounds { lines += Renderer.barLine(shell, options: options).isEmpty ? 0 : 1 }
  }
  let table = clock.measure {
    for _ in 0..<10 { lines += Renderer.tabsTable(shell, options: options).count }
  }
  print(
    "frame \(frame / rounds), bar line \(bar / rounds), tabs table \(table / 10) (\(lines) lines)")
}
