@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// `expect screen --snapshot NAME`: a screen's text and styles against a stored snapshot
/// (docs/Contract.md, "Pictures, recordings, locators").
extension ExpectCommand {
  static let snapshotName = Option(
    "--snapshot", .path, valueName: "NAME",
    abstract: "the snapshot's file, relative to the script's folder")

  static let screenShown = check(
    "screen", [onScreen, snapshotName],
    "the screen's text, styles and cursor are the snapshot's (written on a first run)",
    discussion: """
      The snapshot NAME is a text file beside the script (as 'expect frame' files): the region's \
      size, its cursor, its rows' text and a letter a cell for their styles. A snapshot that \
      does not exist yet is written, and the check passes; with 'tabshell --update-snapshots' \
      (or 'tabshell test --update') it is written again. A difference is shown cell by cell.
      """,
    validate: { arguments, _ throws(LanguageError) in
      if arguments[snapshotName] == nil {
        throw .failed("'expect screen' needs --snapshot NAME")
      }
    },
    run: { interpreter, arguments in
      guard let name = arguments[snapshotName] else { return }
      let path = interpreter.resolve(name)
      let (id, picture) = try interpreter.screenPicture(arguments[onScreen])
      let actual = ScreenSnapshot(picture)
      if interpreter.checks.updateSnapshots || FileStatus.of(path) == nil {
        try WrittenFile.replace(path, with: actual.text, name: name)
        return
      }
      let text = try Interpreter.readText(path, name: name)
      guard let expected = ScreenSnapshot(text: text) else {
        throw LanguageError.expectFailed(
          "'\(Checks.shown(name))' is not a screen snapshot (tabshell --update-snapshots writes it "
            + "again)")
      }
      let differences = expected.differences(actual)
      guard !differences.isEmpty else { return }
      throw LanguageError.expectFailed(
        "screen \(quoted(id)) differs from snapshot '\(Checks.shown(name))': "
          + differences.joined(separator: "\n  ")
          + "\n  (tabshell --update-snapshots writes the screen as the new snapshot)")
    })
}
