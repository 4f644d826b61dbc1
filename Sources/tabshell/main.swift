import TabShellCLI
import TabShellPlatform

FatalSignals.turnOffInteractiveBacktracer()
FatalSignals.install()
ScriptSignals.install()
WholeProcess.declare()
exit(TabShellCommand.main(.current()))
