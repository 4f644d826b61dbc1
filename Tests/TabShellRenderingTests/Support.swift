import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering

/// The built-in layouts the snapshots cover.
let builtinLayouts = ["swipeable", "xianyu", "profile", "lifecycle", "demo"]

/// A shell with the built-in plugin and a layout applied.
func makeShell(layout: String? = nil) throws -> Shell {
  let shell = Shell()
  try shell.register(BuiltinPlugin(), source: "built-in")
  if let layout { try shell.apply(layout: layout) }
  return shell
}

/// Everything a person would look at for a shell: the frame, the bar line and the tabs table.
func preview(_ shell: Shell, width: Int, color: ColorMode = .none) -> String {
  let options = RenderOptions(width: width, height: 12, color: color)
  var out = Renderer.frame(shell, options: options)
  out.append("")
  out.append(Renderer.barLine(shell, options: options))
  out.append("")
  out += Renderer.tabsTable(shell, options: options)
  return out.joined(separator: "\n")
}

/// A shell of `tabs` text tabs (ids `t1`..., titles `T1`...), `selected` selected, with the action
/// button when `action` says so.
func makeShell(tabs: Int, selected: Int, action: Bool = false) throws -> Shell {
  let shell = try makeShell()
  for index in 1...tabs { try shell.addTab(type: "text", id: "t\(index)", title: "T\(index)") }
  try shell.select("t\(selected)")
  if action { try shell.setActionButton(type: "post", title: "Post", icon: "+") }
  return shell
}
