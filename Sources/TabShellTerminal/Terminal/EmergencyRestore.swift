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

  /// Installs the restore for `signals` (once each: then their default action) and at `exit`.
  /// Allocates the state now, so that a signal handler never is the first to touch it.
  static func install(on signals: [Int32]) {
    _ = bytes
    for signal in signals { _ = Platform.installOneShot(signalHandler, for: signal) }
    if !state.pointee.isExitHandlerInstalled {
      state.pointee.isExitHandlerInstalled = true
      Platform.atExit(exitHandler)
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
    _ = Platform.writeAll(UnsafeRawPointer(bytes), count: count, to: state.pointee.output)
    _ = state.pointee.attributes?.apply(to: state.pointee.input, discardingInput: true)
    return true
  }

  /// The handler for fatal signals: restore, then let the signal do what it does by default.
  static let signalHandler: @convention(c) (Int32) -> Void = { signal in
    run()
    Platform.raiseSignal(signal)
  }

  /// The function for `atexit`.
  static let exitHandler: @convention(c) () -> Void = { run() }
}
