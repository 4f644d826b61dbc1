import TabShellSessions
import Testing

/// The session commands' command lines: what each asks for, and the usage errors.
struct SessionInvocationTests {
  @Test(arguments: [
    (["send", "tab 2"], SessionInvocation.send(session: nil, commands: "tab 2")),
    (["send", "tab", "2"], .send(session: nil, commands: "tab 2")),
    (["send", "--session", "w", "-"], .send(session: "w", commands: nil)),
    (["send", "--session=w", "--", "-x"], .send(session: "w", commands: "-x")),
    (["send", "--events"], .events(session: nil)),
    (["send", "--events", "--session", "w"], .events(session: "w")),
    (["sessions"], .sessions),
    (["kill-session", "w"], .kill(session: "w")),
    (["attach"], .attach(session: nil)),
    (["attach", "w"], .attach(session: "w")),
  ])
  func parses(_ arguments: [String], _ expected: SessionInvocation) throws {
    #expect(try SessionInvocation.parse(arguments) == expected)
  }

  @Test(arguments: [["test"], ["-c", "send"], ["script.tabsh"], [], ["./send"]])
  func otherCommandLinesAreNotSessionCommands(_ arguments: [String]) throws {
    #expect(try SessionInvocation.parse(arguments) == nil)
  }

  @Test(arguments: [
    (["send"], "send: COMMANDS missing (usage: tabshell send [--session NAME] COMMANDS|-)"),
    (["send", "--session"], "send: option '--session' needs a value"),
    (["send", "--bogus", "x"], "send: unknown option '--bogus'"),
    (["send", "--events", "x"], "send: --events takes no COMMANDS"),
    (["sessions", "x"], "sessions: no arguments are taken"),
    (["kill-session"], "kill-session: one NAME is taken"),
    (["attach", "a", "b"], "attach: at most one NAME is taken"),
    // What the user typed is written out, as every message writes it: no escape reaches the
    // terminal, no bidirectional control reorders the message.
    (["send", "--\u{1B}]0;x\u{7}", "y"], #"send: unknown option '--\u{1B}]0;x\u{7}' ("#),
    (["send", "--a\u{202E}b", "y"], #"send: unknown option '--a\u{202E}b' ("#),
  ])
  func usageErrors(_ arguments: [String], _ message: String) {
    #expect {
      try SessionInvocation.parse(arguments)
    } throws: { error in
      (error as? SessionUsageError)?.message.hasPrefix(message) == true
    }
  }

  @Test func helpOfACommandNamesItsOptions() throws {
    let send = try #require(SessionInvocation.declaration("send"))
    #expect(try SessionInvocation.parse(["send", "--help"]) == .help(send))
    let text = SessionCommands.help(send)
    #expect(text.hasPrefix("usage: tabshell send [--session NAME] COMMANDS|-\n"))
    #expect(text.contains("\n  --session NAME  the session"))
    #expect(text.contains("\n  --events        print"))
  }

  @Test(arguments: [
    (0, "0s"), (59, "59s"), (60, "1m"), (3599, "59m"), (3600, "1h00m"),
    (3 * 3600 + 5 * 60, "3h05m"), (86400 + 4 * 3600, "1d04h"),
  ])
  func ages(seconds: Int, text: String) {
    #expect(SessionCommands.age(seconds: seconds) == text)
  }
}
