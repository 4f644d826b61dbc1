import TabShellLoader
import Testing

@testable import TabShellHost

/// The one XDG rule, for the three files TabShell keeps: the start-up file, the plugin folder and the
/// history. An unset, empty or relative `XDG_*` is ignored; `HOME` must be absolute; the history
/// alone falls back to the password database's home; no absolute home, no path.
@Suite struct BaseDirectoryTests {
  /// An environment, the password database's home, and the three paths expected.
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var environment: [String: String]
    var passwordHome: String? = "/pw"
    var startup: String?
    var plugins: String?
    var history: String?
  }

  static let home = (
    startup: "/h/.config/tabshell/init.tabsh", plugins: "/h/.local/share/tabshell/plugins",
    history: "/h/.local/state/tabshell/history"
  )
  static let xdg = (
    startup: "/x/tabshell/init.tabsh", plugins: "/x/tabshell/plugins",
    history: "/x/tabshell/history"
  )

  static func every(_ value: String) -> [String: String] {
    ["XDG_CONFIG_HOME": value, "XDG_DATA_HOME": value, "XDG_STATE_HOME": value]
  }

  static let cases: [Case] = [
    Case(
      description: "absolute XDG", environment: every("/x").merging(["HOME": "/h"]) { $1 },
      startup: xdg.startup, plugins: xdg.plugins, history: xdg.history),
    Case(
      description: "absolute XDG, no HOME", environment: every("/x"), passwordHome: nil,
      startup: xdg.startup, plugins: xdg.plugins, history: xdg.history),
    Case(
      description: "empty XDG", environment: every("").merging(["HOME": "/h"]) { $1 },
      startup: home.startup, plugins: home.plugins, history: home.history),
    Case(
      description: "relative XDG", environment: every("rel").merging(["HOME": "/h"]) { $1 },
      startup: home.startup, plugins: home.plugins, history: home.history),
    Case(
      description: "no XDG", environment: ["HOME": "/h"],
      startup: home.startup, plugins: home.plugins, history: home.history),
    Case(
      description: "no HOME", environment: [:],
      history: "/pw/.local/state/tabshell/history"),
    Case(
      description: "empty HOME", environment: ["HOME": ""],
      history: "/pw/.local/state/tabshell/history"),
    Case(
      description: "relative HOME", environment: ["HOME": "rel"],
      history: "/pw/.local/state/tabshell/history"),
    Case(
      description: "relative HOME and relative XDG",
      environment: every("rel").merging(["HOME": "rel"]) { $1 },
      history: "/pw/.local/state/tabshell/history"),
    Case(
      description: "relative HOME, no home in the password database",
      environment: ["HOME": "rel"], passwordHome: nil),
    Case(
      description: "relative HOME, a relative home in the password database",
      environment: ["HOME": "rel"], passwordHome: "pw"),
  ]

  @Test(arguments: cases)
  func theOneRule(_ test: Case) {
    let paths = (
      startup: ShellStartup.startupFile(test.environment),
      plugins: PluginLoader.defaultPluginDirectory(environment: test.environment),
      history: REPLHistory.defaultPath(
        environment: test.environment, passwordDatabaseHome: { test.passwordHome })
    )
    #expect(paths.startup == test.startup)
    #expect(paths.plugins == test.plugins)
    #expect(paths.history == test.history)
  }
}
