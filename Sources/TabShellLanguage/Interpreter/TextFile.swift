import TabShellPlatform

/// Reads a script (a file, or standard input) with the C library (no Foundation): only UTF-8 text
/// without NUL bytes, with no line longer than ``maximumLineBytes`` and no more than
/// ``maximumScriptBytes`` in all, is a script.
///
/// The checks are made as the bytes arrive, so that endless or hostile input (`/dev/zero`, `yes`, a
/// sparse file of gigabytes) stops at the first bad byte or at the limit with an error that says
/// where, having read no more than the limit. A fifo, a device or a socket given as a file is
/// refused at once (opening one never waits for a writer), so that a script argument or a `source`
/// can neither hang nor read without end.
enum TextFile {
  /// The longest line a script may have, in bytes: 4 MiB.
  static let maximumLineBytes = 4 << 20
  /// The most a script may hold, in bytes: 64 MiB.
  static let maximumScriptBytes = 64 << 20

  /// The text of the file at `path`; errors name it `name` and say why, in words.
  static func read(_ path: String, name: String) throws(LanguageError) -> String {
    let file: InputFile
    do throws(SystemError) {
      file = try InputFile(path: path)
    } catch {
      throw .cannotRead(path: name, reason: reason(error.code))
    }
    let info = file.status
    if info.isDirectory { throw .cannotRead(path: name, reason: "it is a directory") }
    guard info.isRegularFile else { throw .cannotRead(path: name, reason: "not a regular file") }
    guard Int(info.size) <= maximumScriptBytes else {
      throw .cannotRead(path: name, reason: tooLarge)
    }
    return try read(descriptor: file.descriptor, name: name, expectedSize: Int(info.size))
  }

  /// The text read from `descriptor` up to its end (a pipe, a terminal, a file), checked as it comes.
  static func read(descriptor: Int32, name: String, expectedSize: Int = 0) throws(LanguageError)
    -> String
  {
    var reader = ScriptBytes(name: name)
    // Straight into one buffer of the file's size (grown if the file grows meanwhile); 64 KiB to
    // start with for a stream.
    let start = expectedSize > 0 ? min(expectedSize, maximumScriptBytes) : 1 << 16
    var bytes = [UInt8](repeating: 0, count: start + 1)
    var size = 0
    while true {
      if size == bytes.count {
        bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumScriptBytes + 1 - size))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        let free = UnsafeMutableRawBufferPointer(rebasing: buffer[size...])
        return Result { () throws(SystemError) in try SystemIO.read(descriptor, into: free) }
      }
      let count: Int
      switch result {
      case .success(let read): count = read
      case .failure(let error): throw .cannotRead(path: name, reason: reason(error.code))
      }
      size += count
      try reader.check(bytes[..<size], atEnd: count == 0)
      if count == 0 { break }
    }
    bytes.removeSubrange(size...)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The reason for a script past ``maximumScriptBytes``.
  static let tooLarge = "a script may hold at most \(maximumScriptBytes >> 20) MiB"

  /// The reason for an `errno`, in the words the other errors use.
  static func reason(_ code: Int32) -> String {
    switch SystemError(code: code) {
    case .noSuchFile, .notADirectory: "no such file"
    case .permissionDenied, .notPermitted: "permission denied"
    case .isADirectory: "it is a directory"
    case let error: error.description
    }
  }

  /// The offset of the first byte that is not part of valid UTF-8.
  static func firstInvalidByte(_ bytes: ArraySlice<UInt8>) -> Int {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = bytes.startIndex
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error, .emptyInput: return offset
      }
    }
  }

  /// `line L, column C` of a byte offset (columns count characters, as the lexer's do).
  static func place(of offset: Int, in bytes: ArraySlice<UInt8>) -> String {
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

extension Interpreter {
  /// A script read from `descriptor` (standard input) to its end, with the checks of a script file
  /// made as it arrives (see ``TextFile``).
  package static func readScript(descriptor: Int32, name: String) throws(LanguageError) -> String {
    try TextFile.read(descriptor: descriptor, name: name)
  }
}
