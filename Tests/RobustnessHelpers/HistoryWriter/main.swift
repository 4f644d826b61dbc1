// A helper of RobustnessTests: replaces the file PATH again and again with AtomicFileWriter (the REPL's
// history writer), each time with a whole new history of LINES lines, until it is killed.
//
// Generation G's file holds LINES lines `G:I:` + padding, then `end G`: a reader can tell a whole file
// of one generation from a torn one.
// Usage: tabshell-history-writer PATH LINES
import TabShellCLI

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let lines = Int(arguments[2]), lines > 0 else {
  print("usage: tabshell-history-writer PATH LINES")
  exit(2)
}
let writer = AtomicFileWriter(path: arguments[1])
let padding = String(repeating: "x", count: 100)
var generation = 1
while true {
  var text = ""
  text.reserveCapacity(lines * 120)
  for line in 0..<lines { text += "\(generation):\(line):\(padding)\n" }
  text += "end \(generation)\n"
  do {
    try writer.write(text)
  } catch {
    print("error: \(error)")
    exit(1)
  }
  generation += 1
}
