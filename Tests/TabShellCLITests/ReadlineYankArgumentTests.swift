import CReadline
import Testing

extension ReadlineTests {
  /// CReadline's yankargs.h: readline 8.2 splits a history line into words (for `M-.`, `M-C-y`, vi's
  /// `_`) past its end when it ends in a backslash or in `$(` and the like, and yanks what lies after
  /// it in memory. Before such a yank TabShell pads those lines with zero bytes.
  ///
  /// Each line is put in the history with what the heap might hold after it (`") HEAP"` past its
  /// zero byte), as readline's splitter would find it there; readline's own `history_arg_extract`
  /// then says which word it takes last. The history is global: these run one at a time with the
  /// other ``ReadlineTests``, on a history of their own.
  @Suite struct ReadlineYankArgumentTests {
    /// Puts `line` in the history as readline keeps it (`malloc`ed, freed with `free`), followed in
    /// its allocation by `after` past its zero byte.
    func addHistoryLine(_ line: String, followedBy after: String) throws -> UnsafeMutablePointer<
      HIST_ENTRY
    > {
      add_history(line)
      let entries = try #require(history_list())
      var count = 0
      while entries[count] != nil { count += 1 }
      let entry = try #require(entries[count - 1])
      let bytes = Array(line.utf8) + [0] + Array(after.utf8) + [0]
      let buffer = try #require(malloc(bytes.count)?.assumingMemoryBound(to: CChar.self))
      for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
      free(entry.pointee.line)
      entry.pointee.line = buffer
      return entry
    }

    /// The last word readline's splitter finds in `entry`'s line (what `M-.` yanks).
    func lastWord(_ entry: UnsafeMutablePointer<HIST_ENTRY>) -> String? {
      guard
        let word = history_arg_extract(
          Int32(UInt8(ascii: "$")), Int32(UInt8(ascii: "$")), entry.pointee.line)
      else { return nil }
      defer { free(word) }
      return String(cString: word)
    }

    /// What follows each line's zero byte ends the word the splitter took it to be in (a `$(`, a
    /// quote), so that the next word is `HEAP`.
    @Test(arguments: [
      ("echo a\\", ") HEAP", "a\\"), ("echo \"b\\", "\" HEAP", "\"b\\"),
      ("echo $(", ") HEAP", "$("), ("cat a<(", ") HEAP", "a<("), ("echo x*(", ") HEAP", "x*("),
    ])
    func aLineThatEndsSoIsSplitToItsEndOnly(line: String, after: String, last: String) throws {
      clear_history()
      defer { clear_history() }
      let entry = try addHistoryLine(line, followedBy: after)
      // Readline 8.2's own splitter reads on past the line: this is what the guard is for.
      #expect(lastWord(entry) == "HEAP")
      tabshell_rl_pad_history_lines()
      #expect(String(cString: entry.pointee.line) == line)
      #expect(lastWord(entry) == last)
    }

    @Test func aLineThatCannotBeReadPastIsLeftAsItIs() throws {
      clear_history()
      defer { clear_history() }
      let entries = try ["echo ok", "echo 'q\\' x", "echo ()", ""].map {
        try addHistoryLine($0, followedBy: " HEAP")
      }
      let lines = entries.map { $0.pointee.line }
      tabshell_rl_pad_history_lines()
      #expect(entries.map { $0.pointee.line } == lines)
      #expect(lastWord(entries[0]) == "ok")
      #expect(lastWord(entries[1]) == "x")
    }
  }
}
