@_spi(Host) import TabShellKit
import TabShellRendering

/// `set NAME VALUE`: the shell's options (docs/Contract.md).
enum SetCommands {
  static let all = [set]

  static let name = Argument("NAME", .choice(["bar", "clipboard"]), abstract: "the option")
  static let value = Argument("VALUE", .text, abstract: "its value")

  static let set = Declaration(
    name: "set", parameters: [name, value],
    abstract: "set an option: bar full|compact, clipboard off|external|on",
    discussion: """
      bar: full (the default) draws the bar's three rows under the screen area, with a header \
      over the screen; compact draws it as one status row at the bottom, as tmux does \
      ('1:sh  2:vim*  3:top#'), and the screen's region gets every other row; in the \
      full-screen mode the command line opens in that row.

      clipboard: external (the default) also sends each copy (copy mode's y, a mouse selection) \
      to the outer terminal's clipboard, as OSC 52, in the full-screen mode (up to 100 KiB of \
      text); on does the same, and takes a terminal tab's program's own OSC 52 as a copy too (a \
      new paste buffer, sent on to the outer terminal's clipboard as the shell's own copies are); \
      off never touches the clipboard, and external and off drop a program's OSC 52.
      """
  ) { interpreter, arguments in
    let text = arguments[value]
    if arguments[name] == "bar" {
      guard let style = BarStyle(rawValue: text) else {
        throw LanguageError.failed("bar must be one of full, compact, not \(quoted(text))")
      }
      interpreter.view.renderOptions.bar = style
      interpreter.view.fullScreenToCome?.bar = style
      // The visible terminal program is told its new size now (panes after the command).
      try interpreter.tellVisibleScreenItsRegion()
      return
    }
    guard let policy = ClipboardPolicy(rawValue: text) else {
      throw LanguageError.failed("clipboard must be one of off, external, on, not \(quoted(text))")
    }
    interpreter.buffers.clipboard = policy
  }
}
