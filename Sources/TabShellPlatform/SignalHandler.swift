#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sigaction`, said once: whether a signal is ignored, and installing a C handler for it.
package enum SignalHandler {
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

  /// Installs `handler` for `signal` (interrupted system calls restart); returns the action it
  /// replaced, or `nil` when the call failed.
  @discardableResult
  package static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32)
    -> sigaction?
  {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    var old = sigaction()
    return sigaction(signal, &action, &old) == 0 ? old : nil
  }

  /// Puts back `signal`'s default action; returns the action it replaced (`nil` on failure).
  /// Async-signal-safe.
  @discardableResult
  package static func restoreDefault(_ signal: Int32) -> sigaction? {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    var old = sigaction()
    return sigaction(signal, &action, &old) == 0 ? old : nil
  }

  /// Sends `signal` to this process with its default action (ending or stopping it, as the signal
  /// does), as if it had never been caught. Async-signal-safe.
  package static func raiseWithDefaultAction(_ signal: Int32) {
    restoreDefault(signal)
    raise(signal)
  }

  /// A handler that gets the signal's details (`SA_SIGINFO`), as crash handlers are.
  package typealias InfoHandler =
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

  /// Installs a crash handler for `signal` as the Swift runtime installs its own: `SA_SIGINFO`,
  /// `SA_ONSTACK` (on the alternate stack, so that a stack overflow is caught too) and `SA_NODEFER`
  /// (a fault while it runs, say in the backtracer it hands on to, is not blocked, which would end
  /// the process at once), with the signals in `blocking` blocked while it runs; returns the action
  /// it replaced.
  @discardableResult
  package static func install(_ handler: InfoHandler, for signal: Int32, blocking: [Int32] = [])
    -> sigaction?
  {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_sigaction = handler
    #else
      action.__sigaction_u.__sa_sigaction = handler
    #endif
    sigemptyset(&action.sa_mask)
    for other in blocking { sigaddset(&action.sa_mask, other) }
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER
    var old = sigaction()
    return sigaction(signal, &action, &old) == 0 ? old : nil
  }

  /// Calls the handler of `action` (one replaced by ``install(_:for:blocking:)-(InfoHandler,_,_)``)
  /// as the system would have; `false` when it had none (the default action, or ignored).
  /// Async-signal-safe.
  package static func call(
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
