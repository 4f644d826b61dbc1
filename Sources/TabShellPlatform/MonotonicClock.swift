#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The monotonic clock (`CLOCK_MONOTONIC`): deadlines and durations in nanoseconds, unmoved by
/// changes of the wall clock.
package enum MonotonicClock {
  /// Nanoseconds on the monotonic clock.
  package static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// The time on the monotonic clock, as a duration from its origin: what the modules count their
  /// deadlines and intervals on, as `Duration`s, without _Concurrency's `ContinuousClock` (which
  /// Package.swift's `withoutImplicitImports` leaves out). That clock is `CLOCK_BOOTTIME` on Linux:
  /// the two differ only by the time the system spent suspended.
  package static func reading() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// The time `milliseconds` from now, as ``now()`` counts it; `nil` for a negative wait (-1, as
  /// `poll` takes it: no limit).
  package static func deadline(milliseconds: Int) -> UInt64? {
    milliseconds < 0 ? nil : now() &+ UInt64(milliseconds) &* 1_000_000
  }

  /// Milliseconds from now until `deadline` (nanoseconds on the monotonic clock), rounded up,
  /// never negative.
  package static func milliseconds(until deadline: UInt64) -> Int32 {
    let now = now()
    guard deadline > now else { return 0 }
    return Int32(clamping: (deadline - now + 999_999) / 1_000_000)
  }

  /// Sleeps `milliseconds` (`usleep`; a signal may cut it short).
  package static func sleep(milliseconds: Int) {
    usleep(UInt32(clamping: max(0, milliseconds) * 1000))
  }
}
