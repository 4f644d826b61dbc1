@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellRendering

/// `plugins`, `screens`, `load`, `reload`.
enum PluginCommands {
  static let all = [plugins, screens, load, reload]

  static let plugins = Declaration(
    name: "plugins", abstract: "the loaded plugins and the screen types and layouts each provides",
    effect: .looks
  ) { interpreter, _ in
    for plugin in interpreter.shell.plugins {
      interpreter.output(Renderer.neutralized("\(plugin.name) (\(plugin.source))"))
      interpreter.output(Renderer.neutralized("  kind: " + interpreter.plugins.kind(of: plugin)))
      interpreter.output("  screens: " + list(plugin.screenTypes))
      interpreter.output("  layouts: " + list(plugin.layouts))
    }
  }

  static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.joined(separator: " ")
  }

  static let screens = Declaration(
    name: "screens", abstract: "every screen type, with its commands and the options it takes",
    effect: .looks
  ) { interpreter, _ in
    let types = interpreter.shell.screenTypes
    let width = types.map(\.name.count).max() ?? 0
    for type in types {
      let padding = String(repeating: " ", count: width - type.name.count)
      let commands = type.commands.isEmpty ? "" : " [commands: \(list(type.commands.map(\.name)))]"
      let options =
        type.parameters.isEmpty
        ? "" : " [options: " + type.parameters.map(\.spec.synopsis).joined(separator: " ") + "]"
      interpreter.output(
        Renderer.neutralized("\(type.name)\(padding)  \(type.summary)\(commands)\(options)"))
    }
  }

  static let path = Argument(
    "PATH", .path, abstract: "a plugin: a shared object (.so), or a program (a process plugin)")

  static let load = Declaration(
    name: "load", parameters: [path],
    abstract: "load a plugin and register its screen types and layouts",
    discussion: """
      A PATH that ends in .so is a Swift plugin, loaded into tabshell; any other executable file \
      is a process plugin, started as a program that speaks JSON-RPC on its stdin and stdout \
      (docs/ProcessPlugins.md). A relative PATH is resolved against the running script's \
      directory.
      """,
    mayAddCommands: true
  ) { interpreter, arguments in
    try interpreter.load(plugin: arguments[path])
  }

  static let name = Argument("NAME", .text, abstract: "the plugin's name, as 'plugins' lists it")

  static let reload = Declaration(
    name: "reload", parameters: [name],
    abstract: "start a process plugin again, or load a rebuilt Swift plugin",
    discussion: """
      A process plugin (running or stopped) is started again from its file; its screens are made \
      again in the new process and taken back to where they were in their lifecycle. A Swift \
      plugin is loaded again from its rebuilt .so while none of its screens exist: Swift code \
      cannot be unloaded, so the old build stays in memory and its screens could not move to the \
      new one (close their tabs first).
      """,
    mayAddCommands: true
  ) { interpreter, arguments in
    do throws(PluginReloadError) {
      interpreter.output(try interpreter.plugins.reload(arguments[name]))
    } catch {
      throw LanguageError.pluginFailed(error.description)
    }
  }
}
