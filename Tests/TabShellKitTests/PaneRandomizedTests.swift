import BuiltinScreens
@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// docs/Contract.md, "Split screens": a random sequence of splits, closes, resizes, zooms,
/// arrangements, focus moves, drags on borders, region sizes, pushes and tab changes, checked
/// after every step against what must always hold: each tab's panes tile its room exactly (every
/// cell in one pane or on a border, none in two), every pane at least the minimum, the visible
/// screens exactly those that appeared (the lifecycle balanced, from the events alone), and each
/// screen that takes input told its pane's size whenever that changed while it showed.
@Suite("Randomized pane operations keep every invariant")
struct PaneRandomizedTests {
  static let operationCount = 2_500

  @Test(arguments: [UInt64(11), 12, 13])
  func randomPaneOperationsKeepTheInvariants(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let plugin = SizedPlugin()
    // Checked here after every step, with the name of the step that broke one.
    let shell = Shell()
    shell.checksInvariants = false
    try shell.register(BuiltinPlugin(), source: "built-in")
    try shell.register(plugin, source: "tests")
    try shell.setArea(.init(width: 40, height: 12))
    let auditor = LifecycleAuditor(shell)
    var counts: [String: Int] = [:]
    var checked = 0
    for step in 0..<Self.operationCount {
      let panes = shell.model.tabs.flatMap(\.panes).map(\.id)
      let pane = Bool.random(using: &random) ? panes.randomElement(using: &random) : nil
      let direction = PaneLayout.Direction.allCases.randomElement(using: &random) ?? .left
      let axis = PaneLayout.Axis.allCases.randomElement(using: &random) ?? .horizontal
      let type = Bool.random(using: &random) ? "sized" : "text"
      var name = ""
      do {
        switch Int.random(in: 0..<21, using: &random) {
        case 0 where shell.tabCount < 4, 1 where shell.tabCount == 0:
          name = "add-tab"
          try shell.send(.addTab(NewTab(NewScreen(type: type))))
        case 0, 1, 2,
          3 where panes.count < 24:
          name = "split"
          let size: PaneSize? =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: nil
            case 1: .cells(Int.random(in: 1...20, using: &random))
            default: .percent(Int.random(in: 1...99, using: &random))
            }
          try shell.send(.split(pane: pane, axis: axis, size: size, screen: NewScreen(type: type)))
        case 4, 5:
          name = "close-pane"
          try shell.send(.closePane(pane))
        case 6, 7:
          name = "select-pane"
          try shell.send(.selectPane(pane, toward: pane == nil ? direction : nil))
        case 8, 9:
          name = "resize-pane"
          try shell.send(
            .resizePane(pane, side: direction, cells: Int.random(in: -8...8, using: &random)))
        case 10:
          name = "zoom"
          try shell.send(.zoom(pane))
        case 11:
          name = "layout-panes"
          let arrangement = PaneLayout.Arrangement.allCases.randomElement(using: &random)
          try shell.send(.arrangePanes(pane, arrangement ?? .tiled))
        case 12:
          name = "area"
          try shell.send(
            .setArea(
              .init(
                width: Int.random(in: 1...90, using: &random),
                height: Int.random(in: 1...30, using: &random))))
        case 13:
          name = "drag"
          guard let index = shell.model.selectedIndex,
            let border = randomBorder(shell.model.tabs[index].layout, &random)
          else { break }
          try shell.send(
            .moveBorder(
              border, tab: .position(index + 1), by: Int.random(in: -9...9, using: &random)))
        case 14:
          name = "push"
          try shell.send(.push(NewScreen(type: "text")))
        case 15:
          name = "pop"
          try shell.send(.pop)
        case 16, 17:
          name = "tap"
          try shell.send(
            .tap(.position(Int.random(in: 1...max(1, shell.tabCount), using: &random))))
        case 18:
          name = "present"
          if shell.modalScreen == nil {
            try shell.send(.present(NewScreen(type: "text")))
          } else {
            try shell.send(.dismiss)
          }
        case 19:
          name = "swipe"
          try shell.send(.swipe(Bool.random(using: &random) ? .left : .right, cancelled: false))
        default:
          name = "interactive-swipe"
          let direction: SwipeDirection = Bool.random(using: &random) ? .left : .right
          guard case .swipe(_?) = try shell.send(.beginSwipe(direction)) else { break }
          // Half-way, every screen of both sides is between its will and did callbacks.
          let problems = shell.invariantViolations()
          if !problems.isEmpty || !auditor.appeared.isEmpty {
            Issue.record("seed \(seed) step \(step) mid-swipe: \(problems), \(auditor.appeared)")
          }
          try shell.send(.endSwipe(commit: Bool.random(using: &random)))
        }
      } catch {
        name += " (refused)"
      }
      counts[name, default: 0] += 1
      let problems = shell.invariantViolations() + tiling(shell.model) + sizes(shell, plugin.type)
      let visible = Set(
        shell.model.visibleHandles.compactMap { handle in
          shell.model.allScreens.first { $0.handle == handle }?.id
        })
      if !problems.isEmpty || Set(auditor.appeared) != visible || !auditor.unsettled.isEmpty {
        Issue.record(
          Comment(
            rawValue: "seed \(seed) step \(step) after \(name): \(problems); appeared "
              + "\(auditor.appeared.sorted()), visible \(visible.sorted()); unsettled "
              + "\(auditor.unsettled)"))
        break
      }
      checked += 1
    }
    #expect(auditor.problems.isEmpty, "\(auditor.problems.prefix(5))")
    #expect(checked == Self.operationCount)
    // Every kind of operation was carried out at least once.
    #expect(counts.keys.filter { !$0.hasSuffix("(refused)") }.count == 15, "\(counts)")
  }

  /// A border of a layout, at random; `nil` for one pane.
  private func randomBorder(_ layout: PaneLayout, _ random: inout SplitMix64) -> PaneLayout.Border?
  {
    var borders: [PaneLayout.Border] = []
    func collect(_ cell: PaneLayout.Cell, _ path: [Int]) {
      guard cell.pane == nil else { return }
      for index in cell.children.indices {
        if index + 1 < cell.children.count {
          borders.append(PaneLayout.Border(path: path, index: index, axis: cell.axis))
        }
        collect(cell.children[index], path + [index])
      }
    }
    collect(layout.root, [])
    return borders.randomElement(using: &random)
  }

  /// Each tab's panes, from their frames alone: inside the room, none overlapping, each at least
  /// the minimum, and every cell of the room not in a pane on a border.
  private func tiling(_ model: ShellModel) -> [String] {
    var problems: [String] = []
    for tab in model.tabs {
      let layout = tab.layout
      let frames = layout.frames
      if frames.map(\.pane) != tab.panes.map(\.handle) {
        problems.append("tab \(tab.id): frames of \(frames.map(\.pane))")
      }
      var owner = Array(repeating: Array(repeating: -1, count: layout.width), count: layout.height)
      for frame in frames {
        if tab.panes.count > 1,
          frame.width < PaneLayout.minimumWidth || frame.height < PaneLayout.minimumHeight
        {
          problems.append("tab \(tab.id): pane \(frame.pane) is \(frame.width)x\(frame.height)")
        }
        for row in frame.row..<frame.row + frame.height {
          for column in frame.column..<frame.column + frame.width {
            guard owner.indices.contains(row), owner[row].indices.contains(column) else {
              problems.append("tab \(tab.id): pane \(frame.pane) leaves the room")
              return problems
            }
            if owner[row][column] != -1 {
              problems.append("tab \(tab.id): panes overlap at \(column),\(row)")
              return problems
            }
            owner[row][column] = frame.pane
          }
        }
      }
      for row in owner.indices {
        for column in owner[row].indices where owner[row][column] == -1 {
          guard case .border? = layout.place(column: column, row: row) else {
            problems.append("tab \(tab.id): cell \(column),\(row) is in no pane, on no border")
            return problems
          }
        }
      }
    }
    return problems
  }

  /// Every visible pane that takes input was told its size last (or started at it, told nothing).
  private func sizes(_ shell: Shell, _ type: SizedType) -> [String] {
    guard let index = shell.model.selectedIndex, shell.model.modal == nil else { return [] }
    let tab = shell.model.tabs[index]
    guard tab.pushed.isEmpty, tab.panes.count > 1 else { return [] }
    let sizes = tab.paneSizes
    return tab.panes.compactMap { screen in
      guard screen.type == "sized", tab.shownHandles.contains(screen.handle),
        let told = type.sizes[screen.id]?.last, let size = sizes[screen.handle]
      else { return nil }
      let now = "\(size.width)x\(size.height)"
      return told == now ? nil : "pane \(screen.id) was told \(told), is \(now)"
    }
  }
}
