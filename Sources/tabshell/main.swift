import TabShellCLI
import TabShellPlatform

ScriptSignals.install()
WholeProcess.declare()
exit(TabShellCommand.main(.current()))
