import TabShellCommandLine
import TabShellHost
import TabShellPlatform

FatalSignals.turnOffInteractiveBacktracer()
FatalSignals.install()
ScriptSignals.install()
WholeProcess.declare()
CurrentProcess.exit(TabShellCommand.main(.current()))
