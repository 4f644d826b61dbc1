import TabShellCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

ScriptSignals.install()
exit(TabShellCommand.main(.current()))
