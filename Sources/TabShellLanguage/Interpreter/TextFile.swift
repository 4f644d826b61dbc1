#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(path: name, reason: reason(errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    if let nul = bytes.firstIndex(of: 0) {
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
