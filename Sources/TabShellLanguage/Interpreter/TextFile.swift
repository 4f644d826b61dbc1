import TabShellPlatform

/// Reads a script file whole, with the C library (no Foundation): only a regular file of UTF-8 text
/// without NUL bytes is a script.
///
/// A fifo, a device or a socket is refused at once (opening one never waits for a writer), so that a
/// script argument or a `source` can neither hang nor read without end.
enum TextFile {
  /// The text of the file at `path`; errors name it `name` and say why, in words.
  static func read(_ path: String, name: String) throws(LanguageError) -> String {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw .cannotRead(path: name, reason: reason(errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .cannotRead(path: name, reason: reason(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .cannotRead(path: name, reason: "it is a directory")
    default: throw .cannotRead(path: name, reason: "not a regular file")
    }
    // Straight into one buffer of the file's size (grown if the file grows meanwhile).
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var size = 0
    while true {
      if size == bytes.count { bytes += repeatElement(0, count: bytes.count) }
      let result = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) in
          try SystemIO.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[size...]))
        }
      }
      guard case .success(let count) = result else {
        throw .cannotRead(path: name, reason: reason(errno))
      }
      if count == 0 { break }
      size += count
    }
    bytes.removeSubrange(size...)
    return try decode(bytes, name: name)
  }

  /// The bytes of a script as text: refused, with the place, when they hold a NUL byte or are not
  /// UTF-8.
  static func decode(_ bytes: [UInt8], name: String) throws(LanguageError) -> String {
    let nul = bytes.withUnsafeBytes { buffer -> Int? in
      guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else {
        return nil
      }
      return UnsafeRawPointer(found) - base
    }
    if let nul {
      throw .cannotRead(path: name, reason: "a NUL byte at \(place(of: nul, in: bytes))")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .cannotRead(
        path: name, reason: "not UTF-8 text at \(place(of: firstInvalidByte(bytes), in: bytes))")
    }
    return text
  }

  /// The reason for an `errno`, in the words the other errors use.
  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT, ENOTDIR: "no such file"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "it is a directory"
    default: String(cString: strerror(code))
    }
  }

  /// The offset of the first byte that is not part of valid UTF-8.
  static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error, .emptyInput: return offset
      }
    }
  }

  /// `line L, column C` of a byte offset (columns count characters, as the lexer's do).
  static func place(of offset: Int, in bytes: [UInt8]) -> String {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }
}
