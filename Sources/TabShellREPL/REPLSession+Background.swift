import CReadline
import TabShellHost
import TabShellRendering

extension REPLSession {
  /// Runs the engine's background work while a line is being typed. When it printed something or
  /// changed the bar line or the prompt, the prompt and the line (and the bar line just above it)
  /// are taken off the screen, what it printed is written, then the bar line, and readline draws
  /// the prompt and the line again, the cursor where it was. Returns a status when the work asked
  /// to leave.
  package func runBackground(prompt: inout String) -> Int32? {
    let outcome = engine.runBackground()
    guard !outcome.printed.isEmpty || outcome.redraw else { return outcome.exit }
    rl_clear_visible_line()
    // The bar line is the line above the prompt: up one line, to its start, and clear it.
    if barAbovePrompt { print("\u{1B}[A\r\u{1B}[K", terminator: "") }
    for text in outcome.printed {
      if text.toStandardError {
        tabshell_flush_stdout()
        // As every message: control characters written out, lines fitted to the terminal.
        tabshell_write_stderr(
          ShellStartup.fittedToTerminal(Renderer.neutralized(text.text, keepingLines: true)))
      } else {
        print(text.text, terminator: "")
      }
    }
    barAbovePrompt = false
    if outcome.exit == nil, let bar = engine.barLine, !bar.isEmpty {
      print(bar)
      barAbovePrompt = true
    }
    prompt = ReadlinePrompt.markingInvisible(asking ?? engine.prompt)
    rl_set_prompt(prompt)
    rl_forced_update_display()
    tabshell_flush_stdout()
    return outcome.exit
  }
}
