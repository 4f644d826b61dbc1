import TabShellHost
import TabShellPlatform

/// Memory the runner shares with its children (`mmap`, `MAP_SHARED`): one slot a running script.
/// Its child writes there each error it reports, as it reports it, and a ``TestChild/Report``
/// before it exits; the runner reads the slot when the child has ended, then clears it for the
/// next script. The runner takes a script's failures from here only: what the script, or a plugin
/// it loaded, writes on stderr is text to show, and cannot pass for a failure.
///
/// A slot: the report (flag, syntax error, expects passed and failed), the bytes of errors used,
/// whether some did not fit, then the errors, each as 32-bit words and UTF-8 padded to 4 bytes:
/// the file's length (-1: none), the file, the line, the column, the message's length, the message.
final class SharedReports {
  private let memory: SharedMemory
  private let count: Int
  /// A slot's size; its errors past that are counted as left out.
  static let slotSize = 256 << 10
  private static let header = 24

  /// Room for `count` running scripts, all slots empty.
  init(count: Int) {
    self.count = max(1, count)
    memory = SharedMemory(size: self.count * Self.slotSize)
  }

  private func slot(_ index: Int) -> UnsafeMutableRawPointer? {
    guard let base = memory.base, index >= 0, index < count else { return nil }
    return base + index * Self.slotSize
  }

  /// Stores what a child reports as it exits.
  func store(_ report: TestChild.Report, at index: Int) {
    guard let place = slot(index) else { return }
    place.storeBytes(of: report.syntaxError ? 1 : 0, toByteOffset: 4, as: Int32.self)
    place.storeBytes(of: Int32(clamping: report.expectsPassed), toByteOffset: 8, as: Int32.self)
    place.storeBytes(of: Int32(clamping: report.expectsFailed), toByteOffset: 12, as: Int32.self)
    place.storeBytes(of: 1, toByteOffset: 0, as: Int32.self)
  }

  /// Adds an error a child reported; one that does not fit is counted as left out.
  package func append(_ error: ReportedError, at index: Int) {
    guard let place = slot(index) else { return }
    let used = Int(place.load(fromByteOffset: 16, as: Int32.self))
    let file = error.file.map { Array($0.utf8) }
    let message = Array(error.message.utf8)
    let size = 16 + Self.padded(file?.count ?? 0) + Self.padded(message.count)
    guard Self.header + used + size <= Self.slotSize else {
      place.storeBytes(of: 1, toByteOffset: 20, as: Int32.self)
      return
    }
    var offset = Self.header + used
    func word(_ value: Int) {
      place.storeBytes(of: Int32(clamping: value), toByteOffset: offset, as: Int32.self)
      offset += 4
    }
    func bytes(_ text: [UInt8]) {
      text.withUnsafeBytes { source in
        if let start = source.baseAddress {
          (place + offset).copyMemory(from: start, byteCount: source.count)
        }
      }
      offset += Self.padded(text.count)
    }
    word(file?.count ?? -1)
    if let file { bytes(file) }
    word(error.line)
    word(error.column)
    word(message.count)
    bytes(message)
    place.storeBytes(of: Int32(clamping: offset - Self.header), toByteOffset: 16, as: Int32.self)
  }

  /// The report of the child that used the slot, `nil` when it wrote none (it crashed, or was
  /// killed first).
  func report(at index: Int) -> TestChild.Report? {
    guard let place = slot(index), place.load(fromByteOffset: 0, as: Int32.self) == 1 else {
      return nil
    }
    return TestChild.Report(
      syntaxError: place.load(fromByteOffset: 4, as: Int32.self) == 1,
      expectsPassed: Int(place.load(fromByteOffset: 8, as: Int32.self)),
      expectsFailed: Int(place.load(fromByteOffset: 12, as: Int32.self)))
  }

  /// The errors the child that used the slot reported, and whether some were left out.
  func errors(at index: Int) -> (errors: [ReportedError], leftOut: Bool) {
    guard let place = slot(index) else { return ([], false) }
    let used = min(
      Int(place.load(fromByteOffset: 16, as: Int32.self)), Self.slotSize - Self.header)
    var errors: [ReportedError] = []
    var offset = Self.header
    let end = Self.header + max(0, used)
    func word() -> Int? {
      guard offset + 4 <= end else { return nil }
      defer { offset += 4 }
      return Int(place.load(fromByteOffset: offset, as: Int32.self))
    }
    func text(_ length: Int) -> String? {
      guard length >= 0, offset + length <= end else { return nil }
      defer { offset += Self.padded(length) }
      return String(
        decoding: UnsafeRawBufferPointer(start: place + offset, count: length), as: UTF8.self)
    }
    while offset < end, let fileLength = word() {
      let file = fileLength < 0 ? nil : text(fileLength)
      guard fileLength < 0 || file != nil, let line = word(), let column = word(),
        let length = word(), let message = text(length)
      else { break }
      errors.append(ReportedError(file: file, line: line, column: column, message: message))
    }
    return (errors, place.load(fromByteOffset: 20, as: Int32.self) == 1)
  }

  /// Empties a slot for the next script.
  func clear(at index: Int) {
    guard let place = slot(index) else { return }
    place.initializeMemory(as: UInt8.self, repeating: 0, count: Self.header)
  }

  private static func padded(_ count: Int) -> Int { (count + 3) & ~3 }
}
