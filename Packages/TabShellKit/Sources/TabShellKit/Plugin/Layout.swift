/// A named arrangement of tabs, applied by `layout NAME`.
///
/// The shell first closes everything, then calls ``build`` with a ``LayoutBuilder``: each of its
/// calls is a change of its own, made at once (its events and its screens' lifecycle included).
public struct Layout: Sendable {
  /// The name scripts use (the rule of ``ScreenType/name``).
  public var name: String
  /// One line for `help layout`.
  public var summary: String
  /// Builds the layout; a thrown error stops it, and `layout NAME` fails with its description.
  public var build: @Sendable (LayoutBuilder) throws -> Void

  /// Makes a layout.
  public init(
    name: String, summary: String, build: @escaping @Sendable (LayoutBuilder) throws -> Void
  ) {
    self.name = name
    self.summary = summary
    self.build = build
  }
}

/// What a layout may do while it builds: add tabs, set badges, the action button and the bar's
/// appearance. Valid only while its layout builds; a call after that throws.
///
/// Isolation: used only on the thread that owns the shell, during ``Layout/build``.
public final class LayoutBuilder {
  /// The shell until it goes (``OwnerLink``, not a weak reference), while the layout builds.
  private let link: OwnerLink<Shell>
  private var isClosed = false

  init(shell: Shell) { self.link = shell.link }

  func close() { isClosed = true }

  private func open() throws -> Shell {
    guard !isClosed, let shell = link.object else { throw ShellError.layoutBuilderClosed }
    return shell
  }

  /// Adds a tab whose root is a new screen of `type`; returns the tab's id. The first tab becomes
  /// the selection. `position` (1-based) defaults to the end.
  @discardableResult
  public func addTab(
    type: String, id: String? = nil, title: String? = nil, icon: String? = nil,
    selectedIcon: String? = nil, at position: Int? = nil, parameters: [String: String] = [:]
  ) throws -> String {
    let tab = NewTab(
      NewScreen(type: type, id: id, title: title, parameters: parameters), icon: icon,
      selectedIcon: selectedIcon, at: position)
    guard case .screen(let id) = try open().send(.addTab(tab)) else { return "" }
    return id
  }

  /// Sets the badge of a tab (a position, an id or a title); `nil` clears it.
  public func setBadge(_ tab: String, to value: String?) throws {
    try open().send(.setBadge(TabReference(tab), to: value))
  }

  /// Sets the centre action button, which presents a screen of `type` when tapped.
  public func setActionButton(type: String, title: String? = nil, icon: String? = nil) throws {
    try open().send(.setActionButton(type: type, title: title, icon: icon))
  }

  /// Sets how the bar lays out and colours its items.
  public func setAppearance(_ appearance: BarAppearance) throws {
    try open().send(.setAppearance(appearance))
  }
}
