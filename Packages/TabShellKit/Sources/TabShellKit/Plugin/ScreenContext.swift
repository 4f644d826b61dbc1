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
  /// The shell, until it goes (``OwnerLink``, not a weak reference): `nil` after, and the
  /// context's requests are dropped.
  @_spi(Host) public var shell: Shell? { link.object }
  private let link: OwnerLink<Shell>

  init(screenID: String, shell: Shell) {
    self.screenID = screenID
    self.link = shell.link
  }

  /// Asks the host for something (see ``ScreenRequest``): it runs once the change under way is
  /// complete. A request of a screen that has left is dropped.
  public func send(_ request: ScreenRequest) {
    shell?.enqueue(request, from: screenID)
  }

  /// Sets (or with `nil` clears) the badge of the tab that holds this screen: `send(.setBadge(value))`.
  public func setBadge(_ value: String?) { send(.setBadge(value)) }
  /// Hides or shows the tab bar: `send(.setBarHidden(hidden))`.
  public func setBarHidden(_ hidden: Bool) { send(.setBarHidden(hidden)) }
  /// Hides the bar while this screen is on the selected tab's stack: `send(.setHidesBar(hides))`.
  public func setHidesBar(_ hides: Bool) { send(.setHidesBar(hides)) }
  /// Selects a tab, given as a position, an id or a title: `send(.selectTab(tab))`.
  public func selectTab(_ tab: String) { send(.selectTab(tab)) }
  /// Pushes a new screen of the named type onto the selected tab's stack: `send(.push(…))`.
  public func push(_ type: String, title: String? = nil, hidesBar: Bool = false) {
    send(.push(type, title: title, hidesBar: hidesBar))
  }
  /// Presents a new screen of the named type modally: `send(.present(type))`.
  public func present(_ type: String) { send(.present(type)) }
  /// Dismisses the presented screen: `send(.dismiss)`.
  public func dismiss() { send(.dismiss) }
  /// Writes a line to the shell's event stream (shown by `trace on`): `send(.log(message))`.
  public func log(_ message: String) { send(.log(message)) }
  /// Says that this screen's content changed, to be drawn again if it is visible:
  /// `send(.setNeedsDisplay)`.
  public func setNeedsDisplay() { send(.setNeedsDisplay) }
  /// Gives this screen a title of its own, unless it was given one: `send(.setTitle(title))`.
  public func setTitle(_ title: String) { send(.setTitle(title)) }
  /// Rings the bell: `send(.bell)`.
  public func bell() { send(.bell) }
  /// Says that this screen's content changed while it is not visible: `send(.activity)`.
  public func activity() { send(.activity) }
  /// Says that what this screen runs ended with a status: `send(.exited(status: status))`.
  public func exited(status: Int) { send(.exited(status: status)) }
}
