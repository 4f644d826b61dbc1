import Glibc

/// A pseudo-terminal for a test: the master side the test reads and writes as the terminal would,
/// the slave side the code under test takes as its terminal.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw Failure(description: "no pseudo-terminal: errno \(errno)")
    }
    self.master = master
    self.slave = slave
  }

  deinit {
    close(slave)
    close(master)
  }

  /// The slave's attributes now.
  var attributes: termios {
    var value = termios()
    tcgetattr(slave, &value)
    return value
  }

  /// What the slave side wrote, read from the master: waits up to `quiet` ms for the first bytes,
  /// then reads until nothing comes for 100 ms.
  func readOutput(quiet: Int32 = 100) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, bytes.isEmpty ? quiet : 100) == 1 else { return bytes }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }

  /// What the slave side wrote, read from the master until it holds `mark` (or `timeout` ms pass
  /// without output).
  func readOutput(until mark: [UInt8], timeout: Int32 = 10_000) -> [UInt8] {
    var bytes: [UInt8] = []
    while !bytes.indices.contains(where: { bytes[$0...].starts(with: mark) }) {
      let more = readOutput(quiet: timeout)
      if more.isEmpty { break }
      bytes += more
    }
    return bytes
  }

  /// Types `bytes` at the terminal.
  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// What the slave side can read now.
  func readInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    var descriptor = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, 100) == 1 {
      let count = read(slave, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return bytes
  }
}

/// Whether two sets of attributes hold the same flags and control characters.
func sameSettings(_ a: termios, _ b: termios) -> Bool {
  var a = a
  var b = b
  return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
    && a.c_lflag == b.c_lflag
    && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) }
    }
}
