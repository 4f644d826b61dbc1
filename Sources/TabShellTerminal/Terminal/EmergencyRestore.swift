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
    /// Bit `n` set: the handler is installed for signal `n`.
    var installedSignals: UInt64 = 0
  }

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
    for signal in signals where signal > 0 && signal < 64 {
      let bit = UInt64(1) << UInt64(signal)
      guard state.pointee.installedSignals & bit == 0 else { continue }
      if TerminalPlatform.installRestoring(signalHandler, for: signal) {
        state.pointee.installedSignals |= bit
      }
    }
    if !state.pointee.isExitHandlerInstalled {
      state.pointee.isExitHandlerInstalled = true
      TerminalPlatform.atExit(exitHandler)
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
    _ = TerminalPlatform.writeAll(UnsafeRawPointer(bytes), count: count, to: state.pointee.output)
    _ = state.pointee.attributes?.apply(to: state.pointee.input, discardingInput: true)
    return true
  }

  /// The handler for fatal signals: restore, then let the signal do what it did before (end the
  /// process, or run the Swift runtime's backtracer, which then prints on the main screen).
  static let signalHandler: @convention(c) (Int32) -> Void = { signal in
    run()
    TerminalPlatform.raiseWithPreviousAction(signal)
  }

  /// The function for `atexit`.
  static let exitHandler: @convention(c) () -> Void = { run() }
}
