#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory shared with the children this process forks (`mmap`, `MAP_SHARED | MAP_ANONYMOUS`),
/// zeroed; unmapped when it goes.
package final class SharedMemory {
  /// Its first byte; `nil` when it could not be mapped.
  package let base: UnsafeMutableRawPointer?
  /// Its size in bytes.
  package let size: Int

  /// `size` bytes (at least 1).
  package init(size: Int) {
    self.size = max(1, size)
    let memory = mmap(nil, self.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
    base = memory == MAP_FAILED ? nil : memory
  }

  deinit {
    if let base { munmap(base, size) }
  }
}
