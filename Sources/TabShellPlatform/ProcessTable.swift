#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `/proc/PID/stat` says of a process: its state, its parent, its process group and its
/// session (Linux).
package struct ProcessStat: Equatable {
  /// The state's letter (`R`, `S`, `Z` for a zombie...).
  package var state: UInt8
  package var parent: pid_t
  package var group: pid_t
  package var session: pid_t

  /// The process `pid`'s, or `nil` when it is gone.
  package init?(_ pid: pid_t) {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // `PID (NAME) STATE PPID PGRP SESSION ...`: NAME may hold anything, so the fields start after
    // its last ')'.
    guard let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 3, let state = fields[0].first,
      let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
      let group = pid_t(String(decoding: fields[2], as: UTF8.self)),
      let session = pid_t(String(decoding: fields[3], as: UTF8.self))
    else { return nil }
    (self.state, self.parent, self.group, self.session) = (state, parent, group, session)
  }
}

/// The processes running, read from `/proc`.
package enum ProcessTable {
  /// The processes alive (not zombies) of the session `session`, its leader `session` aside:
  /// what a terminal's program started and left there, in its process group or another.
  package static func members(ofSession session: pid_t) -> [pid_t] {
    var members: [pid_t] = []
    for entry in DirectoryListing.entries(of: "/proc") ?? [] {
      guard let pid = pid_t(entry.name), pid != session, let stat = ProcessStat(pid),
        stat.session == session, stat.state != UInt8(ascii: "Z")
      else { continue }
      members.append(pid)
    }
    return members
  }

  /// The name of the process `pid`'s program (`/proc/PID/comm`: at most 15 bytes, as the kernel
  /// keeps it), or `nil` when it is gone.
  package static func command(of pid: pid_t) -> String? {
    let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    var name = bytes[..<count]
    if name.last == UInt8(ascii: "\n") { name = name.dropLast() }
    return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
  }
}
