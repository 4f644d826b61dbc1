import Foundation
@_spi(Host) import TabShellKit
import Testing

/// `pipe --to ID COMMAND` (docs/Contract.md, "Copy mode, buffers and the clipboard"), as tmux's
/// `pipe-pane`: the program's output reaches the command's input as it comes, byte for byte; the
/// command keeps no descriptor of the shell's; it ends with the pipe, the program or the tab (killed
/// 2 s after its input closed when it does not end by itself), and is reaped; a reader that never
/// reads, or that is gone, never holds the shell.
@Suite(.serialized) struct PipeTests {
  typealias Harness = TerminalTabTests.Harness

  /// A folder for the test's files, removed after.
  static func withFolder(_ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tabshell-pipe-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  static func text(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// Whether the process `pid` is gone, reaped (not even a zombie).
  static func isGone(_ pid: Int32) -> Bool {
    kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The pid a command wrote to `path`, once it did.
  static func pid(in path: String, shell: Harness) -> Int32? {
    shell.wait { Int32(text(path).trimmingCharacters(in: .whitespacesAndNewlines)) != nil }
    return Int32(text(path).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test func theOutputReachesTheCommandAsItComesUntilThePipeStops() throws {
    try Self.withFolder { folder in
      let shell = Harness()
      let program = #"read x; printf "one\n\033[31mtwo\033[0m\n"; read x; echo three; sleep 30"#
      #expect(shell.run("add-tab terminal --id t -- sh -c '\(program)'"))
      #expect(shell.run("pipe --to t 'cat > \(folder)/out'"))
      #expect(shell.run("send-keys --to t Enter"))
      // The typed Enter's echo, then what the program wrote, as the terminal gave it.
      #expect(shell.wait { Self.text(folder + "/out") == "\r\none\r\n\u{1B}[31mtwo\u{1B}[0m\r\n" })
      // Stopped, the command reads to its end and ends; what comes after is not piped.
      #expect(shell.run("pipe --to t; send-keys --to t Enter"))
      shell.wait(for: "three", in: "t")
      #expect(shell.run("sleep 0.2"))
      #expect(Self.text(folder + "/out") == "\r\none\r\n\u{1B}[31mtwo\u{1B}[0m\r\n")
      #expect(shell.sessions?.count == 1)
    }
  }

  @Test func theCommandKeepsNoDescriptorOfTheShellsAndEndsWithTheTab() throws {
    try Self.withFolder { folder in
      let shell = Harness()
      #expect(shell.run("add-tab terminal --id t -- sh -c 'sleep 30'"))
      // What the command gets: 0 1 2, and 3, the descriptor ls opened to read the folder.
      #expect(shell.run("pipe --to t 'exec ls /proc/self/fd > \(folder)/fds'"))
      #expect(shell.wait { Self.text(folder + "/fds").hasSuffix("\n") })
      #expect(Self.text(folder + "/fds") == "0\n1\n2\n3\n")
      #expect(shell.run("pipe --to t 'echo $$$$ > \(folder)/pid; exec cat > /dev/null'"))
      let pid = try #require(Self.pid(in: folder + "/pid", shell: shell))
      #expect(!Self.isGone(pid))
      #expect(shell.run("close-tab t"))
      // Its input closed, cat ends, and it is reaped.
      #expect(shell.wait(seconds: 5) { Self.isGone(pid) })
      #expect(shell.wait(seconds: 5) { shell.sessions?.count == 0 })
    }
  }

  @Test func aCommandThatIgnoresTheEndOfItsInputIsKilled2sLater() throws {
    try Self.withFolder { folder in
      let shell = Harness()
      #expect(shell.run("add-tab terminal --id t -- sh -c 'sleep 30'"))
      #expect(
        shell.run("pipe --to t 'trap \"\" HUP TERM; echo $$$$ > \(folder)/pid; exec sleep 60'"))
      let pid = try #require(Self.pid(in: folder + "/pid", shell: shell))
      let stopped = Date()
      #expect(shell.run("pipe --to t"))
      #expect(shell.wait(seconds: 10) { Self.isGone(pid) })
      #expect(Date().timeIntervalSince(stopped) >= 1.9)
    }
  }

  @Test func aReaderThatNeverReadsOrIsGoneNeverHoldsTheShell() throws {
    try Self.withFolder { folder in
      let shell = Harness()
      let program =
        "read x; yes xxxxxxxxxxxxxxxxxxxxxxx | head -c 4000000; echo; echo done; sleep 30"
      #expect(shell.run("add-tab terminal --id t -- sh -c '\(program)'"))
      #expect(shell.run("pipe --to t 'echo $$$$ > \(folder)/pid; exec sleep 60'"))
      let pid = try #require(Self.pid(in: folder + "/pid", shell: shell))
      #expect(shell.run("send-keys --to t Enter"))
      // 4 MB through the tab while its pipe's reader reads nothing.
      #expect(shell.wait(for: "done", in: "t", seconds: 60).contains("done"))
      #expect(!Self.isGone(pid))
      // The command before is stopped (and killed 2 s later: sleep reads nothing). A reader that
      // is gone: the next output (the echo of x) closes the pipe, and its command is reaped.
      #expect(shell.run("pipe --to t 'echo $$$$ > \(folder)/gone'"))
      let gone = try #require(Self.pid(in: folder + "/gone", shell: shell))
      #expect(shell.run("sleep 0.3; type --to t x"))
      #expect(shell.wait(seconds: 5) { Self.isGone(pid) && Self.isGone(gone) })
      #expect(shell.wait(seconds: 5) { shell.sessions?.count == 1 })
      #expect(shell.run("add-tab post --id p"))
      #expect(!shell.run("pipe --to p cat"))
      #expect(shell.sink.errors == "error: screen 'p' is not a terminal\n")
    }
  }
}
