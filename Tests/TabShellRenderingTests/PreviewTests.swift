import Foundation
import TabShellKit
import TabShellRendering
import Testing

/// Prints every layout's frame in colour when `TABSHELL_PREVIEW` is set (to a width, or 1 for 80):
/// a way to look at frames in a real terminal. Asserts nothing else.
@Test func previewInTerminal() throws {
  guard let value = ProcessInfo.processInfo.environment["TABSHELL_PREVIEW"] else { return }
  let width = Int(value).flatMap { $0 > 1 ? $0 : nil } ?? 80
  let mode: ColorMode =
    ProcessInfo.processInfo.environment["TABSHELL_PREVIEW_PLAIN"] == nil
    ? .trueColor : .none
  for layout in builtinLayouts {
    let shell = try makeShell(layout: layout)
    print("=== \(layout) @\(width)")
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
