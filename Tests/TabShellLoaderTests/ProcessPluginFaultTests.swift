import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// Every fault of a process plugin stops it (nothing left running or unreaped), puts each of its
/// screens into the error state with a message that says what happened, fails the command that
/// was waiting with that message, and leaves the shell and the other plugins working.
@Suite("Process plugins' faults")
struct ProcessPluginFaultTests {
  /// A fault while the plugin answers a command, and the words for it.
  static let faults: [(kind: String, message: String)] = [
    ("exit", "the plugin exited with status 3"),
    ("kill", "the plugin was killed by SIGKILL"),
    ("close-stdout", "the plugin closed its standard output"),
    (
      "not-json",
      "the plugin wrote a line that is not JSON (unexpected character 'h' at byte 0): hello"
    ),
    ("not-utf8", "the plugin wrote a line that is not UTF-8 (at byte 6)"),
    ("too-long", "the plugin wrote a line longer than 1048576 bytes"),
    ("wrong-id", "the plugin answered request 12 with id 999"),
    ("hang", "the plugin did not answer 'screen/command' within 2 s"),
    ("flood", "the plugin sent more than 1000 messages"),
  ]

  /// The fault's message as the test expects it: a flood is noticed by either of two limits
  /// (1,000 a second, 1,000 waiting), whichever the reading speed reaches first.
  static func expected(_ message: String, in actual: String?) -> String {
    guard message.hasSuffix("1000 messages"), let actual, actual.hasPrefix(message) else {
      return message
    }
    return actual
  }

  /// Two plugins, `faulty` (tabs a and b, b selected) and `other` (tab c).
  func twoPlugins(timeout: Double = 10) throws -> ProcessSession {
    let session = try ProcessSession(timeout: timeout)
    let setup = try session.run(
      """
      load \(session.faulty()); load \(session.faulty("other"))
      add-tab faulty --id a; add-tab faulty --id b; add-tab other --id c; tab b
      """)
    #expect(setup.status == 0, "\(setup.err)")
    return session
  }

  @Test(arguments: faults)
  func aFaultDuringACommand(kind: String, message: String) throws {
    // Only the hang waits the limit out: long enough for the other answers on a loaded machine.
    let session = try twoPlugins(timeout: kind == "hang" ? 2 : 10)
    let pid = session.interpreter.plugins.processID(of: "faulty")
    let run = session.run("fault \(kind)")
    let message = Self.expected(message, in: session.interpreter.plugins.stopReason(of: "faulty"))
    let stopped = "plugin 'faulty' stopped: \(message)"
    #expect(run.status == 1)
    #expect(run.err.filter { !$0.hasPrefix("faulty: ") } == ["t:1:1: error: \(stopped)\n"])
    expectGone(pid)
    #expect(session.shell.screen(id: "a")?.failure == stopped)
    #expect(session.shell.screen(id: "b")?.failure == stopped)
    #expect(session.shell.screen(id: "c")?.failure == nil)
    // The shell goes on, and so does the other plugin; the stopped one says so.
    let after = session.run("plugins; tab c; fault stderr; tab a; show")
    #expect(after.status == 0, "\(after.err)")
    #expect(after.out.contains("  kind: process, stopped: \(message)"))
    #expect(after.out.contains("wrote to stderr"))
    #expect(after.out.contains("! This screen failed:"))
    let again = session.run("fault exit")
    #expect(
      again.err == [
        "t:1:1: error: plugin 'faulty' is stopped (\(message)); 'reload faulty' starts it again\n"
      ])
  }

  @Test func aFaultDuringALifecycleCallbackFailsTheCommandThatMadeTheChange() throws {
    let session = try twoPlugins()
    #expect(session.run("arm exit screen/viewWillAppear").status == 0)
    let run = session.run("tab a")
    let stopped = "plugin 'faulty' stopped: the plugin exited with status 3"
    #expect(run.status == 1)
    #expect(run.err == ["faulty: about to exit\n", "t:1:1: error: \(stopped)\n"])
    // The change is made: the lifecycle stays balanced; the screen whose callback it was says so.
    #expect(session.shell.visibleScreen?.id == "a")
    #expect(session.shell.screen(id: "a")?.failure == "viewWillAppear failed: \(stopped)")
    #expect(session.shell.screen(id: "b")?.failure == stopped)
    #expect(session.run("tab c; tab a").status == 0)
  }

  @Test func aFaultWhileDrawingDrawsTheFailureAndFailsShow() throws {
    let session = try twoPlugins()
    #expect(session.run("arm exit screen/draw").status == 0)
    let run = session.run("show")
    let stopped = "plugin 'faulty' stopped: the plugin exited with status 3"
    #expect(run.status == 1)
    #expect(run.err == ["faulty: about to exit\n", "t:1:1: error: \(stopped)\n"])
    #expect(run.out.dropFirst().prefix(2) == ["! This screen failed:", stopped])
    #expect(session.shell.screen(id: "b")?.failure == stopped)
  }

  @Test func aRefusedDrawFailsTheScreenOnly() throws {
    let session = try twoPlugins()
    #expect(session.run("arm refuse screen/draw; show").status == 0)
    #expect(session.shell.screen(id: "b")?.failure == "draw failed: not now")
    #expect(session.shell.screen(id: "a")?.failure == nil)
    #expect(session.interpreter.plugins.processID(of: "faulty") != nil)
  }

  @Test func aFaultBetweenCommandsIsNoticedAndSaid() throws {
    let session = try twoPlugins()
    let pid = try #require(session.interpreter.plugins.processID(of: "faulty"))
    kill(pid, SIGKILL)
    let stopped = "plugin 'faulty' stopped: the plugin was killed by SIGKILL"
    #expect(session.waitUntil { session.shell.screen(id: "a")?.failure != nil })
    #expect(session.logs.err == ["error: \(stopped)\n"])
    #expect(session.shell.screen(id: "b")?.failure == stopped)
    expectGone(pid)
  }

  @Test func reloadStartsItAgainAndBringsItsScreensBack() throws {
    let session = try twoPlugins()
    let first = session.interpreter.plugins.processID(of: "faulty")
    #expect(session.run("fault exit").status == 1)
    let reload = session.run("reload faulty; state")
    #expect(reload.status == 0, "\(reload.err)")
    #expect(
      reload.out.first
        == "reloaded plugin 'faulty' from '\(session.folder)/faulty.sh' (2 screens brought back)")
    #expect(session.shell.screen(id: "a")?.failure == nil)
    #expect(session.shell.screen(id: "b")?.failure == nil)
    // A new process: it counts its commands from nothing.
    let show = session.run("later 0; show")
    #expect(show.out.contains { $0.hasPrefix("screen b") })
    #expect(show.out.contains { $0.hasPrefix("ran 1") })
    expectGone(first)
    let second = session.interpreter.plugins.processID(of: "faulty")
    #expect(session.run("reload faulty").status == 0)
    expectGone(second)
    session.interpreter.plugins.shutdown()
    expectGone(session.interpreter.plugins.processID(of: "faulty") ?? second)
  }
}
