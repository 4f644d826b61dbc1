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
