// The C library, imported once for every host module (TabShellRendering, TabShellLoader,
// TabShellLanguage, TabShellCLI) and re-exported: a host file says `import TabShellPlatform`, never
// `#if canImport(Glibc)`. The core package (TabShellKit) does no I/O and does not use this module.
//
// The few calls whose shape differs by platform (sigaction's handler field, a descriptor's path)
// are written here too, once.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif

/// A failed system call: its `errno`.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` of the call.
  package let code: Int32

  /// The error of the last failed call (`errno` now).
  package static var current: SystemError { SystemError(code: errno) }

  /// Makes the error for `code`.
  package init(code: Int32) {
    self.code = code
  }

  /// The system's words for it (`strerror`), such as `No such file or directory`.
  package var description: String { String(cString: strerror(code)) }
}

/// Platform facts that are not system calls.
package enum Platform {
  /// A path that opens the file already open on `descriptor` (Linux's `/proc/self/fd/N`), or `nil`
  /// where the system has no such path.
  package static func path(ofDescriptor descriptor: Int32) -> String? {
    #if os(Linux)
      return "/proc/self/fd/\(descriptor)"
    #else
      return nil
    #endif
  }

  /// A path that runs this process's own executable again (Linux's `/proc/self/exe`), or `nil`.
  package static var ownExecutable: String? {
    #if os(Linux)
      return "/proc/self/exe"
    #else
      return nil
    #endif
  }
}
