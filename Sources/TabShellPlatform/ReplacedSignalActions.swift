#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal handlers installed over others, and the actions they replaced, one per signal number,
/// so that a handler can hand its signal on (to the default action, or to the Swift runtime's
/// backtracer) and an owner can put them back.
///
/// The replaced actions sit in one block allocated with the table, before any handler is
/// installed, so that a signal handler reads them without allocating, locking or touching Swift's
/// reference counts: ``raiseWithReplaced(_:)`` and ``callReplaced(_:info:context:)`` are
/// async-signal-safe. Each owner (the crash handlers, the terminal's restore, the REPL's and a
/// session server's watcher, an attached client's signals, the test runner's) keeps its own
/// table, made once for the process and never freed: an owner that installs and restores its
/// handlers more than once (a watcher for each REPL or session, a client for each attach) uses
/// the same table each time, as ``restoreAll()`` leaves it empty.
package final class ReplacedSignalActions: @unchecked Sendable {
  /// How a handler runs.
  package struct Options: OptionSet, Sendable {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// An interrupted system call is made again (`SA_RESTART`).
    package static let restart = Options(rawValue: SA_RESTART)
    /// The signal is not blocked while its handler runs, so that the handler can raise it again
    /// (`SA_NODEFER`).
    package static let noDefer = Options(rawValue: Int32(bitPattern: UInt32(SA_NODEFER)))
    /// On the alternate stack the Swift runtime sets up, so that a stack overflow is caught too
    /// (`SA_ONSTACK`).
    package static let alternateStack = Options(rawValue: SA_ONSTACK)
  }

  /// A handler that gets the signal's details (`SA_SIGINFO`), as crash handlers are; the details
  /// are only handed on.
  package typealias InfoHandler =
    @convention(c) (Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

  /// The highest signal number (the real-time signals included).
  private static let capacity = 65
  private let actions: UnsafeMutablePointer<sigaction>
  /// `installed[n]`: a handler is installed over signal `n`'s action (a fixed block too, so that
  /// a handler reads it without Swift's access checks).
  private let installed: UnsafeMutablePointer<Bool>

  /// An empty table.
  package init() {
    actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Self.capacity)
    actions.initialize(repeating: sigaction(), count: Self.capacity)
    installed = UnsafeMutablePointer<Bool>.allocate(capacity: Self.capacity)
    installed.initialize(repeating: false, count: Self.capacity)
  }

  /// Whether a handler of this table is installed for `signal`. Async-signal-safe.
  package func isInstalled(_ signal: Int32) -> Bool {
    signal > 0 && signal < Self.capacity && installed[Int(signal)]
  }

  /// Installs `handler` for `signal`, keeping the action it replaces; returns whether it worked.
  @discardableResult
  package func install(
    _ handler: @convention(c) (Int32) -> Void, for signal: Int32, options: Options = .restart
  ) -> Bool {
    var action = sigaction()
    #if canImport(Glibc) || canImport(Musl)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    return install(&action, for: signal, options: options.rawValue, blocking: [])
  }

  /// Installs a crash handler for `signal` as the Swift runtime installs its own: `SA_SIGINFO`,
  /// `SA_ONSTACK` and `SA_NODEFER` (a fault while it runs, say in the backtracer it hands on to,
  /// is not blocked, which would end the process at once), with the signals in `blocking` blocked
  /// while it runs; keeps the action it replaces and returns whether it worked.
  @discardableResult
  package func install(_ handler: InfoHandler, for signal: Int32, blocking: [Int32]) -> Bool {
    var action = sigaction()
    let detailed = unsafeBitCast(
      handler,
      to: (@convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?)
        -> Void).self)
    #if canImport(Glibc) || canImport(Musl)
      action.__sigaction_handler.sa_sigaction = detailed
    #else
      action.__sigaction_u.__sa_sigaction = detailed
    #endif
    let options = SA_SIGINFO | Options([.alternateStack, .noDefer]).rawValue
    return install(&action, for: signal, options: options, blocking: blocking)
  }

  private func install(
    _ action: inout sigaction, for signal: Int32, options: Int32, blocking: [Int32]
  ) -> Bool {
    guard signal > 0, signal < Self.capacity else { return false }
    sigemptyset(&action.sa_mask)
    for other in blocking { sigaddset(&action.sa_mask, other) }
    action.sa_flags = options
    var old = sigaction()
    guard sigaction(signal, &action, &old) == 0 else { return false }
    // Installed twice, the first replaced action is the one kept: the second replaced this
    // table's own handler.
    if !isInstalled(signal) { actions[Int(signal)] = old }
    installed[Int(signal)] = true
    return true
  }

  /// Puts back every action this table's handlers replaced.
  package func restoreAll() {
    for signal in 1..<Int32(Self.capacity) where isInstalled(signal) {
      sigaction(signal, actions + Int(signal), nil)
      installed[Int(signal)] = false
    }
  }

  /// Puts back the action that was replaced for `signal` (the default action, or the Swift
  /// runtime's backtracer) and raises `signal` again, so that it does what it did before.
  /// Async-signal-safe.
  package func raiseWithReplaced(_ signal: Int32) {
    if isInstalled(signal) {
      sigaction(signal, actions + Int(signal), nil)
    } else {
      SignalHandler.restoreDefault(signal)
    }
    SignalHandler.raise(signal)
  }

  /// Calls the handler that was replaced for `signal` as the system would have; `false` when
  /// there was none (the default action, or ignored). Async-signal-safe.
  package func callReplaced(
    _ signal: Int32, info: UnsafeMutableRawPointer?, context: UnsafeMutableRawPointer?
  ) -> Bool {
    guard isInstalled(signal) else { return false }
    return SignalHandler.call(
      actions[Int(signal)], signal, info?.assumingMemoryBound(to: siginfo_t.self), context)
  }
}
