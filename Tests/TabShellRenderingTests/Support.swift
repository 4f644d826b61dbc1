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
