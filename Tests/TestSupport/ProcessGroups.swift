import Foundation

/// The processes of a process group that are not zombies, from /proc: what is left running of a
/// child that was stopped with its group.
package func liveMembers(ofGroup group: pid_t) -> [Int] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> Int? in
    guard let pid = Int(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // After "pid (comm) ": the state, the parent, the group.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 2, fields[2] == "\(group)", fields[0] != "Z" else { return nil }
    return pid
  }
}

/// A process's state letter from /proc (`R`, `S`, `Z` for a zombie...), or `nil` when it is gone.
package func processState(_ pid: pid_t) -> String? {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return nil }
  return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
}
