import CReadline
import Testing

@testable import TabShellFullScreen
@testable import TabShellHost

extension ReadlineTests {
  /// CReadline's isearch.h: readline 8.2's incremental search that runs out of lines is left on the
  /// last line it passed over with the index it had reached in the line before; the next search
  /// back read past that line's end. TabShell puts the search back on the line it stands on before
  /// each key.
  /// Driven in process through the full-screen mode, as keys typed; the search's context read
  /// with readline 8.2's layout (so a layout that did not match fails here too).
  @Suite struct ReadlineSearchTests {
    @Test func aSearchThatRanOutOfLinesIsKeptInsideTheLineItIsOn() throws {
      clear_history()
      defer { clear_history() }
      add_history("echo first-line")
      add_history("echo second-line")
      let harness = FullScreenDriveTests.Harness()
      let session = harness.session
      #expect(session.open(line: "", point: 0) == nil)
      defer { session.close() }
      // Up, then a search forward (M-- C-r) for `e` from the end of `echo second-line`: none
      // there, and the new line after it (empty) is passed over.
      harness.type("\u{1B}[A")
      harness.type("\u{1B}-\u{12}")
      harness.type("e")
      let search = try #require(tabshell_rl_search_under_way())
      #expect(String(cString: search.pointee.search_string) == "e")
      #expect(search.pointee.sline_len == 0)
      #expect(search.pointee.sline_index == 16)
      // The next key (C-r, a search back) goes in through ReadlineBridge.readCharacter, which puts
      // the search back on `echo second-line`, where it stands, at its end: it finds the last `e`
      // of that line (readline alone searched the empty line from 15 bytes past its end, then
      // went on to `echo first-line`).
      harness.type("\u{12}")
      #expect(String(cString: search.pointee.sline) == "echo second-line")
      #expect(harness.screen.last?.hasSuffix("`e': echo second-line") == true)
      harness.type("\u{7}")
    }
  }
}
