@_spi(Host) import TabShellKit

/// `set NAME VALUE`: the shell's options (docs/Contract.md).
enum SetCommands {
  static let all = [set]

  static let name = Argument("NAME", .choice(["clipboard"]), abstract: "the option")
  static let value = Argument("VALUE", .text, abstract: "its value")

  static let set = Declaration(
    name: "set", parameters: [name, value], abstract: "set an option: clipboard off|external|on",
    discussion: """
      clipboard: external (the default) also sends each copy (copy mode's y, a mouse selection) \\
      to the outer terminal's clipboard, as OSC 52, in the full-screen mode (up to 100 KiB of \\
      text); on does the same; off never touches the clipboard.
      """
  ) { interpreter, arguments in
    let text = arguments[value]
    guard let policy = ClipboardPolicy(rawValue: text) else {
      throw LanguageError.failed("clipboard must be one of off, external, on, not \(quoted(text))")
    }
    interpreter.buffers.clipboard = policy
  }
}
