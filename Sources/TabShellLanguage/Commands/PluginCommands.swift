import TabShellKit
import TabShellLoader

/// `plugins`, `screens`, `load`.
enum PluginCommands {
  static let all: [BuiltinCommand] = [plugins, screens, load].map {
    BuiltinCommand($0, family: "Plugins")
  }

  static let plugins = CommandDeclaration<Interpreter>(
    "plugins", abstract: "the loaded plugins and the screen types and layouts each provides"
  ) { interpreter, _ in
    for plugin in interpreter.shell.plugins {
      interpreter.output("\(plugin.name) (\(plugin.source))")
      interpreter.output("  screens: " + list(plugin.screenTypes))
      interpreter.output("  layouts: " + list(plugin.layouts))
    }
  }

  static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.joined(separator: " ")
  }

  static let screens = CommandDeclaration<Interpreter>(
    "screens", abstract: "every screen type, with its commands"
  ) { interpreter, _ in
    let types = interpreter.shell.screenTypes
    let width = types.map(\.name.count).max() ?? 0
    for type in types {
      let padding = String(repeating: " ", count: width - type.name.count)
      let commands = type.commands.isEmpty ? "" : " [commands: \(list(type.commands.map(\.name)))]"
      interpreter.output("\(type.name)\(padding)  \(type.summary)\(commands)")
    }
  }

  static let load = CommandDeclaration<Interpreter>(
    "load", arguments: [.init("PATH", .path, abstract: "a plugin shared object (.so)")],
    abstract: "load a plugin shared object and register its screen types and layouts",
    discussion: "A relative PATH is resolved against the running script's directory."
  ) { interpreter, arguments in
    let path = interpreter.resolve(arguments.positionals[0])
    do {
      let plugin = try PluginLoader.load(path: path)
      try interpreter.shell.register(plugin, source: path)
    } catch let error as PluginLoadError {
      throw LanguageError.pluginFailed(error.description)
    }
  }
}
