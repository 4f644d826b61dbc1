@_spi(Host) import TabShellKit
import TabShellPlatform

/// `expect visible`, `expect modal`, `expect output`.
extension ExpectCommand {
  static let screenID = Argument("ID", .text, abstract: "a screen id")

  static let visible = check("visible", [screenID], "the visible screen's id is ID") {
    shell, arguments in
    let expected = arguments[screenID]
    guard let visible = shell.visibleScreen else {
      throw LanguageError.expectFailed("no screen is visible, expected '\(Checks.shown(expected))'")
    }
    if visible.id != expected {
      throw LanguageError.expectFailed(
        "visible screen is '\(visible.id)' (\(visible.type)), expected '\(Checks.shown(expected))'")
    }
  }

  static let modalID = Argument("ID", .text, abstract: "a screen id, or none")

  static let modal = check(
    "modal", [modalID], "the presented screen's id is ID (none: no screen is presented)"
  ) { shell, arguments in
    let expected = arguments[modalID] == "none" ? nil : arguments[modalID]
    let actual = shell.modalScreen?.id
    if actual != expected {
      throw LanguageError.expectFailed(
        "presented screen is \(actual.map { "'\($0)'" } ?? "none"), expected "
          + (expected.map { "'\(Checks.shown($0))'" } ?? "none"))
    }
  }

  static let text = Argument(
    "TEXT", oneOrMore: .text, abstract: "text the output must contain (words joined by a space)")

  static let output = check(
    "output", [text], "what the command before printed contains TEXT",
    discussion: """
      The command before is the one written before it in the same script or hook (at the prompt, \
      the one typed before), other checks aside: 'show; expect selected 2; expect output Home' \
      checks what show printed. Its output includes what the hooks it set off printed; up to \
      1 MiB of it is kept. Several words are one text, joined by a space, as echo joins them: \
      'expect output no tab' is 'expect output "no tab"' (quote a text with two blanks in a row).
      """,
    readsOutput: true
  ) { interpreter, arguments in
    let expected = arguments[text].joined(separator: " ")
    guard let output = interpreter.checks.previousOutput else {
      throw LanguageError.expectFailed(
        "no command before this one printed anything, expected output with '\(Checks.shown(expected))'"
      )
    }
    if !output.contains(text: expected) {
      throw LanguageError.expectFailed(
        "output of the command before does not contain '\(Checks.shown(expected))'; it was "
          + describe(output))
    }
  }

  /// The first lines of an output, for a message.
  private static func describe(_ output: String) -> String {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    if lines.isEmpty { return "empty" }
    var text = lines.prefix(3).map { "\n  | " + Checks.shown($0) }.joined()
    if lines.count > 3 { text += "\n  (\(lines.count - 3) more lines)" }
    return "\(lines.count) line\(lines.count == 1 ? "" : "s"):" + text
  }
}
