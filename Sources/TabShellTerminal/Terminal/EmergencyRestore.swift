import TabShellPlatform

/// The terminal restore that a signal handler or an `atexit` function can run: the leave sequence
/// and the saved attributes sit in memory allocated once, and running it is a `write` and a
/// `tcsetattr`, with no allocation and no lock.
enum EmergencyRestore {
  struct State {
    var isArmed = false
    var output: Int32 = -1
    var input: Int32 = -1
    var attributes: TerminalAttributes?
    var count = 0
    var isExitHandlerInstalled = false
  }

  /// The signals that end a process with a crash: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
  /// SIGTRAP, SIGSYS (a failed Swift check is SIGILL or SIGTRAP).
  static let crashSignals: [Int32] = [
    Signal.segmentationFault, Signal.busError, Signal.illegalInstruction, Signal.arithmeticError,
    Signal.abort, Signal.trap, Signal.badSystemCall,
  ]

  /// The handlers installed, and the actions they replaced (the default action, or the Swift
  /// runtime's backtracer), to hand each signal on to.
  private static let replaced = ReplacedSignalActions()

  /// The most bytes the leave sequence may have.
  static let capacity = 256

  // Allocated once, on the first `arm` (outside any signal handler), and never freed.
  nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State())
    return pointer
  }()
  nonisolated(unsafe) private static let bytes = UnsafeMutablePointer<UInt8>.allocate(
    capacity: capacity)

  /// Installs the restore for `signals` (then each does what it did before) and at `exit`.
  /// Allocates the state now, so that a signal handler never is the first to touch it.
  static func install(on signals: [Int32]) {
    _ = bytes
    // Once a signal: installing again would keep this handler as the one to hand the signal to.
    // Without blocking the signal while the handler runs (so that it can raise it again), on the
    // alternate stack the crash handler set up (so that a stack overflow is caught too).
    for signal in signals where !replaced.isInstalled(signal) {
      replaced.install(signalHandler, for: signal, options: [.noDefer, .alternateStack])
    }
    if !state.pointee.isExitHandlerInstalled {
      state.pointee.isExitHandlerInstalled = true
      CurrentProcess.atExit(exitHandler)
    }
  }

  /// Prepares a restore: `sequence` (cut to ``capacity``) written to `output`, then `attributes`
  /// set on `input`.
  static func arm(output: Int32, input: Int32, attributes: TerminalAttributes, sequence: [UInt8]) {
    state.pointee.isArmed = false
    let count = min(sequence.count, capacity)
    for index in 0..<count { bytes[index] = sequence[index] }
    state.pointee.output = output
    state.pointee.input = input
    state.pointee.attributes = attributes
    state.pointee.count = count
    state.pointee.isArmed = true
  }

  /// Whether a restore is prepared and has not run.
  static var isArmed: Bool { state.pointee.isArmed }

  /// Restores the terminal if a restore is prepared, once; returns whether it did. Async-signal
  /// safe.
  @discardableResult
  static func run() -> Bool {
    guard state.pointee.isArmed else { return false }
    state.pointee.isArmed = false
    let count = state.pointee.count
    _ = SystemIO.writeAllReturningErrno(
      state.pointee.output, UnsafeRawBufferPointer(start: bytes, count: count))
    _ = state.pointee.attributes?.apply(to: state.pointee.input, discardingInput: true)
    return true
  }

  /// The handler for fatal signals: restore, then let the signal do what it did before (end the
  /// process, or run the Swift runtime's backtracer, which then prints on the main screen).
  static let signalHandler: @convention(c) (Int32) -> Void = { signal in
    run()
    replaced.raiseWithReplaced(signal)
  }

  /// The function for `atexit`.
  static let exitHandler: @convention(c) () -> Void = { run() }
}
