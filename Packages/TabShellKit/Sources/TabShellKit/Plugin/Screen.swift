/// One screen: an instance of a ``ScreenType``, owned by the host.
///
/// The host calls the lifecycle methods in the order of the behaviour contract (docs/Contract.md,
/// "Lifecycle"): `viewDidLoad` once, just before the first `viewWillAppear`; every change of the
/// visible screen from A to B runs `B.viewWillAppear`, `A.viewWillDisappear`, `A.viewDidDisappear`,
/// `B.viewDidAppear`; a swipe abandoned half-way runs `B.viewWillAppear`, `A.viewWillDisappear`,
/// `A.viewWillAppear`, `A.viewDidAppear`, `B.viewWillDisappear`, `B.viewDidDisappear`; and
/// ``willDeinit()`` exactly once when the screen leaves for good. Every method has an empty default.
///
/// Isolation: a screen is not `Sendable`. It is created, called and released on the thread that owns
/// the shell, and must not be handed to another.
///
/// A method that throws puts the screen into an error state that says what happened (the screen
/// shows it instead of its content) and stops the timers it holds (``ScreenTimer``); the shell,
/// the other screens and the lifecycle go on.
public protocol Screen: AnyObject {
  /// Called once, just before the screen first appears.
  func viewDidLoad() throws
  /// The screen is about to become the visible screen.
  func viewWillAppear() throws
  /// The screen is now the visible screen.
  func viewDidAppear() throws
  /// The screen is about to stop being the visible screen.
  func viewWillDisappear() throws
  /// The screen is no longer the visible screen.
  func viewDidDisappear() throws
  /// The screen leaves for good (popped, its tab closed, dismissed); called exactly once.
  func willDeinit()
  /// Draws the screen's content into the region the host gives it.
  ///
  /// The canvas clips: whatever is written outside the region is dropped. A screen that has the
  /// focus may place the cursor (``Canvas/cursor``).
  func draw(in canvas: inout Canvas)
  /// Takes one input (a key, text, a paste, a mouse event, the focus, a new size), when the screen's
  /// type takes input (``ScreenType/takesInput``); returns whether it handled it. The default
  /// handles nothing. A screen whose content changed asks to be drawn again
  /// (``ScreenContext/setNeedsDisplay()``).
  func handle(_ input: ScreenInput) -> Bool
}

extension Screen {
  public func viewDidLoad() throws {}
  public func viewWillAppear() throws {}
  public func viewDidAppear() throws {}
  public func viewWillDisappear() throws {}
  public func viewDidDisappear() throws {}
  public func willDeinit() {}
  public func draw(in canvas: inout Canvas) {}
  public func handle(_ input: ScreenInput) -> Bool { false }
}
