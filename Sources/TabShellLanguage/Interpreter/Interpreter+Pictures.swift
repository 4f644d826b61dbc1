@_spi(Host) import TabShellKit
import TabShellRendering

/// The pictures commands look at (docs/Contract.md, "Pictures, recordings, locators"): a screen's
/// region, or the whole frame, as `show` draws it at the size `size` sets.
extension Interpreter {
  /// The screen a command names with `--to ID`, or the visible one for `nil`: its id; an error
  /// when there is no such screen (or none at all).
  func screenID(_ id: String?) throws(ShellError) -> String {
    if let id {
      guard shell.screen(id: id) != nil else { throw .noSuchScreen(id) }
      return id
    }
    guard let visible = shell.visibleScreen else { throw .noTabs }
    return visible.id
  }

  /// The region of the screen `id` (the visible one for `nil`) as a picture, and its id.
  func screenPicture(_ id: String?) throws(ShellError) -> (id: String, picture: Picture) {
    let id = try screenID(id)
    guard let picture = Renderer.screenPicture(shell, screen: id, options: view.renderOptions)
    else { throw .noSuchScreen(id) }
    return (id, picture)
  }

  /// The picture `screenshot` and `record-cast` take: the screen `id`'s region, or with `nil`
  /// the whole frame.
  func picture(of id: String?) throws(ShellError) -> Picture {
    guard let id else {
      return Renderer.framePicture(shell, options: view.renderOptions, scroll: view.barScroll)
    }
    return try screenPicture(id).picture
  }
}
