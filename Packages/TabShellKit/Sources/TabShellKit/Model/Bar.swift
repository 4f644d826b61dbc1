/// The tab bar's own settings: whether it is hidden, its action button and its appearance.
///
/// The items themselves belong to the tabs (each tab's ``BarItem``).
public struct Bar: Equatable, Sendable {
  /// Hidden by `hide-bar` or a screen's request. A pushed screen with `hidesBar` hides the bar too,
  /// without changing this flag.
  public var isHidden = false
  /// The centre action button, if any.
  public var actionButton: ActionButton?
  /// How the items are laid out and coloured.
  public var appearance = BarAppearance()

  /// Makes a visible bar with no action button and the default appearance.
  public init() {}
}

/// What a tab shows in the bar.
public struct BarItem: Equatable, Sendable {
  /// The title under the icon.
  public var title: String
  /// The icon, a short string (usually one glyph).
  public var icon: String
  /// The icon shown while the tab is selected.
  public var selectedIcon: String
  /// The badge, or `nil` for none.
  public var badge: String?
  /// A disabled item cannot be selected by a tap or a swipe.
  public var isEnabled = true
  /// A screen of the tab rang the bell (``ScreenRequest/bell``) since the tab was last selected:
  /// the bar marks it, apart from its badge, until it is selected.
  public var hasBell = false
  /// A screen of the tab had new content while the tab was not selected
  /// (``ScreenRequest/activity``): the bar marks it, apart from its badge, until it is selected.
  public var hasActivity = false

  /// Makes an item.
  public init(
    title: String, icon: String, selectedIcon: String, badge: String? = nil, isEnabled: Bool = true
  ) {
    self.title = title
    self.icon = icon
    self.selectedIcon = selectedIcon
    self.badge = badge
    self.isEnabled = isEnabled
  }
}

/// The centre "post" button: a bar button that presents a screen and never becomes the selection.
public struct ActionButton: Equatable, Sendable {
  /// The screen type it presents.
  public var screenType: String
  /// Its title.
  public var title: String
  /// Its icon.
  public var icon: String

  /// Makes an action button.
  public init(screenType: String, title: String, icon: String) {
    self.screenType = screenType
    self.title = title
    self.icon = icon
  }
}

/// Layout settings of the bar, as a native tab bar has them.
public struct BarAppearance: Equatable, Sendable {
  /// How items share the bar's width.
  public enum Positioning: String, Sendable, CaseIterable {
    /// Items share the whole width.
    case fill
    /// Items have ``BarAppearance/itemWidth`` and ``BarAppearance/itemSpacing`` and sit in the middle.
    case centered
  }

  /// How icons are coloured.
  public enum RenderingMode: String, Sendable, CaseIterable {
    /// Icons take the tint colour.
    case template
    /// Icons keep their own colour.
    case original
  }

  /// Item positioning.
  public var positioning: Positioning = .fill
  /// Item width in columns, for ``Positioning/centered``.
  public var itemWidth = 12
  /// Columns between items, for ``Positioning/centered``.
  public var itemSpacing = 1
  /// The colour of the selected item.
  public var tint: BarColor = .blue
  /// The colour of the other items.
  public var unselectedTint: BarColor = .gray
  /// How icons are coloured.
  public var renderingMode: RenderingMode = .template

  /// Makes the default appearance.
  public init() {}
}

/// A colour, as an RGB triple; renderers map it to what the terminal can show.
public struct BarColor: Equatable, Hashable, Sendable {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// Makes a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The system blue.
  public static let blue = BarColor(red: 0, green: 122, blue: 255)
  /// The system gray.
  public static let gray = BarColor(red: 142, green: 142, blue: 147)
  /// The system red.
  public static let red = BarColor(red: 255, green: 59, blue: 48)
  /// The system yellow.
  public static let yellow = BarColor(red: 255, green: 204, blue: 0)
  /// The system orange.
  public static let orange = BarColor(red: 255, green: 149, blue: 0)
  /// Black.
  public static let black = BarColor(red: 0, green: 0, blue: 0)
}
