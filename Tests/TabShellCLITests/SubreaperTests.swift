import TabShellPlatform
import Testing

/// The children a subreaper ends (`tabshell test`'s scripts and what they started) are found by
/// the kernel's lists, as a look at every process finds them.
@Suite struct SubreaperTests {
  @Test func theKernelsListsHoldTheChildrenAScanFinds() throws {
    var pids: [Int32] = []
    defer {
      for pid in pids {
        ProcessControl.signal(pid, Signal.kill)
        _ = ProcessControl.reap(pid)
      }
    }
    for _ in 0..<3 {
      pids.append(
        try ProcessControl.spawn(
          executable: "/bin/sleep", arguments: ["30"], environment: nil, stdin: 0, stdout: 1,
          stderr: 2))
    }
    // Other tests of this process start children of their own meanwhile: these three are in both.
    let listed = try #require(Subreaper.listedChildren())
    #expect(Set(pids).isSubset(of: Set(listed)))
    #expect(Set(pids).isSubset(of: Set(Subreaper.scannedChildren())))
    #expect(Set(pids).isSubset(of: Set(Subreaper.children())))
    ProcessControl.signal(pids[0], Signal.kill)
    _ = ProcessControl.reap(pids[0])
    #expect(!(Subreaper.listedChildren() ?? []).contains(pids[0]))
  }
}
