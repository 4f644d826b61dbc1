@_spi(Host) import TabShellKit
import TabShellRendering

/// `screenshot`, `record-cast`: a screen, or the whole frame, written as a picture or recorded
/// (docs/Contract.md, "Pictures, recordings, locators").
enum PictureCommands {
  static let all = [screenshot, recordCast]

  static let screen = Option(
    "--to", .text, valueName: "ID", abstract: "the screen's id (default: the whole frame)")
  static let file = Argument(
    "FILE", .path,
    abstract: "the picture: .svg, .html, .txt or .ansi (relative to the working directory)")

  static let screenshot = Declaration(
    name: "screenshot", parameters: [screen, file],
    abstract: "write a picture of a screen, or of the whole frame, to FILE",
    discussion: """
      FILE's ending picks the kind: .svg a picture (a monospace grid, every cell with its \
      colours, attributes and wide characters where they belong, and the cursor), .html the \
      same as a page of text, .txt the text ('show' without colour), .ansi the text with SGR \
      colour sequences ('cat FILE' shows it). With --to, the screen's region (the rows under its \
      header), visible or not; without, the whole frame as 'show' draws it at the size 'size' \
      sets. A relative FILE is relative to the working directory; the folders on its way are \
      made, and the file is replaced whole.
      """,
    validate: { arguments, _ throws(LanguageError) in
      _ = try PictureFormat(file: arguments[file])
    },
    effect: .looks,
    run: { interpreter, arguments in
      let name = arguments[file]
      let format = try PictureFormat(file: name)
      let picture = try interpreter.picture(of: arguments[screen])
      let title = arguments[screen].map { "screen \($0)" } ?? "TabShell"
      try WrittenFile.replace(
        interpreter.workingPath(name), with: format.text(of: picture, title: title), name: name)
    })

  static let castFile = Argument(
    "FILE", optional: .path,
    abstract: "the recording, asciicast v2 (relative to the working directory)")
  static let stop = Option(flag: "--stop", abstract: "end the recording under way")

  static let recordCast = Declaration(
    name: "record-cast", parameters: [screen, stop, castFile],
    abstract: "record what a screen, or the whole frame, shows, as an asciicast ('--stop' ends)",
    discussion: """
      FILE is an asciicast v2 file ('asciinema play FILE' plays it, 'asciinema cat FILE' prints \
      it) of the screen's region (--to) or the whole frame, at its size, starting with what it \
      shows. What changes is recorded as it changes: looked at after each command and while the \
      shell waits (wait-for, sleep), 30 times a second at most, each event written at once. It \
      ends with 'record-cast --stop', or when the script ends; a recording of a screen that goes \
      away ends there. A relative FILE is relative to the working directory.
      """,
    validate: { arguments, _ throws(LanguageError) in
      let stops = arguments[stop]
      if stops == (arguments[castFile] != nil) || (stops && arguments[screen] != nil) {
        throw .failed("'record-cast' takes FILE (and --to ID), or --stop alone")
      }
    },
    effect: .looks,
    run: { interpreter, arguments in
      if let name = arguments[castFile] {
        try interpreter.startCast(name, screen: arguments[screen])
      } else {
        try interpreter.stopCast()
      }
    })
}

/// The kinds of picture `screenshot` writes, by the file's ending.
enum PictureFormat: String, CaseIterable {
  case svg, html, txt, ansi

  /// The kind `file`'s ending names; an error naming the endings otherwise.
  init(file: String) throws(LanguageError) {
    let name = file.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."),
      let format = PictureFormat(rawValue: name[name.index(after: dot)...].lowercased())
    else {
      throw .failed(
        "cannot tell the kind of picture of '\(Checks.shown(file))': its name must end in "
          + PictureFormat.allCases.map { ".\($0.rawValue)" }.joined(separator: ", "))
    }
    self = format
  }

  /// The picture in this kind.
  func text(of picture: Picture, title: String) -> String {
    switch self {
    case .svg: picture.svg
    case .html: picture.html(title: title)
    case .txt: picture.plainText
    case .ansi: picture.ansiText
    }
  }
}

extension Interpreter {
  /// A path relative to the working directory (not to the script's folder): the files
  /// `screenshot` and `record-cast` write.
  func workingPath(_ path: String) -> String {
    let folder = settings.currentDirectory
    if path.hasPrefix("/") || folder.isEmpty { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }
}
