import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process that owns everything its children start (Linux's `PR_SET_CHILD_SUBREAPER`): a
/// process below it whose parent ends becomes its child, not init's, so that it can end it. This is
/// how `tabshell test` ends whatever a script started, process plugins in process groups of their
/// own included, when the script ends or is killed (as tmux's `job.c` keeps each job's process to
/// end it, one owner for each process).
package enum Subreaper {
  /// Makes this process a subreaper; `false` when the system refuses (not Linux 3.4 or later).
  @discardableResult
  package static func become() -> Bool {
    tabshell_become_child_subreaper() == 0
  }

  /// The processes whose parent is this process now: the kernel's list of each of its threads'
  /// children (`/proc/self/task/TID/children`), else, on a kernel without those lists, each
  /// `/proc/PID/stat`'s fourth field (a look at every process of the system: a few milliseconds
  /// for a hundred, once or twice for each script `tabshell test` runs).
  package static func children() -> [pid_t] {
    listedChildren() ?? scannedChildren()
  }

  /// The children the kernel lists for each thread of this process; `nil` when it lists none
  /// (`CONFIG_PROC_CHILDREN` off) or a list cannot be read.
  package static func listedChildren() -> [pid_t]? {
    guard let tasks = DirectoryListing.entries(of: "/proc/self/task"), !tasks.isEmpty else {
      return nil
    }
    var children: [pid_t] = []
    for task in tasks where pid_t(task.name) != nil {
      let fd = open("/proc/self/task/\(task.name)/children", O_RDONLY | O_CLOEXEC)
      // A thread that ended since the listing has no list: its children are another's now.
      guard fd >= 0 else {
        if errno == ENOENT { continue }
        return nil
      }
      defer { SystemIO.close(fd) }
      guard let bytes = try? SystemIO.readAll(fd, limit: 1 << 20) else { return nil }
      children += bytes.split(separator: UInt8(ascii: " ")).compactMap {
        pid_t(String(decoding: $0, as: UTF8.self))
      }
    }
    return children
  }

  /// The processes whose parent is this process, found by looking at every process.
  package static func scannedChildren() -> [pid_t] {
    let me = getpid()
    var children: [pid_t] = []
    for entry in DirectoryListing.entries(of: "/proc") ?? [] {
      guard let pid = pid_t(entry.name), pid != me, parent(of: pid) == me else { continue }
      children.append(pid)
    }
    return children
  }

  /// Ends every child of this process except `keeping`, and everything they started: each is
  /// killed (it and its process group, when it leads one) and reaped; the processes it started,
  /// given to this process as it ends, are ended in the next round. Returns how many were ended.
  @discardableResult
  package static func endChildren(except keeping: Set<pid_t>) -> Int {
    var ended = 0
    // Rounds, each a generation deeper; bounded, so that a fork bomb cannot hold the caller.
    for _ in 0..<64 {
      let orphans = children().filter { !keeping.contains($0) }
      guard !orphans.isEmpty else { break }
      for pid in orphans {
        if getpgid(pid) == pid { _ = kill(-pid, SIGKILL) }
        _ = kill(pid, SIGKILL)
      }
      for pid in orphans {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      }
      ended += orphans.count
    }
    return ended
  }

  /// The parent of process `pid`, `nil` when it is gone.
  private static func parent(of pid: pid_t) -> pid_t? {
    ProcessStat(pid)?.parent
  }
}
