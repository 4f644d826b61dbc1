@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

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
    // What `show` prints (the size, the bar's window), without colour.
    var options = interpreter.view.renderOptions
    options.color = .none
    let lines = Renderer.frame(
      interpreter.shell, options: options, scroll: interpreter.view.barScroll)
    if interpreter.checks.updateSnapshots {
      try WrittenFile.replace(path, with: lines.map { $0 + "\n" }.joined(), name: name)
      return
    }
    guard FileStatus.of(path) != nil else {
      throw LanguageError.expectFailed(
        "snapshot '\(name)' does not exist; run with --update-snapshots to write it "
          + "(tabshell --update-snapshots SCRIPT, or tabshell test --update-snapshots)")
    }
    let text = try Interpreter.readText(path, name: name)
    if let difference = LineDifference.describe(
      expected: LineDifference.lines(text), actual: lines)
    {
      throw LanguageError.expectFailed(
        "frame differs from snapshot '\(name)' " + difference
          + "\n  (tabshell --update-snapshots writes the frame as the new snapshot)")
    }
  }
}
