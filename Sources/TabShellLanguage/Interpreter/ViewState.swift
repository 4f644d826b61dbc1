@_spi(Host) import TabShellKit
import TabShellRendering

/// What the views of the shell (`show`, `tabs`, the bar line, the full-screen mode, the gestures'
/// hit-testing) keep from command to command: how they are drawn and where the user scrolled the
/// bar. View state, not the shell's: two views of one shell could hold two of these. The
/// interpreter holds one (``Interpreter/view``); nothing in the language reads it but the commands
/// that draw or hit-test.
package struct ViewState {
  /// How `show`, `tabs` and the bar are drawn, and the terminal's size that `show` and the
  /// gestures (`hit`, `click`...) assume.
  package var renderOptions: RenderOptions {
    didSet { optionChanges &+= 1 }
  }
  /// The bar's window where the user scrolled it with its "+N" markers, kept from command to
  /// command (and frame to frame in the full-screen mode).
  package var barScroll = BarScroll()
  /// The terminal the full-screen mode will open on, its command line's row kept, while the
  /// start-up file of `tabshell --tui` runs: a terminal tab's program starts at the region it
  /// will have there. `nil` otherwise.
  package var fullScreenToCome: RenderOptions? {
    didSet { optionChanges &+= 1 }
  }
  /// How many times ``renderOptions`` or ``fullScreenToCome`` was set: what was measured from
  /// them holds while this stays the same, and comparing it costs nothing where comparing the
  /// options costs a call of `==` on each of their fields.
  package private(set) var optionChanges = 0
  /// Whether `size` set the size: the REPL then stops following the terminal's width.
  package var sizeIsFixed = false
  /// Whether a command drew the whole frame (bar included) since this was last reset: the REPL then
  /// does not print the bar line again under it.
  package var drewFrame = false
  /// The tab `choose-tab` has chosen in its list (an index), while the list is open.
  package var chosenTab: Int?
  /// The layout last made (``Interpreter/layout``), with what it was made from: each frame and
  /// key asks for it several times, and laying out the bar is most of a key's cost.
  var madeLayout: (source: LayoutSource, layout: TerminalLayout)?

  /// What a layout is made from: the shell's model and screen types (as the count of their
  /// changes, ``TabShellKit/Shell/changes``), the options (as the count of theirs,
  /// ``optionChanges``) and the bar's window. The bar is drawn from nothing else.
  struct LayoutSource: Equatable {
    var shell: ObjectIdentifier
    var changes: Int
    var optionChanges: Int
    var scroll: BarScroll
  }

  /// A view drawn with these options.
  package init(renderOptions: RenderOptions) {
    self.renderOptions = renderOptions
  }
}
