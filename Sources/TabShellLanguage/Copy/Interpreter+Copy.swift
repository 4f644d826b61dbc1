@_spi(Host) import TabShellKit

/// Copy mode and what it copies (docs/Contract.md, "Copy mode, buffers and the clipboard"):
/// `copy-mode`, `search`, the keys of the table `copy` sent to a terminal tab in copy mode, and
/// a copy becoming a paste buffer.
extension Interpreter {
  /// The screen a copy command reaches: `--to ID`, else the one whose copy-mode key runs
  /// (`send-keys --to ID`), else the visible screen.
  func copyTarget(_ id: String?) throws(LanguageError) -> String {
    if let id { return id }
    if let target = state.copyTarget { return target }
    guard let visible = shell.visibleScreen else { throw .shell(.noTabs) }
    return visible.id
  }

  /// The host's terminal tabs; an error where there are none (no terminal screen type).
  func terminalTabs(for id: String) throws(LanguageError) -> any TerminalTabs {
    guard let terminals = services.terminals else { throw LanguageError(.notATerminal(id)) }
    return terminals
  }

  /// `copy-mode [ACTION]`: enters copy mode on the screen `id`, or does `action` in it; a copy
  /// becomes a paste buffer.
  func copyMode(_ action: CopyAction?, screen id: String) throws(LanguageError) {
    let terminals = try terminalTabs(for: id)
    do throws(TerminalTabError) {
      guard let action else {
        try terminals.enterCopyMode(id)
        return
      }
      if let text = try terminals.copy(action, screen: id) { copied(text) }
    } catch {
      throw LanguageError(error)
    }
  }

  /// `search TEXT`: copy mode's cursor to the next match on the screen `id`.
  func search(_ text: String, backward: Bool, regex: Bool, screen id: String)
    throws(LanguageError)
  {
    var pattern: TextPattern?
    if regex {
      do throws(PatternError) {
        pattern = try TextPattern(text)
      } catch {
        throw .notARegex(text, reason: error.message)
      }
    }
    let terminals = try terminalTabs(for: id)
    do throws(TerminalTabError) {
      try terminals.search(text, pattern: pattern, backward: backward, screen: id)
    } catch {
      throw LanguageError(error)
    }
  }

  /// `search` without TEXT: in the full-screen mode, copy mode on the screen `id` and the command
  /// line asking for the text, which is then searched for; elsewhere an error.
  func askForSearch(backward: Bool, regex: Bool, screen id: String) throws(LanguageError) {
    guard let fullScreen = host?.fullScreen else {
      throw .failed("'search' needs TEXT (the full-screen mode asks for it: / and ? in copy mode)")
    }
    let terminals = try terminalTabs(for: id)
    do throws(TerminalTabError) {
      try terminals.enterCopyMode(id)
    } catch {
      throw LanguageError(error)
    }
    fullScreen.ask(backward ? "(search up) " : "(search down) ") { interpreter, text in
      guard !text.isEmpty else { return }
      try interpreter.search(text, backward: backward, regex: regex, screen: id)
    }
  }

  /// A key for a screen in copy mode (`send-keys`): the commands the table `copy` binds it to
  /// run on that screen; a key it does not bind does nothing, as in the full-screen mode.
  func pressInCopyMode(_ key: Key, screen id: String) throws {
    guard let binding = keys.table.binding(for: key, in: .copy) else { return }
    let outer = state.copyTarget
    state.copyTarget = id
    defer { state.copyTarget = outer }
    try runBinding(binding)
  }

  /// Text copied (copy mode's `y`, a mouse selection): a new paste buffer, and unless `set
  /// clipboard off`, the outer terminal's clipboard (which the full-screen mode sends it to).
  package func copied(_ text: String) {
    buffers.add(text)
    if buffers.clipboard != .off { buffers.outgoing = text }
  }

  /// Text a terminal tab's program set as the clipboard (its OSC 52): with `set clipboard on` a
  /// copy as any other (a new paste buffer, and the outer terminal's clipboard); dropped else.
  package func programCopied(_ text: String) {
    guard buffers.clipboard == .on else { return }
    copied(text)
  }
}
