// A helper of RobustnessTests: replaces the file PATH again and again with AtomicFileWriter (the REPL's
// history writer), each time with a whole new history of LINES lines, until it is killed.
//
// Generation G's file holds LINES lines `G:I:` + padding, then `end G`: a reader can tell a whole file
// of one generation from a torn one. It says `writing G` on stdout as it starts writing generation G,
// and `wrote G` once the write returned, so that a test can kill it while it writes, however slow
// the machine is.
// Usage: tabshell-history-writer PATH LINES
import TabShellHost

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let lines = Int(arguments[2]), lines > 0 else {
  print("usage: tabshell-history-writer PATH LINES")
  exit(2)
}
/// Writes a line on stdout at once, unbuffered (stdout is a pipe: `print` would keep it).
func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
}

let writer = AtomicFileWriter(path: arguments[1])
let padding = String(repeating: "x", count: 100)
var generation = 1
while true {
  var text = ""
  text.reserveCapacity(lines * 120)
  for line in 0..<lines { text += "\(generation):\(line):\(padding)\n" }
  text += "end \(generation)\n"
  say("writing \(generation)")
  do {
    try writer.write(text)
    say("wrote \(generation)")
  } catch {
    print("error: \(error)")
    exit(1)
  }
  generation += 1
}
