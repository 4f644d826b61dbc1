import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellRPC
import TestSupport
import Testing

/// A shell and an interpreter with process plugins, as the command line makes them, that records
/// what they print.
final class ProcessSession {
  final class Logs {
    var out: [String] = []
    var err: [String] = []
  }

  let shell = Shell()
  let logs = Logs()
  let interpreter: Interpreter
  /// A folder of this session's own for plugin files.
  let folder: String

  init(timeout: Double = 2) throws {
    folder = try makeTemporaryFolder()
    let logs = logs
    let output = TestOutput(
      line: { logs.out.append($0) }, error: { logs.err.append("\($0)\n") },
      relayed: { logs.err.append($0) })
    interpreter = Interpreter(shell: shell, currentDirectory: folder, output: output)
    interpreter.plugins.limits = RPCLimits(timeout: timeout)
  }

  deinit { interpreter.plugins.shutdown() }

  /// Runs a script (named `t`); returns its status, and what it printed on stdout and stderr
  /// (lines; stderr as written, with newlines).
  @discardableResult
  func run(_ script: String) -> (status: Int32, out: [String], err: [String]) {
    logs.out = []
    logs.err = []
    let status = interpreter.run(interpreter.parse(script, file: "t")).status
    return (status, logs.out, logs.err)
  }

  /// The test plugin `Fixtures/faulty.sh` in this session's folder, calling itself `name`.
  func faulty(_ name: String = "faulty") throws -> String {
    let path = folder + "/\(name).sh"
    let fixture = repositoryRoot + "/Tests/TabShellLoaderTests/Fixtures/faulty.sh"
    try writeFile(path, "#!/bin/sh\nexec '\(fixture)' \(name)\n")
    return path
  }

  /// A process plugin in this session's folder, named `name`, in POSIX sh: it answers
  /// `initialize` with `description` (a JSON object on one line, without single quotes),
  /// `screen/draw` with `draw`, and every other request with `null`.
  func answeringPlugin(_ name: String, description: String, draw: String = #"{"lines":[]}"#)
    throws -> String
  {
    try file(
      name,
      """
      #!/bin/sh
      while IFS= read -r line; do
        case $line in *'"id":'*) ;; *) continue ;; esac
        id=${line#*\\"id\\":}; id=${id%%,*}
        case $line in
          *'"initialize"'*) result='\(description)' ;;
          *'"screen/draw"'*) result='\(draw)' ;;
          *) result=null ;;
        esac
        printf '{"jsonrpc":"2.0","id":%s,"result":%s}\\n' "$id" "$result"
      done

      """)
  }

  /// A file in this session's folder, with `mode`.
  func file(_ name: String, _ text: String, mode: mode_t = 0o755) throws -> String {
    let path = folder + "/" + name
    try writeFile(path, text, mode: mode)
    return path
  }

  /// Lets the shell apply what its process plugins send, as the REPL does while it waits for
  /// input, until `done` holds (or 10 s pass: then `false`).
  func waitUntil(_ done: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while !done() {
      if Date() > deadline { return false }
      var fds = interpreter.plugins.pollDescriptors.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&fds, nfds_t(fds.count), 100)
      _ = interpreter.runBackgroundWork()
    }
    return true
  }
}

/// Expects a child process to be gone: reaped (no zombie), and nothing left of its process group.
func expectGone(_ pid: Int32?, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  guard let pid else {
    Issue.record("no process id", sourceLocation: sourceLocation)
    return
  }
  var status: Int32 = 0
  #expect(waitpid(pid, &status, WNOHANG) == -1, sourceLocation: sourceLocation)
  #expect(errno == ECHILD, "the child is still ours to wait for", sourceLocation: sourceLocation)
  #expect(
    !FileManager.default.fileExists(atPath: "/proc/\(pid)"), "/proc/\(pid) is still there",
    sourceLocation: sourceLocation)
  let deadline = Date().addingTimeInterval(5)
  while !liveMembers(ofGroup: pid).isEmpty, Date() < deadline { usleep(1_000) }
  #expect(liveMembers(ofGroup: pid) == [], sourceLocation: sourceLocation)
}

/// Writes a file that is about to be run, on a descriptor no child process can inherit: a program
/// that another thread starts meanwhile would otherwise keep it open for writing, and starting the
/// file would fail with "Text file busy".
func writeFile(_ path: String, _ text: String, mode: mode_t = 0o755) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
  guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
    throw CocoaError(.fileWriteUnknown)
  }
  fchmod(fd, mode)
}
