@_spi(Host) import TabShellKit
import TabShellRPC

/// A screen whose plugin is a process: each callback is a request to the process, waited for
/// (so the contract's order holds across the pipe). To the core it is a screen like any other.
///
/// A callback the plugin refuses throws its message (the core puts the screen into the error
/// state); after a fault the plugin is stopped and the callbacks do nothing, while the host puts
/// each of its screens into the error state.
final class ProcessScreen: Screen {
  let id: String
  let type: String
  let parameters: [String: String]
  let context: ScreenContext
  /// The plugin it belongs to; the same object across reloads.
  let process: PluginProcess

  init(configuration: ScreenConfiguration, type: String, process: PluginProcess) {
    id = configuration.id
    self.type = type
    parameters = configuration.parameters
    context = configuration.context
    self.process = process
  }

  func viewDidLoad() throws { try process.lifecycle(.viewDidLoad, of: self) }
  func viewWillAppear() throws { try process.lifecycle(.viewWillAppear, of: self) }
  func viewDidAppear() throws { try process.lifecycle(.viewDidAppear, of: self) }
  func viewWillDisappear() throws { try process.lifecycle(.viewWillDisappear, of: self) }
  func viewDidDisappear() throws { try process.lifecycle(.viewDidDisappear, of: self) }
  func willDeinit() { process.retire(self) }
  func draw(in canvas: inout Canvas) { process.draw(self, into: &canvas) }
  /// `screen/input`; an input it handled may have changed what it shows, so it is drawn again
  /// (the plugin need not ask).
  func handle(_ input: ScreenInput) -> Bool {
    let handled = process.input(input, to: self)
    if handled { context.setNeedsDisplay() }
    return handled
  }
}

/// A screen type of a process plugin, as its description declares it.
final class ProcessScreenType: ScreenType {
  let declaration: PluginDescription.ScreenType
  let process: PluginProcess
  let commands: [ScreenCommand]
  let parameters: [CommandParameter]

  init(_ declaration: PluginDescription.ScreenType, process: PluginProcess) {
    self.declaration = declaration
    self.process = process
    commands = ProcessCommands.commands(of: declaration)
    parameters = declaration.parameters.map(ProcessCommands.parameter)
  }

  var name: String { declaration.name }
  var summary: String { declaration.summary }
  var defaultTitle: String { declaration.defaultTitle }
  var icon: String { declaration.icon }
  var selectedIcon: String { declaration.selectedIcon }
  var takesInput: Bool { declaration.takesInput }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    try process.makeScreen(type: name, configuration)
  }
}

/// A process plugin as the core registers it: its name, screen types and layouts, from the
/// description it gave at the handshake.
final class ProcessPluginAdapter: TabShellPlugin {
  let name: String
  let screenTypes: [any ScreenType]
  let layouts: [Layout]

  init(_ description: PluginDescription, process: PluginProcess) {
    name = description.name
    screenTypes = description.screenTypes.map { ProcessScreenType($0, process: process) }
    layouts = description.layouts.map(Self.layout)
  }

  /// A layout: its tabs added in order, the selected one first so that it is the selection and
  /// the only one loaded (the others are put in their places around it).
  static func layout(_ declaration: PluginDescription.Layout) -> Layout {
    Layout(name: declaration.name, summary: declaration.summary) { builder in
      let tabs = declaration.tabs
      guard !tabs.isEmpty else { return }
      let selected = min(max(1, declaration.selected ?? 1), tabs.count) - 1
      func add(_ tab: PluginDescription.Tab, at position: Int?) throws {
        try builder.addTab(
          type: tab.type, id: tab.id, title: tab.title, icon: tab.icon,
          selectedIcon: tab.selectedIcon, at: position, parameters: tab.parameters)
      }
      try add(tabs[selected], at: nil)
      for index in 0..<selected { try add(tabs[index], at: index + 1) }
      for index in (selected + 1)..<tabs.count { try add(tabs[index], at: nil) }
    }
  }
}

/// The message of a call to a process plugin that did not succeed: the plugin's refusal, or what
/// stopped it. Its description is what the user sees.
struct PluginCallError: Error, CustomStringConvertible {
  let description: String
}
