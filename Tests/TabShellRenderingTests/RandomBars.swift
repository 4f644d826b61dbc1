@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport

/// Random bars for the property tests: CJK, emoji, combining marks, very long titles, up to a
/// thousand tabs, random badges, selection, disabled tabs, action button and appearance.
struct RandomBar {
  static let pieces = [
    "Home", "Search", "Profile", "Inbox", "a", "Settings and privacy", "首页", "鱼塘", "消息", "設定",
    "한국어", "ｆｕｌｌ", "👍", "🇯🇵", "👨‍👩‍👧", "❤️", "1️⃣", "e\u{301}", "n\u{303}o", "a\u{308}\u{304}",
    "Ωμέγα", "…", "x", "Tab 7",
  ]
  static let icons = ["⌂", "●", "☆", "👍", "首", "ab", "🇯🇵", "", "★★★", "e\u{301}"]
  static let badges = ["new", "!", "", "日本語のバッジ", "a very long badge", "7", "99", "100"]

  let shell: Shell
  let width: Int
  let selectedTitle: String

  init(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let shell = try makeShell()
    // What is tested here is drawing; the core's invariants have their own randomized tests, and
    // checking them after each of up to 1,000 added tabs would take most of this suite's time.
    shell.checksInvariants = false
    let roll = Int.random(in: 0..<10, using: &random)
    let count =
      roll < 7
      ? Int.random(in: 1...8, using: &random)
      : roll < 9
        ? Int.random(in: 9...60, using: &random) : Int.random(in: 61...1000, using: &random)
    for index in 1...count {
      try shell.addTab(
        type: "text", id: "t\(index)", title: Self.title(&random),
        icon: Self.icons.randomElement(using: &random),
        selectedIcon: Self.icons.randomElement(using: &random))
    }
    for _ in 0..<min(count, 20) where Bool.random(using: &random) {
      let tab = TabReference("t\(Int.random(in: 1...count, using: &random))")
      switch Int.random(in: 0..<4, using: &random) {
      case 0: try shell.setBadge(tab, to: String(Int.random(in: 0...100_000, using: &random)))
      case 1: try shell.setBadge(tab, to: Self.badges.randomElement(using: &random))
      case 2: try shell.setEnabled(tab, false)
      default: break
      }
    }
    let selected = Int.random(in: 1...count, using: &random)
    try shell.setEnabled("t\(selected)", true)
    try shell.select("t\(selected)")
    // Disabling the selected tab keeps it selected.
    if Int.random(in: 0..<5, using: &random) == 0 { try shell.setEnabled("t\(selected)", false) }
    if Bool.random(using: &random) {
      try shell.setActionButton(type: "post", title: Self.title(&random), icon: "⊕")
    }
    var appearance = BarAppearance()
    appearance.positioning = Bool.random(using: &random) ? .fill : .centered
    appearance.itemWidth = Int.random(in: 1...30, using: &random)
    appearance.itemSpacing = Int.random(in: 0...4, using: &random)
    appearance.renderingMode = Bool.random(using: &random) ? .template : .original
    shell.setAppearance(appearance)
    self.shell = shell
    width = Int.random(in: 10...500, using: &random)
    selectedTitle = shell.item(at: selected)?.title ?? ""
  }

  private static func title(_ random: inout SplitMix64) -> String {
    let parts =
      Int.random(in: 0..<10, using: &random) == 0
      ? Int.random(in: 20...200, using: &random)
      : Int.random(in: 1...3, using: &random)
    return (0..<parts).map { _ in pieces.randomElement(using: &random) ?? "x" }.joined(
      separator: " ")
  }
}

/// The text inside the first `[…]` of a line: the selected item.
func selectedSegment(of line: String) -> String? {
  guard let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]") else {
    return nil
  }
  return String(line[line.index(after: open)..<close])
}

/// Whether a segment shows the title whole, or a non-empty prefix of it followed by "…".
func showsTitleOrPrefix(_ segment: String, title: String) -> Bool {
  if segment.contains(title) { return true }
  var prefix = ""
  for character in title {
    prefix.append(character)
    let kept = prefix.trimmingTrailingSpaces
    if !kept.isEmpty, kept != title, segment.contains(kept + "…") { return true }
  }
  return false
}

/// A line without its SGR escape sequences.
func strippingEscapes(_ line: String) -> String {
  var result = String.UnicodeScalarView()
  var inEscape = false
  for scalar in line.unicodeScalars {
    if inEscape {
      if scalar == "m" { inEscape = false }
    } else if scalar == "\u{1B}" {
      inEscape = true
    } else {
      result.append(scalar)
    }
  }
  return String(result)
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
