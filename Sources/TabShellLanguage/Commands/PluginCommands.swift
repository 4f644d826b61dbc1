@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellRendering

/// `plugins`, `screens`, `load`.
enum PluginCommands {
  static let all = [plugins, screens, load]

  static let plugins = Declaration(
    name: "plugins", abstract: "the loaded plugins and the screen types and layouts each provides",
    effect: .looks
  ) { interpreter, _ in
    for plugin in interpreter.shell.plugins {
      interpreter.output(Renderer.neutralized("\(plugin.name) (\(plugin.source))"))
      interpreter.output("  screens: " + list(plugin.screenTypes))
      interpreter.output("  layouts: " + list(plugin.layouts))
    }
  }

  static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.joined(separator: " ")
  }

  static let screens = Declaration(
    name: "screens", abstract: "every screen type, with its commands", effect: .looks
  ) { interpreter, _ in
    let types = interpreter.shell.screenTypes
    let width = types.map(\.name.count).max() ?? 0
    for type in types {
      let padding = String(repeating: " ", count: width - type.name.count)
      let commands = type.commands.isEmpty ? "" : " [commands: \(list(type.commands.map(\.name)))]"
      interpreter.output(Renderer.neutralized("\(type.name)\(padding)  \(type.summary)\(commands)"))
    }
  }

  static let path = Argument("PATH", .path, abstract: "a plugin shared object (.so)")

  static let load = Declaration(
    name: "load", parameters: [path],
    abstract: "load a plugin shared object and register its screen types and layouts",
    discussion: "A relative PATH is resolved against the running script's directory.",
    mayAddCommands: true
  ) { interpreter, arguments in
    try interpreter.load(plugin: arguments[path])
  }
}
