@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// What a failed run leaves behind (`tabshell --artifacts DIR`, which `tabshell test --artifacts`
/// gives each script; docs/Contract.md, "The test runner"): an asciicast of the whole run, a
/// picture and the text of the frame as it ended, and for each terminal screen its text and the
/// last lines of its scrollback. A run that passed leaves nothing.
extension Interpreter {
  /// How many lines of a terminal's scrollback are kept.
  static let artifactHistory = 200
  /// The recording of the run, in the artifacts' folder.
  static let artifactCast = "run.cast"

  /// Starts recording the whole frame into `folder` (made if missing, emptied of an earlier try's
  /// files).
  package func startArtifacts(in folder: String) throws {
    FileSystem.removeTree(folder)
    try startCast(folder + "/" + Self.artifactCast, screen: nil)
  }

  /// Ends the run's artifacts: when it `failed`, writes the frame's picture (`screen.svg`,
  /// `screen.txt`) and for each terminal screen `ID.txt` and `ID.scrollback.txt`; else removes
  /// the folder.
  package func finishArtifacts(in folder: String, failed: Bool) {
    if observation.cast != nil { try? stopCast() }
    guard failed else {
      FileSystem.removeTree(folder)
      return
    }
    let frame = Renderer.framePicture(shell, options: view.renderOptions, scroll: view.barScroll)
    var files = [("screen.svg", frame.svg), ("screen.txt", frame.plainText)]
    let state = shell.state
    let ids = state.tabs.flatMap(\.stack) + (state.modal.map { [$0] } ?? [])
    for id in ids {
      guard let history = services.history?.history(ofScreen: id, last: Self.artifactHistory),
        let picture = try? screenPicture(id).picture
      else { continue }
      let name = Self.fileName(id)
      files.append(("\(name).txt", picture.plainText))
      files.append(("\(name).scrollback.txt", history.map { $0 + "\n" }.joined()))
    }
    for (name, text) in files {
      try? WrittenFile.replace(folder + "/" + name, with: text, name: name)
    }
  }

  /// A screen's id as a file's name: what a name cannot hold (`/`, a leading `.`, control
  /// characters) as `_`.
  static func fileName(_ id: String) -> String {
    var name = String(
      id.unicodeScalars.map {
        $0 == "/" || $0.value < 0x20 || $0.value == 0x7F ? "_" : Character($0)
      })
    if name.hasPrefix(".") || name.isEmpty { name = "_" + name }
    return name
  }
}
