import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's fast loops over bytes in memory (`memchr`, `memrchr`, `memcmp`), for the
/// lexer's, the terminal tabs' and the frame encoder's hot paths.
package enum Memory {
  /// The offset of the first `byte` in `buffer` (`memchr`), or `nil` when there is none.
  package static func offset(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else {
      return nil
    }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The offset of the last `byte` in `buffer` (`memrchr`), or `nil` when there is none.
  package static func lastOffset(of byte: UInt8, in buffer: UnsafeRawBufferPointer) -> Int? {
    guard let base = buffer.baseAddress,
      let found = tabshell_last_byte(base, Int32(byte), buffer.count)
    else { return nil }
    return found - base
  }

  /// Whether `count` bytes at `a` and at `b` are the same (`memcmp`: the C library's vector loop).
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }
}
