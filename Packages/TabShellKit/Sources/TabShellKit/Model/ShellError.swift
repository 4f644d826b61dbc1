/// Why the shell refused a change. Nothing changed when one is thrown, except after
/// ``requestRunaway(screen:limit:)``: the change was made and the screens' requests were cut off.
///
/// ``description`` is the message a user sees, with user input in quotes.
@_spi(Host)
@frozen
public enum ShellError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No tab matches the position, id or title; maybe one is close.
  case noSuchTab(String, suggestion: String? = nil)
  /// The command needs a tab and there are none.
  case noTabs
  /// The tab is disabled.
  case tabDisabled(id: String)
  /// Tabs cannot be selected, nor stacks changed, while a modal screen is presented.
  case modalPresented(id: String)
  /// `dismiss` with no modal screen.
  case noModal
  /// `pop` at the root of a stack.
  case atRoot(tab: String)
  /// `last-tab` with no previous tab.
  case noPreviousTab
  /// `action` with no action button.
  case noActionButton
  /// No loaded plugin provides this screen type.
  case unknownScreenType(String, suggestion: String?)
  /// No loaded plugin provides this layout; the ones there are.
  case unknownLayout(String, suggestion: String?, available: [String] = [])
  /// An id given with `--id` names a screen that exists.
  case idInUse(String)
  /// An id given with `--id` is not a valid id.
  case invalidID(String)
  /// A position outside the tabs.
  case positionOutOfRange(Int, count: Int)
  /// A screen type refused to make a screen.
  case screenRefused(type: String, message: String)
  /// The value given for a parameter a screen type declares is not of the parameter's kind.
  case invalidParameter(type: String, option: String, error: ArgumentError)
  /// A plugin provides a screen type or layout whose name is taken.
  case nameTaken(kind: String, name: String, owner: String)
  /// A layout failed to build.
  case layoutFailed(name: String, message: String)
  /// A plugin is refused at registration: a name it declares is not valid.
  case pluginRefused(plugin: String, reason: String)
  /// Screens kept asking for changes (each change setting off more requests) past the limit.
  case requestRunaway(screen: String, limit: Int)
  /// An interactive swipe is under way; it must end first.
  case swipeInProgress
  /// A layout builder was used after its layout was built.
  case layoutBuilderClosed
  /// No screen has this id.
  case noSuchScreen(String)
  /// Input was sent to a screen whose type takes none.
  case takesNoInput(screen: String)
  /// Input was sent to a screen that has not loaded (it has never been shown).
  case notLoaded(screen: String)
  /// A change of a tab's panes was refused.
  case pane(PaneError)

  public var description: String {
    switch self {
    case .noSuchTab(let ref, let suggestion):
      "no tab \(quoted(ref))" + (suggestion.map { "; did you mean \(quoted($0))?" } ?? "")
    case .noTabs: "there are no tabs"
    case .tabDisabled(let id): "tab '\(id)' is disabled"
    case .modalPresented(let id): "a modal screen ('\(id)') is presented; dismiss it first"
    case .noModal: "no modal screen is presented"
    case .atRoot(let tab): "tab '\(tab)' is already at its root screen"
    case .noPreviousTab: "there is no previously selected tab"
    case .noActionButton: "there is no action button; add one with 'add-action'"
    case .unknownScreenType(let name, let suggestion):
      "unknown screen type \(quoted(name))"
        + (suggestion.map { "; did you mean \(quoted($0))?" } ?? "")
    case .unknownLayout(let name, let suggestion, let available):
      "unknown layout \(quoted(name))"
        + (suggestion.map { "; did you mean \(quoted($0))?" }
          ?? (available.isEmpty ? "" : "; the layouts are " + available.joined(separator: ", ")))
    case .idInUse(let id): "id \(quoted(id)) is in use"
    case .invalidID(let id):
      "invalid id \(quoted(id)): use letters, digits, '-', '_' and '.', not only digits nor '.' alone"
    case .positionOutOfRange(let n, let count):
      "position \(n) is out of range (1...\(count))"
    case .screenRefused(let type, let message):
      "screen type '\(type)' failed: \(neutralized(message))"
    case .invalidParameter(let type, let option, let error):
      "option '\(option)' of screen type '\(type)' must be \(error.expected), not "
        + quoted(error.word)
    case .nameTaken(let kind, let name, let owner):
      "\(kind) '\(name)' is taken by plugin '\(owner)'"
    case .layoutFailed(let name, let message): "layout '\(name)' failed: \(neutralized(message))"
    case .pluginRefused(let plugin, let reason):
      "plugin '\(plugin)' refused: \(neutralized(reason))"
    case .requestRunaway(let screen, let limit):
      "screen '\(screen)' keeps asking for changes that set off more requests; stopped after "
        + "\(limit) requests"
    case .swipeInProgress: "a swipe is under way"
    case .layoutBuilderClosed: "the layout was already built; its builder is closed"
    case .noSuchScreen(let id): "no screen \(quoted(id))"
    case .takesNoInput(let screen): "screen \(quoted(screen)) takes no input"
    case .notLoaded(let screen): "screen \(quoted(screen)) has not loaded yet (it was never shown)"
    case .pane(let error): error.description
    }
  }
}
