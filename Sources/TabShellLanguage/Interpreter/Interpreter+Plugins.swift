@_spi(Host) import TabShellKit
import TabShellLoader

extension Interpreter {
  /// Runs a command of the visible screen's type, bound against that type's declaration of it.
  func runScreenCommand(_ name: String, words: [Word], at location: SourceLocation) throws {
    guard let type = shell.visibleScreenType,
      let command = type.commands.first(where: { $0.name == name })
    else {
      let declaring = shell.screenTypes.filter { $0.commands.contains { $0.name == name } }
      guard !declaring.isEmpty else {
        throw LanguageError.unknownCommand(
          name, suggestion: closestMatch(to: name, in: table.names))
      }
      throw LanguageError.screenCommandUnavailable(
        name, visibleType: shell.visibleScreenType?.name, types: declaring.map(\.name))
    }
    let declaration = Declaration(screenCommand: command)
    var binder = Binder()
    binder.current = CurrentTargets(shell)
    let bound = try binder.bind(words[...], to: declaration, at: location)
    do {
      try declaration.run(self, bound.arguments)
    } catch let error as ShellError {
      throw LanguageError.shell(error)
    } catch let error as LanguageError {
      throw error
    } catch {
      throw LanguageError.failed("\(error)")
    }
  }

  /// The declaration of a screen command of this name, of whichever type declares it.
  func screenCommand(named name: String) -> (Declaration, type: String)? {
    for type in shell.screenTypes {
      if let command = type.commands.first(where: { $0.name == name }) {
        return (Declaration(screenCommand: command), type.name)
      }
    }
    return nil
  }

  /// `load PATH`: loads a plugin (a shared object, or a process plugin: any other executable) and
  /// registers it; a relative path is the running script's.
  func load(plugin path: String) throws(LanguageError) {
    do throws(PluginLoadError) {
      try plugins.load(path: resolve(path))
    } catch {
      throw .pluginFailed(error.description)
    }
  }
}
