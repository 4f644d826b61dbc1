/// What a screen asks of the host: one definition for Swift screens (through
/// ``ScreenContext/send(_:)``) and process plugins (whose `host/…` requests the host reads into
/// it).
///
/// A request runs as a change of its own once the change under way is complete (see
/// ``ScreenContext``); one that cannot be carried out (the tab is gone, a modal is presented) is a
/// `request-failed` event, never a crash.
///
/// A kind that can grow: requests are made with the static constructors below, so a request added
/// later breaks no plugin.
public struct ScreenRequest: Equatable, Sendable {
  /// The requests, for the shell.
  @_spi(Host)
  @frozen
  public enum Kind: Equatable, Sendable {
    /// ``ScreenRequest/setBadge(_:)``.
    case setBadge(String?)
    /// ``ScreenRequest/setBarHidden(_:)``.
    case setBarHidden(Bool)
    /// ``ScreenRequest/setHidesBar(_:)``.
    case setHidesBar(Bool)
    /// ``ScreenRequest/selectTab(_:)``.
    case selectTab(String)
    /// ``ScreenRequest/push(_:title:hidesBar:)``.
    case push(type: String, title: String?, hidesBar: Bool)
    /// ``ScreenRequest/present(_:)``.
    case present(type: String)
    /// ``ScreenRequest/dismiss``.
    case dismiss
    /// ``ScreenRequest/log(_:)``.
    case log(String)
    /// ``ScreenRequest/setNeedsDisplay``.
    case setNeedsDisplay
    /// ``ScreenRequest/setTitle(_:)``.
    case setTitle(String)
    /// ``ScreenRequest/bell``.
    case bell
    /// ``ScreenRequest/activity``.
    case activity
    /// ``ScreenRequest/exited(status:)``.
    case exited(status: Int)
  }

  /// Sets (or with `nil` clears) the badge of the tab that holds the screen.
  public static func setBadge(_ value: String?) -> ScreenRequest { .init(.setBadge(value)) }
  /// Hides or shows the tab bar (the bar's own flag, as `hide-bar` and `show-bar` set it).
  public static func setBarHidden(_ hidden: Bool) -> ScreenRequest { .init(.setBarHidden(hidden)) }
  /// Hides the bar while the screen is on the selected tab's stack, as `push --hides-bar` does:
  /// the bar comes back by itself when another tab is selected or the screen leaves, and a
  /// `hide-bar` of the user's is left as it was. `false` undoes it.
  public static func setHidesBar(_ hides: Bool) -> ScreenRequest { .init(.setHidesBar(hides)) }
  /// Selects a tab, given as a position, an id or a title: a *programmatic* selection, which runs
  /// no should-select hooks.
  public static func selectTab(_ tab: String) -> ScreenRequest { .init(.selectTab(tab)) }
  /// Pushes a new screen of the named type onto the selected tab's stack; a title, if given, is
  /// made safe as ``setTitle(_:)``'s is.
  public static func push(_ type: String, title: String? = nil, hidesBar: Bool = false)
    -> ScreenRequest
  {
    .init(.push(type: type, title: title, hidesBar: hidesBar))
  }
  /// Presents a new screen of the named type modally.
  public static func present(_ type: String) -> ScreenRequest { .init(.present(type: type)) }
  /// Dismisses the presented screen.
  public static var dismiss: ScreenRequest { .init(.dismiss) }
  /// Writes a line to the shell's event stream (shown by `trace on`).
  public static func log(_ message: String) -> ScreenRequest { .init(.log(message)) }
  /// Says that the screen's content changed: the host draws it again if it is visible.
  public static var setNeedsDisplay: ScreenRequest { .init(.setNeedsDisplay) }
  /// Gives the screen a title of its own (a terminal's program names itself): the screen's title,
  /// and its tab's when it is the tab's root, unless the screen was given one (`--title`,
  /// `rename-tab`), which it keeps. The shell keeps it made safe: control characters written out
  /// (`\u{1B}`), at most 64 characters, blanks at either end dropped.
  public static func setTitle(_ title: String) -> ScreenRequest { .init(.setTitle(title)) }
  /// Rings the bell: a `bell` event; the bar marks the screen's tab, unless it is selected, until
  /// it is selected. While the tab is marked so, the bell makes no event: one until it is selected.
  public static var bell: ScreenRequest { .init(.bell) }
  /// Says that the screen's content changed while it is not visible: an `activity` event; the bar
  /// marks the screen's tab, unless it is selected, until it is selected. The screen says it once
  /// until it is visible again; while the tab is marked so, it makes no event anyway.
  public static var activity: ScreenRequest { .init(.activity) }
  /// Says that what the screen runs ended with a status (a terminal's program): an `exited` event
  /// whose hooks read the status as `$status`.
  public static func exited(status: Int) -> ScreenRequest { .init(.exited(status: status)) }

  /// What is asked.
  @_spi(Host) public let kind: Kind

  /// Makes a request of a kind.
  @_spi(Host) public init(_ kind: Kind) { self.kind = kind }
}
