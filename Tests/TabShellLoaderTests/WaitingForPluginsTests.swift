import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import Testing

/// `wait-for` and `sleep` take in the process plugins' requests while they wait (docs/Contract.md,
/// "Scripts drive screens"), not only between two commands.
@Suite struct WaitingForPluginsTests {
  /// The plugin sets a badge 0.2 s after `later 1`; the hook that sets off runs a command of the
  /// screen, which changes what it draws (`ran 2`): the wait sees it only if the request was
  /// taken in while it waited.
  @Test func waitForSeesWhatAPluginsRequestSetOff() throws {
    let session = try ProcessSession()
    let run = session.run(
      """
      load \(try session.faulty())
      add-tab faulty --id a
      on badge-changed later 0 --quiet
      later 1
      wait-for --timeout 5 'ran 2'
      """)
    #expect(run.status == 0, "\(run.err)")
    #expect(session.shell.tab(at: 1)?.item.badge == "1")
  }

  @Test func aWaitThatTimesOutShowsThePluginsScreen() throws {
    let session = try ProcessSession()
    let run = session.run(
      "load \(try session.faulty()); size 30 8; add-tab faulty --id a\nwait-for --timeout 0.2 x")
    #expect(run.status == 1)
    #expect(
      run.err == [
        "t:2:1: error: wait-for timed out after 0.2 s: screen 'a' does not show 'x'; its text:\n"
          + "    | screen a\n    | ran 0\n"
      ])
  }
}
