#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal numbers the host names, and their names.
package enum Signal {
  /// SIGHUP: the terminal hung up.
  package static let hangUp = SIGHUP
  /// SIGINT: Ctrl-C.
  package static let interrupt = SIGINT
  /// SIGQUIT: Ctrl-\.
  package static let quit = SIGQUIT
  /// SIGILL: an illegal instruction (a failed Swift check, on some machines).
  package static let illegalInstruction = SIGILL
  /// SIGTRAP: a trap (a failed Swift check).
  package static let trap = SIGTRAP
  /// SIGABRT: `abort()`.
  package static let abort = SIGABRT
  /// SIGBUS: a bad memory access.
  package static let busError = SIGBUS
  /// SIGFPE: an arithmetic fault.
  package static let arithmeticError = SIGFPE
  /// SIGKILL: cannot be caught.
  package static let kill = SIGKILL
  /// SIGUSR1.
  package static let user1 = SIGUSR1
  /// SIGSEGV: a bad memory access.
  package static let segmentationFault = SIGSEGV
  /// SIGUSR2.
  package static let user2 = SIGUSR2
  /// SIGPIPE: a write to a pipe no one reads.
  package static let brokenPipe = SIGPIPE
  /// SIGALRM: a timer ran out.
  package static let alarm = SIGALRM
  /// SIGTERM: asked to end.
  package static let terminate = SIGTERM
  /// SIGSTOP: stopped, which cannot be caught.
  package static let stop = SIGSTOP
  /// SIGCONT: continued after a stop (`fg`).
  package static let `continue` = SIGCONT
  /// SIGTSTP: Ctrl-Z.
  package static let terminalStop = SIGTSTP
  /// SIGWINCH: the terminal's size changed.
  package static let windowChange = SIGWINCH
  /// SIGXCPU: the CPU time limit passed.
  package static let cpuLimit = SIGXCPU
  /// SIGXFSZ: the file size limit passed.
  package static let fileSizeLimit = SIGXFSZ
  /// SIGSYS: a bad system call.
  package static let badSystemCall = SIGSYS

  /// The signal's name, such as `SIGKILL`, or `signal N` for one without a name here.
  package static func name(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
      SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
      SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
      SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
    ]
    return names[signal] ?? "signal \(signal)"
  }
}
