/// A screen's way back to the host: the delegate requests of a hand-made tab bar, made safe.
///
/// Each screen gets its own context (in ``ScreenConfiguration/context``). A request waits until the
/// change under way is complete (for example one made from `viewDidAppear`), or the screen command
/// that made it has run, then runs as a change of its own. A request that cannot be carried out
/// (the tab is gone, a modal is presented) is reported as a `request-failed` event, never as a
/// crash. Requests that keep setting off more requests are stopped after a limit, and the command
/// that set them off fails, naming the screen.
///
/// A selection asked for here is *programmatic*: it runs no should-select hooks.
///
/// Isolation: used only on the thread that owns the shell.
public final class ScreenContext {
  /// The id of the screen this context belongs to.
  public let screenID: String
  weak var shell: Shell?

  init(screenID: String, shell: Shell) {
    self.screenID = screenID
    self.shell = shell
  }

  /// Sets (or with `nil` clears) the badge of the tab that holds this screen.
  public func setBadge(_ value: String?) { send(.setBadge(value)) }
  /// Hides or shows the tab bar (the bar's own flag, as `hide-bar` and `show-bar` set it).
  public func setBarHidden(_ hidden: Bool) { send(.setBarHidden(hidden)) }
  /// Hides the bar while this screen is on the selected tab's stack, as `push --hides-bar` does: the
  /// bar comes back by itself when another tab is selected or the screen leaves, and a `hide-bar` of
  /// the user's is left as it was. `false` undoes it.
  public func setHidesBar(_ hides: Bool) { send(.setHidesBar(hides)) }
  /// Selects a tab, given as a position, an id or a title.
  public func selectTab(_ tab: String) { send(.selectTab(tab)) }
  /// Pushes a new screen of the named type onto the selected tab's stack.
  public func push(_ type: String, title: String? = nil, hidesBar: Bool = false) {
    send(.push(type: type, title: title, hidesBar: hidesBar))
  }
  /// Presents a new screen of the named type modally.
  public func present(_ type: String) { send(.present(type: type)) }
  /// Dismisses the presented screen.
  public func dismiss() { send(.dismiss) }
  /// Writes a line to the shell's event stream (shown by `trace on`).
  public func log(_ message: String) { send(.log(message)) }

  private func send(_ request: ScreenRequest) {
    shell?.enqueue(request, from: screenID)
  }
}
