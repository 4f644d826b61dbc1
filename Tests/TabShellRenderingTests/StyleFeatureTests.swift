import Foundation
import TabShellRendering
import TestSupport
import Testing

/// A frame leaves out the attributes the terminal lacks, as `TERM`'s terminfo entry says
/// (``TerminalStyleFeatures``): `dim`, `blink`, `invis`, and the extended `Smulx`, `Setulc` and
/// `Smol`, read as `infocmp -x` reads them; and the cursor's shape for `Ss` or a name `xterm*`.
@Suite struct StyleFeatureTests {
  /// The folders of the system's entries.
  static let folders = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]

  /// What `infocmp -x NAME` (with `TERMINFO` set when given) says of the features.
  static func infocmp(_ name: String, terminfo: String? = nil) throws -> TerminalStyleFeatures {
    let output = try runProgram(
      "/usr/bin/infocmp", ["-x", "-1", name], environment: terminfo.map { ["TERMINFO": $0] }
    ).output
    let names = Set(
      output.split(separator: "\n").map {
        String(
          $0.trimmingCharacters(in: .whitespaces).prefix { $0 != "=" && $0 != "," && $0 != "#" })
      })
    var features: TerminalStyleFeatures = []
    for (capability, feature) in [
      ("dim", TerminalStyleFeatures.dim), ("blink", .blink), ("invis", .conceal),
      ("Smulx", .underlineShapes), ("Setulc", .underlineColor), ("Smol", .overline),
      ("Ss", .cursorShape),
    ] where names.contains(capability) {
      features.insert(feature)
    }
    // tmux 3.3a's default terminal-features give every xterm* the cursor's shape.
    if name.hasPrefix("xterm") { features.insert(.cursorShape) }
    return features
  }

  @Test func everyEntryOfTheSystemReadsAsInfocmpReadsIt() throws {
    var names: [String] = []
    for folder in Self.folders {
      for letter in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        names += (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(letter)")) ?? []
      }
    }
    #expect(names.contains("xterm-256color") && names.contains("tmux-256color"))
    for name in Set(names).sorted() {
      let ours = TerminalStyleFeatures.detect(environment: ["TERM": name])
      #expect(try ours == Self.infocmp(name), "\(name)")
    }
    // tmux's own entry has underline shapes; xterm's has dim, blink and conceal and the
    // cursor's shape, and no more; the Linux console's no shape.
    #expect(
      TerminalStyleFeatures.detect(environment: ["TERM": "tmux-256color"]).contains(
        [.underlineShapes, .cursorShape]))
    #expect(
      TerminalStyleFeatures.detect(environment: ["TERM": "xterm-256color"])
        == TerminalStyleFeatures.standard.union(.cursorShape))
    #expect(!TerminalStyleFeatures.detect(environment: ["TERM": "linux"]).contains(.cursorShape))
  }

  @Test func anEntryWithEveryExtendedCapabilityHasEveryFeature() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tabshell-terminfo-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let source = folder + "/entry.src"
    try """
    tabshell-full|every style,
    \tuse=xterm-256color, Smulx=\\E[4:%p1%dm, Setulc=\\E[58:5:%p1%dm, Smol=\\E[53m,
    tabshell-none|no style,
    \tuse=xterm-256color, dim@, blink@, invis@, Ss@,

    """.write(toFile: source, atomically: true, encoding: .utf8)
    #expect(try runProgram("/usr/bin/tic", ["-x", "-o", folder, source]).status == 0)
    let environment = ["TERMINFO": folder]
    let full = TerminalStyleFeatures.detect(
      environment: environment.merging(["TERM": "tabshell-full"]) { $1 })
    #expect(full == .all)
    #expect(try Self.infocmp("tabshell-full", terminfo: folder) == .all)
    let none = TerminalStyleFeatures.detect(
      environment: environment.merging(["TERM": "tabshell-none"]) { $1 })
    #expect(none == [])
    // No entry: what xterm-256color has, and the shape for a name xterm*.
    #expect(TerminalStyleFeatures.detect(environment: ["TERM": "no-such-terminal"]) == .standard)
    #expect(
      TerminalStyleFeatures.detect(environment: ["TERM": "xterm-no-such"])
        == TerminalStyleFeatures.standard.union(.cursorShape))
    #expect(TerminalStyleFeatures.features(in: [1, 2, 3]) == nil)
  }
}
