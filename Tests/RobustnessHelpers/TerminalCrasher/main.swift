// A helper of TabShellTerminalTests: enters the full-screen mode on its standard input and output
// (a pseudo-terminal), arms the emergency restore, says READY, then ends the way its argument says:
// `trap` fails a Swift check (as a crashing plugin does), `segv` gets SIGSEGV, `abort` aborts,
// `wait` waits for the test's signal (SIGTERM, SIGHUP), `exit` exits without leaving the mode.
import Glibc
import TabShellTerminal

// The test's process spawns this one from a thread that blocks most signals: unblock them.
var signals = sigset_t()
sigemptyset(&signals)
sigprocmask(SIG_SETMASK, &signals, nil)

var mode = TerminalMode()
do {
  try mode.enter()
} catch {
  print("cannot enter: \(error)")
  exit(2)
}
TerminalMode.restoreOnCrash(alsoOn: [SIGTERM, SIGHUP])
let ready = Array("READY".utf8)
_ = ready.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }

let how = CommandLine.arguments.dropFirst().first ?? ""
switch how {
case "trap":
  let values: [Int] = []
  print(values[Int(getpid()) % 7])
case "segv":
  kill(getpid(), SIGSEGV)
case "abort":
  abort()
case "wait":
  while true { pause() }
case "exit":
  exit(3)
default:
  mode.leave()
}
