import Foundation
@_spi(Host) import TabShellKit

/// Where the loader tests keep the packages they build (the example plugin, the template), and how
/// a build that a stale folder broke is made again.
///
/// A package's scratch folder is named by a key of what its build depends on beyond its own files:
/// the list of the core's source files and the plugin ABI version. A file added to or removed from
/// the core, or a new ABI version, gives a new folder, built from scratch, instead of a cached one
/// that no longer builds ("missing inputs") or builds a plugin for the old version. Folders of
/// other keys are removed. A build that fails anyway is tried once more, from an empty folder.
enum FixtureCache {
  /// The key of the core as it is now: its source files under `Packages/TabShellKit/Sources`.
  static func currentKey() -> String {
    let sources = repositoryRoot + "/Packages/TabShellKit/Sources"
    let files = FileManager.default.subpaths(atPath: sources) ?? []
    return key(files: files, abiVersion: Int(tabShellPluginABIVersion))
  }

  /// A key (16 hex digits) that changes when a file is added, removed or renamed, or the ABI
  /// version changes; the files' order does not matter.
  static func key(files: [String], abiVersion: Int) -> String {
    // FNV-1a, 64 bits: stable from one run to the next (`Hasher` is seeded per process).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (["abi \(abiVersion)"] + files.sorted()).joined(separator: "\n").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The scratch folder `out/NAME-KEY`; other `NAME-*` folders in `out` (of older keys) and the
  /// unkeyed `out/NAME` of earlier test builds are removed.
  static func scratch(_ name: String, in out: String, key: String) -> String {
    let files = FileManager.default
    for entry in (try? files.contentsOfDirectory(atPath: out)) ?? []
    where entry == name || (entry.hasPrefix(name + "-") && entry != name + "-" + key) {
      try? files.removeItem(atPath: out + "/" + entry)
    }
    return out + "/" + name + "-" + key
  }
}

/// `swift build` of a package into a scratch folder, started now and waited for later; when it
/// fails, the folder is removed and the package built once more.
final class PackageBuild {
  let package: String
  let scratch: String
  private let first: Job

  init(package: String, scratch: String) {
    self.package = package
    self.scratch = scratch
    first = Self.job(package, scratch)
  }

  private static func job(_ package: String, _ scratch: String) -> Job {
    Job("swift", ["build", "--package-path", package, "--scratch-path", scratch])
  }

  func start() throws { try first.start() }

  func wait() throws {
    do {
      try first.wait()
    } catch {
      try? FileManager.default.removeItem(atPath: scratch)
      try Self.job(package, scratch).run()
    }
  }
}
