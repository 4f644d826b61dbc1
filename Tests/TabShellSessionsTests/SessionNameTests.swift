import TabShellSessions
import Testing

/// The session name rule: 1 to 64 of `A-Z a-z 0-9 _ . -`, not starting with `.` or `-`.
struct SessionNameTests {
  @Test(arguments: ["work", "a", "A-b_c.d", "0", "x.", String(repeating: "n", count: 64)])
  func valid(_ name: String) {
    #expect(SessionName(name)?.text == name)
  }

  @Test(arguments: [
    "", ".hidden", "-option", "a/b", "a b", "é", "..", "a\n", String(repeating: "n", count: 65),
  ])
  func invalid(_ name: String) {
    #expect(SessionName(name) == nil)
  }
}
