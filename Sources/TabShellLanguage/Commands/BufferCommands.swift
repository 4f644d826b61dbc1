@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// `buffers`, `show-buffer`, `set-buffer`, `delete-buffer`, `save-buffer`, `load-buffer`,
/// `paste-buffer`: the paste buffers, as tmux's (docs/Contract.md, "Copy mode, buffers and the
/// clipboard").
enum BufferCommands {
  static let all = [
    buffers, showBuffer, setBuffer, deleteBuffer, saveBuffer, loadBuffer, pasteBuffer,
  ]

  static let name = Option(
    "-b", .text, valueName: "NAME", abstract: "the buffer's name (default: the newest)")
  static let newName = Option(
    "-b", .text, valueName: "NAME", abstract: "the buffer's name (default: a new buffer)")
  static let file = Argument(
    "FILE", .path, abstract: "the file (relative to the working directory)")

  static let buffers = Declaration(
    name: "buffers", abstract: "list the paste buffers, newest first",
    discussion: """
      A line each: its name, its size in bytes and its first characters (control characters \
      written out), as tmux's list-buffers: buffer0: 12 bytes: "hello world". Copies are named \
      buffer0, buffer1...; at most 50 of them are kept, the oldest going first.
      """,
    effect: .looks
  ) { interpreter, _ in
    for buffer in interpreter.buffers.buffers {
      interpreter.output(
        "\(buffer.name): \(buffer.text.utf8.count) bytes: \"\(sample(buffer.text))\"")
    }
  }

  static let showBuffer = Declaration(
    name: "show-buffer", parameters: [name], abstract: "print a paste buffer's text",
    discussion: """
      Its lines as they are, control characters but tabs written out (\\u{1B}): nothing in a \
      buffer reaches the terminal as an escape sequence. save-buffer writes the text as it is.
      """,
    effect: .looks
  ) { interpreter, arguments in
    let text = try interpreter.buffer(arguments[name]).text
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.count > 1, lines.last == "" { lines.removeLast() }
    for line in lines { interpreter.output(Renderer.neutralized(String(line), keepingLines: true)) }
  }

  static let text = Argument("TEXT", .text, abstract: "the buffer's text")

  static let setBuffer = Declaration(
    name: "set-buffer", parameters: [newName, text], abstract: "set a paste buffer to TEXT",
    discussion: """
      With -b NAME the buffer of that name (replaced when there is one; it is the newest then \
      and is never dropped for the limit), else a new buffer named as copies are (buffer0, \
      buffer1...).
      """
  ) { interpreter, arguments in
    try interpreter.setBuffer(arguments[newName], to: arguments[text])
  }

  static let deleteBuffer = Declaration(
    name: "delete-buffer", parameters: [name], abstract: "delete a paste buffer"
  ) { interpreter, arguments in
    let buffer = try interpreter.buffer(arguments[name])
    interpreter.buffers.delete(buffer.name)
  }

  static let saveBuffer = Declaration(
    name: "save-buffer", parameters: [name, file], abstract: "write a paste buffer to FILE",
    discussion: """
      The text as it is, replacing FILE whole (the folders on its way are made). FILE must be \
      a regular file or nothing yet: a link, a FIFO or a device is refused.
      """,
    effect: .looks
  ) { interpreter, arguments in
    let buffer = try interpreter.buffer(arguments[name])
    let path = arguments[file]
    try WrittenFile.replace(interpreter.workingPath(path), with: buffer.text, name: path)
  }

  static let loadBuffer = Declaration(
    name: "load-buffer", parameters: [newName, file], abstract: "read FILE into a paste buffer",
    discussion: """
      As set-buffer, with FILE's text (UTF-8; a byte that is not is read as U+FFFD). FILE must \
      be a regular file (not a link, a FIFO or a device) of at most 16 MiB.
      """
  ) { interpreter, arguments in
    let path = arguments[file]
    let text = try BufferFile.read(interpreter.workingPath(path), name: path)
    try interpreter.setBuffer(arguments[newName], to: text)
  }

  static let screen = ScreenInputCommands.screen

  static let pasteBuffer = Declaration(
    name: "paste-buffer", parameters: [name, screen],
    abstract: "paste a paste buffer into a screen (prefix ])",
    discussion: """
      The screen gets the buffer's text as a paste (as 'paste'): a terminal tab's program gets \
      it bracketed when it asked, its newlines as Enter. Without --to, the visible screen.
      """
  ) { interpreter, arguments in
    let buffer = try interpreter.buffer(arguments[name])
    try interpreter.sendInput([.text(buffer.text, isPaste: true)], to: arguments[screen])
  }

  /// How many characters of a buffer `buffers` shows.
  static let sampleLength = 50

  /// A buffer's first characters as `buffers` shows them: newlines and tabs as `\n` and `\t`,
  /// other control characters written out, `...` after them when there is more.
  static func sample(_ text: String) -> String {
    var sample = ""
    for character in text.prefix(sampleLength) {
      switch character {
      case "\n": sample += "\\n"
      case "\t": sample += "\\t"
      case "\r\n": sample += "\\r\\n"
      default: sample += Renderer.neutralized(String(character))
      }
    }
    return text.count > sampleLength ? sample + "..." : sample
  }
}

extension Interpreter {
  /// The buffer named `name`, or the newest for `nil`; an error when there is none.
  func buffer(_ name: String?) throws(LanguageError) -> PasteBuffers.Buffer {
    guard let name else {
      guard let newest = buffers.newest else { throw .failed("no paste buffers") }
      return newest
    }
    guard let buffer = buffers.buffer(named: name) else {
      throw .failed("no paste buffer \(quoted(name))")
    }
    return buffer
  }

  /// Sets the buffer `name` (a new one for `nil`) to `text`; an error for a text past the limit.
  func setBuffer(_ name: String?, to text: String) throws(LanguageError) {
    guard text.utf8.count <= PasteBuffers.byteLimit else {
      throw .failed(BufferFile.tooLarge(text.utf8.count))
    }
    if let name, name.isEmpty { throw .failed("a paste buffer's name cannot be empty") }
    buffers.set(name, to: text)
  }
}

/// A file `load-buffer` reads: a regular file (no link, FIFO or device, which are refused before
/// anything is read and without waiting) of at most ``PasteBuffers/byteLimit`` bytes, read as
/// UTF-8 with repairs.
enum BufferFile {
  static func read(_ path: String, name: String) throws(LanguageError) -> String {
    let file: InputFile
    do throws(SystemError) {
      file = try InputFile(path: path, followingLinks: false)
    } catch {
      let reason =
        error == .tooManyLinks
        ? "it is a symbolic link (a buffer is read through no link)" : TextFile.reason(error.code)
      throw .cannotRead(path: name, reason: reason)
    }
    let status = file.status
    if status.isDirectory { throw .cannotRead(path: name, reason: "it is a directory") }
    guard status.isRegularFile else {
      throw .cannotRead(path: name, reason: "not a regular file (a FIFO, a device or a socket)")
    }
    let bytes: [UInt8]
    do throws(SystemIO.ReadAllError) {
      bytes = try file.readAll(limit: PasteBuffers.byteLimit)
    } catch {
      switch error {
      case .tooLong: throw .cannotRead(path: name, reason: tooLarge(nil))
      case .failed(let error): throw .cannotRead(path: name, reason: TextFile.reason(error.code))
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Why a text cannot be a buffer: `count` bytes (or more) past the limit.
  static func tooLarge(_ count: Int?) -> String {
    (count.map { "\($0) bytes: " } ?? "")
      + "a paste buffer holds at most \(PasteBuffers.byteLimit >> 20) MiB"
  }
}
