@_spi(Host) import TabShellKit

/// `capture`: a terminal tab's text (docs/Contract.md, "Copy mode, buffers and the clipboard"), as
/// tmux's `capture-pane -p` prints it.
enum CaptureCommands {
  static let all = [capture, pipe]

  static let scrollback = Option(
    flag: "--scrollback", abstract: "the lines kept first, oldest first (tmux's -S -)")
  static let escapes = Option(
    flag: "--escapes", abstract: "with SGR sequences for colours and attributes (tmux's -e)")

  static let capture = Declaration(
    name: "capture", parameters: [CopyCommands.screen, scrollback, escapes],
    abstract: "print a terminal tab's text, as tmux capture-pane -p",
    discussion: """
      Each row of the terminal's screen (the visible screen's without --to), one a line, its \
      trailing blanks left out, as 'tmux capture-pane -p' prints a pane of the same size; with \
      --scrollback the lines the terminal kept come first (also while the alternate screen \
      shows: the main screen's); with --escapes each change of colour or attribute is written as tmux writes \
      it, an SGR sequence, also where the output is not a terminal. The program's own view is \
      printed, not copy mode's or a scrolled-back one.
      """,
    effect: .looks
  ) { interpreter, arguments in
    let id = try interpreter.copyTarget(arguments[CopyCommands.screen])
    let terminals = try interpreter.terminalTabs(for: id)
    let lines: [String]
    do throws(TerminalTabError) {
      lines = try terminals.capture(
        id, scrollback: arguments[scrollback], escapes: arguments[escapes])
    } catch {
      throw LanguageError(error)
    }
    for line in lines { interpreter.output(line) }
  }

  static let command = Argument(
    "COMMAND", variadic: .text,
    abstract: "run by /bin/sh -c, the words joined by one space (none: stop the pipe)")

  static let pipe = Declaration(
    name: "pipe", parameters: [CopyCommands.screen, command],
    abstract: "pipe a terminal tab's output to COMMAND, as tmux pipe-pane",
    discussion: """
      The program's output, as it writes it (escape sequences and all), goes to the standard \
      input of COMMAND, which /bin/sh -c runs in a process group of its own, its output and \
      errors going nowhere; a pipe before is stopped. Without COMMAND the pipe stops. A pipe \
      stops too when its reader goes, when the program ends and when the tab closes: its input \
      is closed, and a command still running 2 s later is killed. The shell never waits on the \
      reader: up to 1 MiB waits for one that is slow, and more is dropped.
      """
  ) { interpreter, arguments in
    let id = try interpreter.copyTarget(arguments[CopyCommands.screen])
    let terminals = try interpreter.terminalTabs(for: id)
    let words = arguments[command]
    do throws(TerminalTabError) {
      try terminals.pipe(id, to: words.isEmpty ? nil : words.joined(separator: " "))
    } catch {
      throw LanguageError(error)
    }
  }
}
