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
}
