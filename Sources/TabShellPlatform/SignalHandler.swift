#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sigaction`, said once: whether a signal is ignored, and installing a C handler for it.
package enum SignalHandler {
  /// Unblocks every signal for the calling thread (an empty signal mask): a process started by a
  /// parent that had some blocked (a test runner's thread) gets its signals again.
  package static func unblockAll() {
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
  }

  /// Blocks `signal` for the calling thread: it waits (pending) until unblocked, across `exec`
  /// too, which keeps the mask but puts a caught signal's action back to the default.
  package static func block(_ signal: Int32) {
    changeMask(SIG_BLOCK, signal)
  }

  /// Unblocks `signal` for the calling thread: one that waits (pending) is delivered now.
  package static func unblock(_ signal: Int32) {
    changeMask(SIG_UNBLOCK, signal)
  }

  private static func changeMask(_ how: Int32, _ signal: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(how, &set, nil)
  }

  /// Whether `signal` is ignored now (as a background job's SIGINT is, from its shell).
  package static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    #if canImport(Glibc)
      let handler = current.__sigaction_handler.sa_handler
    #else
      let handler = current.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Installs `handler` for `signal` (interrupted system calls restart); returns whether it
  /// worked. An owner that puts the old action back uses ``ReplacedSignalActions`` instead.
  @discardableResult
  package static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32)
    -> Bool
  {
    setAction(handler, flags: SA_RESTART, for: signal)
  }

  /// Ignores `signal` from now on (`SIG_IGN`), across `exec` too.
  package static func ignore(_ signal: Int32) {
    setAction(SIG_IGN, flags: 0, for: signal)
  }

  @discardableResult
  private static func setAction(
    _ handler: @convention(c) (Int32) -> Void, flags: Int32, for signal: Int32
  ) -> Bool {
    var action = sigaction()
    #if canImport(Glibc) || canImport(Musl)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    return sigaction(signal, &action, nil) == 0
  }

  /// Puts back `signal`'s default action; returns whether it worked. Async-signal-safe.
  @discardableResult
  package static func restoreDefault(_ signal: Int32) -> Bool {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    return sigaction(signal, &action, nil) == 0
  }

  /// Sends `signal` to this process with its default action (ending or stopping it, as the signal
  /// does), as if it had never been caught. Async-signal-safe.
  package static func raiseWithDefaultAction(_ signal: Int32) {
    restoreDefault(signal)
    _ = cRaise(signal)
  }

  /// Runs `body` (a signal handler's work) and puts `errno` back as it was, so that the code the
  /// signal interrupted sees its own. Async-signal-safe.
  package static func preservingErrno(_ body: () -> Void) {
    let saved = errno
    body()
    errno = saved
  }

  /// Sends `signal` to this process (`raise`). Async-signal-safe.
  package static func raise(_ signal: Int32) {
    _ = cRaise(signal)
  }

  /// Stops the process as Ctrl-Z does (`signal`'s default action, SIGTSTP's by default) and, once
  /// it continues (`fg`), puts back the action `signal` had.
  package static func stopWithDefaultAction(_ signal: Int32 = SIGTSTP) {
    var caught = sigaction()
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    guard sigaction(signal, &action, &caught) == 0 else { return }
    _ = cRaise(signal)
    sigaction(signal, &caught, nil)
  }

  /// Calls the handler of `action` as the system would have; `false` when it had none (the
  /// default action, or ignored). Async-signal-safe.
  static func call(
    _ action: sigaction, _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
    _ context: UnsafeMutableRawPointer?
  ) -> Bool {
    #if canImport(Glibc)
      let plain = action.__sigaction_handler.sa_handler
      let detailed = action.__sigaction_handler.sa_sigaction
    #else
      let plain = action.__sigaction_u.__sa_handler
      let detailed = action.__sigaction_u.__sa_sigaction
    #endif
    let address = unsafeBitCast(plain, to: Int.self)
    if address == unsafeBitCast(SIG_DFL, to: Int.self)
      || address == unsafeBitCast(SIG_IGN, to: Int.self)
    {
      return false
    }
    if action.sa_flags & SA_SIGINFO != 0 {
      detailed?(signal, info, context)
    } else {
      plain?(signal)
    }
    return true
  }
}

extension SignalHandler {
  /// Every signal whose default action ends the process and that a handler can catch (all but
  /// SIGKILL): those that end it with a core dump (SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS,
  /// SIGFPE, SIGSEGV, SIGXCPU, SIGXFSZ, SIGSYS), those that just end it, and the real-time signals
  /// from SIGRTMIN to SIGRTMAX (those the C library keeps for itself excluded).
  package static var endingByDefault: [Int32] {
    var signals: [Int32] = [
      SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
      SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
    ]
    #if os(Linux)
      signals += [SIGSTKFLT, SIGIO, SIGPWR]
      let first = __libc_current_sigrtmin()
      let last = __libc_current_sigrtmax()
      if first > 0, first <= last { signals += Array(first...last) }
    #endif
    return signals
  }

  /// Sends SIGALRM to the process once, after `microseconds` (replacing an alarm set before).
  /// Async-signal-safe.
  package static func alarm(afterMicroseconds microseconds: Int) {
    var timer = itimerval(
      it_interval: timeval(tv_sec: 0, tv_usec: 0),
      it_value: timeval(tv_sec: microseconds / 1_000_000, tv_usec: microseconds % 1_000_000))
    #if canImport(Glibc)
      setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    #else
      setitimer(ITIMER_REAL, &timer, nil)
    #endif
  }
}

/// `raise(3)`, named apart from ``SignalHandler/raise(_:)``.
private func cRaise(_ signal: Int32) -> Int32 {
  raise(signal)
}
