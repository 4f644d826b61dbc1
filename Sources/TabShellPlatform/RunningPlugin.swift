import Synchronization
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name of the plugin whose code runs now, if the host knows it, for the crash report: a plugin
/// that crashes takes the process with it, and the report should say whose code it was.
///
/// The name is kept in a fixed block and an atomic length, so that a signal handler can write it out
/// (``write(to:)`` is async-signal-safe). The loader sets it while it opens a plugin and calls its
/// entry points; a driver calling a plugin's screens can set it the same way.
package enum RunningPlugin {
  private static let capacity = 256
  /// Written only in ``set(_:)`` (its length set to 0 first), read by a signal handler up to the
  /// length.
  nonisolated(unsafe) private static let block = UnsafeMutablePointer<UInt8>.allocate(
    capacity: capacity)
  private static let length = Atomic<Int>(0)
  private static let current = Mutex<String?>(nil)

  /// Runs `body` with `name` as the running plugin, then puts back the one before.
  package static func run<Result, Failure: Error>(
    _ name: String, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let previous = set(name)
    defer { set(previous) }
    return try body()
  }

  /// The running plugin's name, if any.
  package static var name: String? { current.withLock { $0 } }

  /// Whether a plugin's code runs now. Async-signal-safe.
  package static var isKnown: Bool { length.load(ordering: .acquiring) > 0 }

  /// Writes the running plugin's name to `descriptor`; `false` when there is none. Async-signal-safe.
  @discardableResult
  package static func write(to descriptor: Int32) -> Bool {
    let count = length.load(ordering: .acquiring)
    guard count > 0 else { return false }
    _ = SystemIO.writeAllReturningErrno(
      descriptor, UnsafeRawBufferPointer(start: block, count: count))
    return true
  }

  /// Makes the block ready before a signal handler may read it.
  package static func prepare() {
    _ = block
  }

  @discardableResult
  private static func set(_ name: String?) -> String? {
    let previous = current.withLock { value in
      defer { value = name }
      return value
    }
    length.store(0, ordering: .releasing)
    // Controls (C0, DEL, C1, bidirectional) would reach the terminal raw from the crash report:
    // shown as '?'; cut on a character's boundary.
    var bytes: [UInt8] = []
    for scalar in (name ?? "").unicodeScalars {
      let utf8 = TerminalText.isTerminalControl(scalar) ? [0x3F] : Array(String(scalar).utf8)
      guard bytes.count + utf8.count <= capacity else { break }
      bytes += utf8
    }
    block.update(from: bytes, count: bytes.count)
    length.store(bytes.count, ordering: .releasing)
    return previous
  }
}
