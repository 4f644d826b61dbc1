import Foundation
import Testing

/// The key of the loader tests' cached package builds: a change in the core's file list or ABI
/// version gives a new folder, and the stale ones are removed.
@Suite struct FixtureCacheTests {
  @Test func theKeyChangesWithTheCoresFilesAndTheABIVersion() {
    let files = ["TabShellKit/Model/Tab.swift", "TabShellKit/Plugin/TabShellPlugin.swift"]
    let key = FixtureCache.key(files: files, abiVersion: 4)
    #expect(key.count == 16)
    #expect(FixtureCache.key(files: files.reversed(), abiVersion: 4) == key)
    #expect(FixtureCache.key(files: files + ["TabShellKit/Model/New.swift"], abiVersion: 4) != key)
    #expect(FixtureCache.key(files: [files[0]], abiVersion: 4) != key)
    #expect(FixtureCache.key(files: files, abiVersion: 5) != key)
    #expect(FixtureCache.currentKey() == FixtureCache.currentKey())
  }

  @Test func aScratchFolderOfAnotherKeyIsRemoved() throws {
    let out = try makeTemporaryFolder()
    for name in ["example-build", "example-build-0000000000000001", "template-build-1", "other"] {
      try FileManager.default.createDirectory(
        atPath: out + "/" + name, withIntermediateDirectories: true)
    }
    let scratch = FixtureCache.scratch("example-build", in: out, key: "00000000000000ab")
    #expect(scratch == out + "/example-build-00000000000000ab")
    let left = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(left == ["other", "template-build-1"])
  }
}
