import TabShellHost
import TabShellLanguage
import TabShellPlatform

extension TabShellCommand {
  /// What `tabshell --init` writes: a start-up file for terminal work (the compact bar, a shell
  /// tab; the prefix keys, as tmux's, in a comment), which can be sourced again (docs/Contract.md, "A terminal
  /// workspace").
  static let starterStartupFile = """
    # TabShell's start-up file: the REPL and a session run it when they open (`tabshell --norc`
    # skips it). Sourced again (`source ~/.config/tabshell/init.tabsh`) it leaves the same state:
    # a tab that is there already is not added twice. Change anything below.

    # The bar as one status row at the bottom, as tmux's (1:bash  2:vim*): a tab's program gets
    # every row but one. `set bar full` brings back the iOS bar's three rows and the header.
    set bar compact

    # A shell ($SHELL), named after what runs in it (bash, vim, top...):
    add-tab terminal --id sh
    # More of them, or a program of their own:
    # add-tab terminal --id logs --title logs -- tail -f /var/log/syslog
    # The iOS demo's tabs instead, as with no start-up file:
    # layout demo

    # In the full-screen mode the screen has the keys; Ctrl-B (the prefix) then one key, as tmux's:
    #   c  a new shell tab     n p  next, previous tab    l  the last tab   0-9  a tab
    #   ,  rename the tab      &    close it (asks first)  w  choose a tab    d    detach
    #   :  the command line    b    the bar                ?  every key (keys --focus prefix)
    # Keys of your own, e.g. Ctrl-B Ctrl-B for the last tab:
    # bind --focus prefix C-b last-tab

    # Hooks run after the command that set their event off:
    # on bell 'echo bell in $id'

    """

  /// `--init`: writes ``starterStartupFile`` to the start-up file's place (creating its folder),
  /// unless a file is there already.
  static func writeStartupFile(_ process: ProcessContext) -> Int32 {
    guard let path = ShellStartup.startupFile(process.environment) else {
      process.writeError(
        "error: no start-up file: neither XDG_CONFIG_HOME nor HOME is an absolute path\n")
      return 1
    }
    if FileStatus.of(path, followingLinks: false) != nil {
      process.writeError(
        "error: '\(Checks.shown(path))' exists already; edit it, or remove it first\n")
      return 1
    }
    do {
      try WrittenFile.replace(path, with: starterStartupFile, name: path)
    } catch {
      process.writeError("error: \(error)\n")
      return 1
    }
    process.writeOutput("wrote \(Checks.shown(path)): the REPL runs it when it opens\n")
    return 0
  }
}
