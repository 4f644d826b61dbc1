#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's fast loop over bytes in memory (`memchr`), for the lexer's hot paths.
package enum Memory {
  /// The offset of the first `byte` in `buffer` (`memchr`), or `nil` when there is none.
  package static func offset(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else {
      return nil
    }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }
}
