@_spi(Host) import TabShellKit

/// What one button shows in a slot of a given width, and how it gives way when the slot is narrow.
///
/// Marks that do not depend on colour: the selected item in `[brackets]`, the action button in
/// `<angle brackets>`, a disabled title between tildes (`~Title~`), a badge in parentheses after the
/// title (`Inbox(3)`). They appear in every colour mode, so the layout never depends on colour.
/// When the slot is too narrow, the title is cut first (down to its first character and "…"), then
/// the badge goes, then the icon, then the tildes; the brackets of the selected item stay.
struct BarItemContent {
  let entry: BarEntry
  let appearance: BarAppearance

  /// The widest an icon may be.
  static let iconWidth = 2

  private var brackets: (String, String) {
    if entry.isSelected { return ("[", "]") }
    if entry.isAction { return ("<", ">") }
    return (" ", " ")
  }

  private var accent: BarColor {
    entry.isSelected || entry.isAction ? appearance.tint : appearance.unselectedTint
  }

  var iconStyle: TextStyle {
    let colored = appearance.renderingMode == .template || entry.isAction
    return TextStyle(foreground: colored ? accent : nil, dim: !entry.isEnabled)
  }

  var titleStyle: TextStyle {
    TextStyle(
      foreground: entry.isAction ? nil : accent, bold: entry.isSelected || entry.isAction,
      dim: !entry.isEnabled)
  }

  static let badgeStyle = TextStyle(foreground: .red, bold: true)

  var icon: (text: String, width: Int) {
    Renderer.fit(Renderer.sanitized(entry.icon).trimmingBlanks, width: Self.iconWidth)
  }

  var badge: (text: String, width: Int)? {
    entry.badge.map { badge in
      let text = "(" + Renderer.badgeText(badge) + ")"
      return (text, displayWidth(of: text))
    }
  }

  /// The widest an item asks to be when the bar shows a window of items.
  static let widestNatural = 16

  /// The one-line form's width with nothing cut (up to ``widestNatural``).
  var naturalWidth: Int {
    let title = Renderer.fit(Renderer.sanitized(entry.title), width: Self.widestNatural).width
    let icon = icon.width
    return 2 + (icon > 0 ? icon + 1 : 0) + title + (badge?.width ?? 0) + (entry.isEnabled ? 0 : 2)
  }

  /// The one-line form, `[● 鱼塘]` or ` ✉ Inbox(3) `, centred in `width` columns.
  func line(width: Int) -> StyledLine {
    content(width: width, withIcon: true, withBadge: true).centered(in: width)
  }

  /// The title row of the multi-row bar: `[鱼塘]`, ` 消息 `, centred in `width` columns.
  func titleRow(width: Int) -> StyledLine {
    content(width: width, withIcon: false, withBadge: false).centered(in: width)
  }

  /// The icon row of the multi-row bar: the icon (the selected icon for the selected tab) and the
  /// badge, centred in `width` columns.
  func iconRow(width: Int) -> StyledLine {
    var line = StyledLine()
    let icon = icon
    line.append(icon.text, width: icon.width, style: iconStyle)
    if let badge, icon.width + badge.width <= width {
      line.append(badge.text, width: badge.width, style: Self.badgeStyle)
    }
    return line.centered(in: width)
  }

  private func content(width: Int, withIcon: Bool, withBadge: Bool) -> StyledLine {
    let (open, close) = brackets
    let title = Renderer.sanitized(entry.title)
    let titleWidth = displayWidth(of: title)
    let firstWidth = title.first.map { displayWidth(of: $0) } ?? 0
    let shortest = titleWidth <= firstWidth + 1 ? titleWidth : firstWidth + 1
    let icon = withIcon ? icon : ("", 0)
    let badge = withBadge ? badge : nil
    let tildes = entry.isEnabled ? 0 : 2
    // The ways to give way, in order: keep everything, drop the badge, the icon, then the tildes.
    let choices: [(icon: Bool, badge: Bool, tildes: Bool)] = [
      (true, true, true), (true, false, true), (false, false, true), (false, false, false),
    ]
    var chosen = choices[choices.count - 1]
    var room = 0
    for choice in choices {
      room =
        width - 2 - (choice.icon && icon.1 > 0 ? icon.1 + 1 : 0)
        - (choice.badge ? badge?.width ?? 0 : 0) - (choice.tildes ? tildes : 0)
      if room >= shortest {
        chosen = choice
        break
      }
    }
    let shownTitle = Renderer.fit(title, width: room)
    var line = StyledLine()
    let markStyle = TextStyle(foreground: accent, bold: entry.isSelected || entry.isAction)
    line.append(open, width: 1, style: entry.isSelected || entry.isAction ? markStyle : .plain)
    if chosen.icon, icon.1 > 0 {
      line.append(icon.0, width: icon.1, style: iconStyle)
      line.appendSpaces(1)
    }
    let tilde = chosen.tildes && tildes > 0 ? "~" : ""
    line.append(tilde, width: tilde.count, style: titleStyle)
    line.append(shownTitle.text, width: shownTitle.width, style: titleStyle)
    line.append(tilde, width: tilde.count, style: titleStyle)
    if chosen.badge, let badge {
      line.append(badge.text, width: badge.width, style: Self.badgeStyle)
    }
    line.append(close, width: 1, style: entry.isSelected || entry.isAction ? markStyle : .plain)
    return line
  }
}
