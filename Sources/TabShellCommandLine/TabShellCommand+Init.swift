import TabShellHost
import TabShellLanguage
import TabShellPlatform

extension TabShellCommand {
  /// What `tabshell --init` writes: the demo, and what a start-up file is for.
  static let starterStartupFile = """
    # TabShell's start-up file: the REPL runs it when it opens (`tabshell --norc` skips it).
    # It replaces the demo layout, so it starts with a layout; change anything below.
    layout demo

    # Tabs of your own:
    # add-tab text --id notes --title Notes --text 'Things to do'
    # badge notes 2

    # Hooks run after the command that set their event off:
    # on did-select 'echo now on $id'

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
