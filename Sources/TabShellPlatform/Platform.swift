// TabShell's one door to the C library: the host modules (every module of Sources/ but the C
// shims) reach the system through the Swift functions and types of this module, which does not re-export the C library:
// each of its files imports it for itself, and scripts/check-platform fails on an import of it (or
// of Foundation, which re-exports it) anywhere else. The core package (TabShellKit) does no I/O and
// does not use this module.
//
// The few calls whose shape differs by platform (sigaction's handler field, a descriptor's path)
// are written here too, once.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
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

  /// `ENOENT`: no such file.
  package static let noSuchFile = SystemError(code: ENOENT)
  /// `ENOTDIR`: a part of the path is not a folder.
  package static let notADirectory = SystemError(code: ENOTDIR)
  /// `EISDIR`: it is a folder.
  package static let isADirectory = SystemError(code: EISDIR)
  /// `ELOOP`: a symbolic link where none is followed, or too many links.
  package static let tooManyLinks = SystemError(code: ELOOP)
  /// `EACCES`: permission denied.
  package static let permissionDenied = SystemError(code: EACCES)
  /// `EPERM`: the operation is not permitted.
  package static let notPermitted = SystemError(code: EPERM)
  /// `EINVAL`: an invalid argument.
  package static let invalidArgument = SystemError(code: EINVAL)
  /// `EIO`: an input/output error.
  package static let inputOutput = SystemError(code: EIO)
  /// `EINTR`: a signal interrupted the call.
  package static let interrupted = SystemError(code: EINTR)
  /// `EPIPE`: the reader of a pipe is gone.
  package static let brokenPipe = SystemError(code: EPIPE)
  /// `ENAMETOOLONG`: the path (or a name in it) is longer than the system takes.
  package static let nameTooLong = SystemError(code: ENAMETOOLONG)

  /// Whether the path it was about does not exist (`ENOENT`, or `ENOTDIR` on the way).
  package var isMissingFile: Bool { code == ENOENT || code == ENOTDIR }
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
