@_spi(Host) import TabShellKit
import TabShellRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `expect frame FILE`: a snapshot test of what `show` prints.
extension ExpectCommand {
  static let snapshot = Argument(
    "FILE", .path, abstract: "the snapshot, relative to the script's folder")

  static let frame = check(
    "frame", [snapshot], "what 'show' prints, without colour, is the text of FILE",
    discussion: """
      A relative FILE is resolved against the running script's folder. On a difference the error \
      shows the first lines that differ, expected and actual. With 'tabshell --update-snapshots' \
      the check writes FILE (and the folders on the way to it) instead, and passes.
      """
  ) { interpreter, arguments in
    let name = arguments[snapshot]
    let path = interpreter.resolve(name)
    let options = interpreter.renderOptions
    let lines = Renderer.frame(
      interpreter.shell,
      options: RenderOptions(width: options.width, screenHeight: options.screenHeight, color: .none)
    )
    if interpreter.checks.updateSnapshots {
      try WrittenFile.replace(path, with: lines.map { $0 + "\n" }.joined(), name: name)
      return
    }
    guard access(path, F_OK) == 0 else {
      throw LanguageError.expectFailed(
        "snapshot '\(name)' does not exist; run with --update-snapshots to write it "
          + "(tabshell --update-snapshots SCRIPT, or tabshell test --update-snapshots)")
    }
    let text = try Interpreter.readText(path, name: name)
    var expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if expected.last == "" { expected.removeLast() }
    if let message = FrameDifference.message(expected: expected, actual: lines, snapshot: name) {
      throw LanguageError.expectFailed(message)
    }
  }
}

/// How a frame differs from its snapshot, in words: the first lines that differ.
enum FrameDifference {
  /// How many lines the message shows, from the first that differs.
  static let shownLines = 3

  /// The message, or `nil` when the two are the same.
  static func message(expected: [String], actual: [String], snapshot: String) -> String? {
    guard expected != actual else { return nil }
    let count = max(expected.count, actual.count)
    var first = 0
    while first < count, line(first, of: expected) == line(first, of: actual) { first += 1 }
    let shown = first..<min(count, first + shownLines)
    var message = "frame differs from snapshot '\(snapshot)' at line \(first + 1)"
    if expected.count != actual.count {
      message += " (it has \(expected.count) lines, the frame \(actual.count))"
    }
    message += "\n  expected:" + block(shown, of: expected)
    message += "\n  actual:" + block(shown, of: actual)
    return message + "\n  (tabshell --update-snapshots writes the frame as the new snapshot)"
  }

  private static func line(_ index: Int, of lines: [String]) -> String? {
    index < lines.count ? lines[index] : nil
  }

  private static func block(_ range: Range<Int>, of lines: [String]) -> String {
    let width = String(range.upperBound).count
    return range.map { index in
      let number = String(index + 1)
      let padding = String(repeating: " ", count: width - number.count)
      let text = line(index, of: lines).map { "| " + Checks.shown($0) } ?? "(no line)"
      return "\n    \(padding)\(number) \(text)"
    }.joined()
  }
}
