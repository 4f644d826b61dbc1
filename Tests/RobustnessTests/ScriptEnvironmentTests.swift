import Foundation
import Testing

/// The scripts treat an empty or relative XDG variable as unset (the XDG rules; SwiftPM refuses an
/// empty one), so that `scripts/run` and `scripts/test` work in such an environment.
@Suite struct ScriptEnvironmentTests {
  @Test func emptyAndRelativeXDGVariablesAreUnset() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = [
      "-c",
      """
      set -euo pipefail
      . "$0/scripts/lib/environment.sh"
      echo "config=${XDG_CONFIG_HOME-unset} data=${XDG_DATA_HOME-unset} state=${XDG_STATE_HOME-unset}"
      """,
      root,
    ]
    bash.environment = [
      "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "rel/data",
      "XDG_STATE_HOME": "/abs/state",
    ]
    let output = Pipe()
    bash.standardOutput = output
    try bash.run()
    bash.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(bash.terminationStatus == 0)
    #expect(text == "config=unset data=unset state=/abs/state\n")
  }
}
