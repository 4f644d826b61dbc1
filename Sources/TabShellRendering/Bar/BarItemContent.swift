@_spi(Host) import TabShellKit

/// What one button shows in a slot of a given width, and how it gives way when the slot is narrow.
///
/// Marks that do not depend on colour: the selected item in `[brackets]`, the action button in
/// `<angle brackets>`, a disabled title between tildes (`~Title~`), a badge in parentheses after the
/// title (`Inbox(3)`), and before the badge the mark of a tab that rang the bell (`!`) or had
/// activity (`#`) since it was last selected (`Shell!(3)`). They appear in every colour mode, so the
/// layout never depends on colour.
/// A tab's position comes first (`3 ✉ Inbox(3)`): what the user sees is what `tab 3` and the key 3
/// select, the action button (which has no position) in between or not.
///
/// When the slot is too narrow, things give way in this order: the icon (when the whole title then
/// fits), the title's end (cut down to its first character and "…"), the title (when an icon is left
/// to tell the item: `3 ✉(3)`), the badge, the tildes, the title. A badge is never dropped before
/// the title is, and the position and the brackets of the selected item always stay.
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

  static let markStyle = TextStyle(bold: true)

  /// What follows the title: the mark, then the badge in parentheses; `nil` for neither. Both go
  /// together when the slot is narrow.
  var badge: (text: String, width: Int)? {
    let mark = entry.mark?.rawValue ?? ""
    guard let badge = entry.badge else { return entry.mark == nil ? nil : (mark, 1) }
    let text = mark + "(" + Renderer.badgeText(badge) + ")"
    return (text, displayWidth(of: text))
  }

  /// Appends what ``badge`` holds: the mark in its style, the badge in its own.
  private func appendBadge(_ badge: (text: String, width: Int), to line: inout StyledLine) {
    var text = Substring(badge.text)
    var width = badge.width
    if let mark = entry.mark {
      line.append(mark.rawValue, width: 1, style: Self.markStyle)
      text = text.dropFirst()
      width -= 1
    }
    if width > 0 { line.append(String(text), width: width, style: Self.badgeStyle) }
  }

  /// The widest an item asks to be when the bar shows a window of items.
  static let widestNatural = 16

  /// The one-line form's width with nothing cut (up to ``widestNatural``).
  var naturalWidth: Int {
    let title = Renderer.fit(Renderer.sanitized(entry.title), width: Self.widestNatural).width
    let icon = icon.width
    return 2 + numberWidth + (icon > 0 ? icon + 1 : 0) + title + (badge?.width ?? 0)
      + (entry.isEnabled ? 0 : 2)
  }

  /// The position as shown ("12"), empty for the action button.
  private var number: String { entry.position.map(String.init) ?? "" }

  /// The position's columns with the blank after it.
  private var numberWidth: Int { entry.position == nil ? 0 : number.utf8.count + 1 }

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
    if let badge, icon.width + badge.width <= width { appendBadge(badge, to: &line) }
    return line.centered(in: width)
  }

  /// What a form keeps of the item.
  private struct Shape {
    enum Title { case whole, cut, none }
    var icon: Bool
    var title: Title
    var badge: Bool
    var tildes: Bool
  }

  /// The forms to try, widest first (see the type's documentation).
  private static let shapes: [Shape] = [
    Shape(icon: true, title: .whole, badge: true, tildes: true),
    Shape(icon: false, title: .whole, badge: true, tildes: true),
    Shape(icon: true, title: .cut, badge: true, tildes: true),
    Shape(icon: false, title: .cut, badge: true, tildes: true),
    Shape(icon: true, title: .none, badge: true, tildes: false),
    Shape(icon: false, title: .cut, badge: false, tildes: true),
    Shape(icon: false, title: .cut, badge: false, tildes: false),
    Shape(icon: true, title: .none, badge: false, tildes: false),
    Shape(icon: false, title: .none, badge: false, tildes: false),
  ]

  private func content(width: Int, withIcon: Bool, withBadge: Bool) -> StyledLine {
    let (open, close) = brackets
    let title = Renderer.sanitized(entry.title)
    let titleWidth = displayWidth(of: title)
    let firstWidth = title.first.map { displayWidth(of: $0) } ?? 0
    let shortest = titleWidth <= firstWidth + 1 ? titleWidth : firstWidth + 1
    let icon = withIcon ? icon : ("", 0)
    let badge = withBadge ? badge : nil
    let form = choose(
      width: width, icon: icon.1, badge: badge?.width, title: (titleWidth, shortest))
    let shownTitle = form.shape.title == .none ? ("", 0) : Renderer.fit(title, width: form.room)
    let showsIcon = form.shape.icon && icon.1 > 0
    let showsTitle = form.shape.title != .none
    var line = StyledLine()
    let markStyle = TextStyle(foreground: accent, bold: entry.isSelected || entry.isAction)
    line.append(open, width: 1, style: entry.isSelected || entry.isAction ? markStyle : .plain)
    if entry.position != nil {
      line.append(number, width: number.utf8.count, style: numberStyle)
      if showsIcon || showsTitle { line.appendSpaces(1) }
    }
    if showsIcon {
      line.append(icon.0, width: icon.1, style: iconStyle)
      if showsTitle { line.appendSpaces(1) }
    }
    if showsTitle {
      let tilde = form.shape.tildes && !entry.isEnabled ? "~" : ""
      line.append(tilde, width: tilde.count, style: titleStyle)
      line.append(shownTitle.0, width: shownTitle.1, style: titleStyle)
      line.append(tilde, width: tilde.count, style: titleStyle)
    }
    if form.shape.badge, let badge { appendBadge(badge, to: &line) }
    line.append(close, width: 1, style: entry.isSelected || entry.isAction ? markStyle : .plain)
    return line
  }

  /// The first form that fits in `width` columns, and the columns it leaves for the title.
  private func choose(width: Int, icon: Int, badge: Int?, title: (whole: Int, shortest: Int))
    -> (shape: Shape, room: Int)
  {
    // The title goes only when something else tells the item apart: its position or its icon.
    let mayDropTitle = entry.position != nil || icon > 0 || title.whole == 0
    for shape in Self.shapes {
      // A form that shows the icon needs one; without a badge, keeping it costs nothing.
      if shape.icon, icon == 0 { continue }
      let showsTitle = shape.title != .none
      if !showsTitle, !mayDropTitle { continue }
      var fixed = 2 + (shape.icon ? icon : 0) + (shape.badge ? badge ?? 0 : 0)
      if showsTitle, shape.tildes, !entry.isEnabled { fixed += 2 }
      if entry.position != nil { fixed += numberWidth - (shape.icon || showsTitle ? 0 : 1) }
      if shape.icon, showsTitle { fixed += 1 }
      let left = width - fixed
      switch shape.title {
      case .whole where left >= title.whole: return (shape, left)
      case .cut where left >= title.shortest: return (shape, left)
      case .none where left >= 0: return (shape, 0)
      default: continue
      }
    }
    return (Self.shapes[Self.shapes.count - 1], 0)
  }

  /// The position is quieter than the title: dim unless selected.
  private var numberStyle: TextStyle {
    TextStyle(foreground: entry.isSelected ? accent : nil, dim: !entry.isSelected)
  }
}
