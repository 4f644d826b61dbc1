import TabShellKit

extension TerminalSessions {
  /// How many programs of the terminal screens `ids` (of every one for `nil`) run: started and
  /// not ended. `quit` and `close-tab` ask before they end them.
  package func runningPrograms(inScreens ids: Set<String>?) -> Int {
    screens.count { screen in
      screen.session.ending == nil && ids.map { $0.contains(screen.context.screenID) } ?? true
    }
  }
}
