/// The lifecycle of a change that shows or hides more than one screen at once (a tab of panes,
/// docs/Contract.md, "Split screens"): every screen that starts showing appears, every one that
/// stops disappears, and a screen that shows before and after (a pane split, a pane beside one
/// closed) gets no call.
extension ShellModel {
  /// The calls of a change from `start` to now when more than one screen was or is visible; the
  /// screens' phases move here. First each screen that appears loads (the first time) and
  /// will-appear, then each that disappears will-disappear and did-disappear, then each that
  /// appears did-appear: with one screen on each side, the order of a single change.
  mutating func severalChange(from start: Start) -> Transition.Lifecycle {
    let before = start.several.isEmpty ? (start.visible.map { [$0] } ?? []) : start.several
    let after = visibleHandles
    let appearing = after.filter { !before.contains($0) }
    let disappearing = before.filter { !after.contains($0) }
    guard !appearing.isEmpty || !disappearing.isEmpty else { return .none }
    let places = [start.tab, selectedIndex]
    var calls: [LifecycleCall] = []
    for handle in appearing {
      guard let slot = slot(ofHandle: handle, lookingFirstIn: places) else { continue }
      updateRecord(at: slot) { screen in
        if screen.phase == .created {
          screen.take(.load)
          calls.append(LifecycleCall(.load, handle))
        }
        screen.take(.willAppear)
      }
      calls.append(LifecycleCall(.willAppear, handle))
    }
    for handle in disappearing {
      // A screen that left (a pane closed, its tab closed) is called all the same; its record is
      // gone with it.
      if let slot = slot(ofHandle: handle, lookingFirstIn: places) {
        updateRecord(at: slot) { screen in
          screen.take(.willDisappear)
          screen.take(.didDisappear)
        }
      }
      calls.append(LifecycleCall(.willDisappear, handle))
      calls.append(LifecycleCall(.didDisappear, handle))
    }
    for handle in appearing {
      guard let slot = slot(ofHandle: handle, lookingFirstIn: places) else { continue }
      updateRecord(at: slot) { $0.take(.didAppear) }
      calls.append(LifecycleCall(.didAppear, handle))
    }
    return .calls(calls)
  }
}
