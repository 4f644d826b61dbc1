import TabShellCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

ScriptSignals.install()
WholeProcess.declare()
exit(TabShellCommand.main(.current()))
