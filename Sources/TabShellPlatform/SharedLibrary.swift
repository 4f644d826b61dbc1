#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared object opened by the dynamic linker (`dlopen`), and the symbols in it (`dlsym`). It is
/// never closed: a plugin's code and types must outlive every value it made.
package struct SharedLibrary: @unchecked Sendable {
  private let handle: UnsafeMutableRawPointer

  /// Opens the shared object at `path`, its symbols resolved now and kept to itself
  /// (`RTLD_NOW | RTLD_LOCAL`); the failure is the dynamic linker's words (`dlerror`).
  package static func open(_ path: String) -> Result<SharedLibrary, Failure> {
    _ = dlerror()
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "the dynamic linker refused it"
      return .failure(Failure(reason: reason))
    }
    return .success(SharedLibrary(handle: handle))
  }

  /// The address of the symbol `name` in it, or `nil` when it has none.
  package func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(handle, name)
  }

  /// The address of the symbol `name` among those already loaded into the process (the C library
  /// included), or `nil` when none has it: a function a newer C library has and an older lacks.
  package static func loadedSymbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
  }

  /// Why the dynamic linker refused a shared object, in its words.
  package struct Failure: Error, Equatable, Sendable {
    /// The dynamic linker's message.
    package var reason: String
  }
}
