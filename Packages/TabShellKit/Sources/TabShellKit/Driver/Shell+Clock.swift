// The one call the core makes to the C library (scripts/check-platform allows this file alone, and
// only as an internal import): it reads the monotonic clock for the shell's timers. The host's
// modules read the same clock through TabShellPlatform, which the core does not depend on. The
// core is built without _Concurrency, whose `ContinuousClock` it read before, so that it does not
// bring in that library.
#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

extension Shell {
  /// The time on the monotonic clock (`CLOCK_MONOTONIC`), from the system's own origin: unmoved by
  /// changes of the wall clock. `ContinuousClock`, which the core read before, is
  /// `CLOCK_BOOTTIME` on Linux: the two differ only by the time the system spent suspended.
  static func monotonicClockReading() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
