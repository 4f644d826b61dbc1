/// The central table of built-in commands: every declaration (subcommands included) at an index,
/// and the top-level ones by name or alias, grouped in families for `help`.
struct CommandTable: Sendable {
  /// A family of commands, as `help` lists them (`Navigation`, `Bar`...).
  struct Family: Sendable {
    var name: String
    var commands: [Declaration]
  }

  /// The families, in `help` order.
  let families: [Family]
  /// Every declaration, subcommands after the families' commands.
  let declarations: [Declaration]
  /// Their run functions, taken out once so that running a command is one indirect call.
  let runs: [Run]
  private let indexByName: [String: Int]
  private let subcommandIndex: [String: Int]
  /// Every top-level name and alias, in `help` order.
  let names: [String]

  /// Makes a table; a later command of a name already taken is left out.
  init(_ families: [Family]) {
    self.families = families
    var declarations: [Declaration] = []
    var map: [String: Int] = [:]
    var names: [String] = []
    for command in families.flatMap(\.commands) {
      let index = declarations.count
      declarations.append(command)
      for name in [command.name] + command.aliases where map[name] == nil {
        map[name] = index
        names.append(name)
      }
    }
    var subcommands: [String: Int] = [:]
    for command in families.flatMap(\.commands) {
      for var subcommand in command.subcommands {
        subcommand.parent = command.name
        subcommands[subcommand.fullName] = declarations.count
        declarations.append(subcommand)
      }
    }
    self.declarations = declarations
    runs = declarations.map { Run(call: $0.run) }
    indexByName = map
    subcommandIndex = subcommands
    self.names = names
  }

  /// A command's run function. Held in a struct: an array of bare functions holds them in its
  /// generic form, and every call would go through a thunk that converts them back.
  struct Run: Sendable {
    let call: @Sendable (Interpreter, Arguments) throws -> Void
  }

  /// The index of the command with this name or alias.
  func index(of name: String) -> Int? { indexByName[name] }

  /// The index of a subcommand (`expect`, `selected`).
  func index(of subcommand: String, in parent: Declaration) -> Int? {
    subcommandIndex[parent.name + " " + subcommand]
  }

  /// The command with this name or alias.
  func command(named name: String) -> Declaration? {
    indexByName[name].map { declarations[$0] }
  }

  /// Every command the shell has built in.
  static let standard = CommandTable([
    Family(name: "Navigation", commands: NavigationCommands.all),
    Family(name: "Bar", commands: BarCommands.all),
    Family(name: "Tabs", commands: TabCommands.all),
    Family(name: "Stacks and modals", commands: StackCommands.all),
    Family(name: "Looking", commands: LookingCommands.all),
    Family(name: "Scripting", commands: ScriptingCommands.all),
    Family(
      name: "Tests and recordings", commands: TestingCommands.all + PictureCommands.all),
    Family(name: "Plugins", commands: PluginCommands.all),
    Family(name: "Terminal", commands: TerminalCommands.all),
    Family(
      name: "Copy and paste",
      commands: CopyCommands.all + BufferCommands.all + CaptureCommands.all + SetCommands.all),
    Family(name: "Panes", commands: PaneCommands.all),
    Family(name: "Gestures", commands: GestureCommands.all),
    Family(name: "Using screens", commands: ScreenInputCommands.all + WaitCommands.all),
    Family(name: "Keys", commands: KeyCommands.all + FullScreenCommands.all),
  ])
}
