import TabShellKit

extension Layout {
  /// Three pages (music, play, star) that swipe into each other, starting on the middle one; the bar
  /// and the pager are two views of one selection, so a cancelled swipe never leaves them out of step.
  static let swipeable = Layout(
    name: "swipeable", summary: "three swipeable pages (music, play, star), starting on play"
  ) { layout in
    // The middle page is added first so that it is the selection from the start and the others
    // are never loaded until they are shown.
    try layout.addTab(
      type: "page", id: "play", title: "Play", icon: "▷", selectedIcon: "▶",
      parameters: ["color": "blue"])
    try layout.addTab(
      type: "page", id: "music", title: "Music", icon: "♪", selectedIcon: "♫", at: 1,
      parameters: ["color": "red"])
    try layout.addTab(
      type: "page", id: "star", title: "Star", icon: "☆", selectedIcon: "★",
      parameters: ["color": "yellow"])
    var appearance = BarAppearance()
    appearance.positioning = .centered
    appearance.itemWidth = 10
    appearance.itemSpacing = 1
    appearance.tint = .blue
    appearance.unselectedTint = .gray
    appearance.renderingMode = .original
    try layout.setAppearance(appearance)
  }

  /// The Xianyu bar: 首页 鱼塘 消息 我的, with a centre 发布 button that presents a post screen.
  static let xianyu = Layout(
    name: "xianyu", summary: "首页 鱼塘 [发布] 消息 我的, with a centre post button"
  ) { layout in
    let items: [(id: String, title: String, icon: String, selected: String)] = [
      ("home", "首页", "⌂", "⌂"), ("pond", "鱼塘", "◌", "●"),
      ("messages", "消息", "✉", "✉"), ("me", "我的", "☺", "☻"),
    ]
    for item in items {
      try layout.addTab(
        type: "text", id: item.id, title: item.title, icon: item.icon,
        selectedIcon: item.selected, parameters: ["text": item.title])
    }
    try layout.setActionButton(type: "post", title: "发布", icon: "⊕")
    var appearance = BarAppearance()
    appearance.tint = .orange
    try layout.setAppearance(appearance)
  }

  /// Tabs declared from one enumeration of items, each with its icon and selected icon.
  static let profile = Layout(
    name: "profile", summary: "tabs declared from one enumeration, each with its selected icon"
  ) { layout in
    for item in ProfileItem.allCases {
      try layout.addTab(
        type: "text", id: item.rawValue, title: item.name, icon: item.icon,
        selectedIcon: item.selectedIcon, parameters: ["text": item.text])
    }
  }

  /// First, Second and Third screens that log their lifecycle; Second hides the bar while visible.
  static let lifecycle = Layout(
    name: "lifecycle", summary: "First, Second, Third log their lifecycle; Second hides the bar"
  ) { layout in
    try layout.addTab(type: "logger", id: "first", title: "First", icon: "◔")
    try layout.addTab(
      type: "logger", id: "second", title: "Second", icon: "◑", parameters: ["hides-bar": "yes"])
    try layout.addTab(type: "logger", id: "third", title: "Third", icon: "◕")
  }

  /// The REPL's default: a little of everything.
  static let demo = Layout(
    name: "demo", summary: "the REPL's default: four tabs, a badge and a post button"
  ) { layout in
    try layout.addTab(
      type: "text", id: "home", title: "Home", icon: "⌂",
      parameters: ["text": "Welcome to TabShell. Try 'tab 2', 'swipe left' or 'help'."])
    try layout.addTab(
      type: "page", id: "feed", title: "Feed", icon: "▤", parameters: ["color": "blue"])
    try layout.addTab(
      type: "logger", id: "inbox", title: "Inbox", icon: "✉")
    try layout.addTab(
      type: "text", id: "profile", title: "Profile", icon: "☺",
      parameters: ["text": "Your profile"])
    try layout.setBadge("inbox", to: "3")
    try layout.setActionButton(type: "post", title: "Post", icon: "⊕")
  }
}

/// The `profile` layout's items: one enumeration declares them all.
enum ProfileItem: String, CaseIterable {
  case home, search, favourites, profile

  var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  var icon: String {
    switch self {
    case .home: "○"
    case .search: "◇"
    case .favourites: "♡"
    case .profile: "☆"
    }
  }

  var selectedIcon: String {
    switch self {
    case .home: "●"
    case .search: "◆"
    case .favourites: "♥"
    case .profile: "★"
    }
  }

  var text: String { "\(name) screen" }
}
