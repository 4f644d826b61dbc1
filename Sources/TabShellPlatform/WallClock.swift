#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calendar time, for reports that say when they were made.
package enum WallClock {
  /// A moment in UTC, to the second.
  package struct Moment: Equatable, Sendable {
    package var year: Int
    /// 1 to 12.
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
  }

  /// Now, in UTC (`time`, `gmtime_r`).
  package static func utcNow() -> Moment {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    return Moment(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
  }

  /// Now, in whole seconds since 1970 (`time`).
  package static func secondsSince1970() -> Int { Int(time(nil)) }
}
