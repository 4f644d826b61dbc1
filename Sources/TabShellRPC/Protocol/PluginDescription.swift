import TabShellJSON

/// What a process plugin says it provides, in its answer to `initialize`: its name, its screen
/// types (with their commands) and its layouts. docs/ProcessPlugins.md gives the JSON.
///
/// The nested types mirror the core's (`ScreenType`, `CommandDeclaration`, `Layout`) without
/// depending on it; the host's adapter maps one onto the other.
package struct PluginDescription: Equatable, Sendable {
  /// The plugin's name, as `plugins` lists it and as stderr lines are prefixed.
  package var name: String
  /// The screen types it provides.
  package var screenTypes: [ScreenType]
  /// The layouts it provides.
  package var layouts: [Layout]
  /// What the host ignored of the description that the plugin surely meant (a version-1 screen
  /// type that says it takes input), one sentence each, for the host to say at load time.
  package var ignored: [String] = []

  /// Makes a description.
  package init(name: String, screenTypes: [ScreenType] = [], layouts: [Layout] = []) {
    self.name = name
    self.screenTypes = screenTypes
    self.layouts = layouts
  }

  /// A kind of screen.
  package struct ScreenType: Equatable, Sendable {
    /// The name scripts use (`add-tab NAME`): lower-case letters, digits and `-`.
    package var name: String
    /// One line for `screens` and `help`.
    package var summary: String
    /// The title of a new screen when none is given.
    package var defaultTitle: String
    /// The bar icon of its tab.
    package var icon: String
    /// The bar icon of its tab when selected.
    package var selectedIcon: String
    /// Commands that work while a screen of this type is visible.
    package var commands: [Command]
    /// The parameters a new screen takes, as options with a value (`add-tab TYPE --city Oslo`).
    package var parameters: [Option]
    /// Whether its screens take input (`screen/input`; protocol version 2).
    package var takesInput: Bool

    /// Makes a screen type; the defaults are those of the protocol.
    package init(
      name: String, summary: String = "", defaultTitle: String? = nil, icon: String = "•",
      selectedIcon: String? = nil, commands: [Command] = [], parameters: [Option] = [],
      takesInput: Bool = false
    ) {
      self.name = name
      self.summary = summary
      self.defaultTitle = defaultTitle ?? name.prefix(1).uppercased() + name.dropFirst()
      self.icon = icon
      self.selectedIcon = selectedIcon ?? icon
      self.commands = commands
      self.parameters = parameters
      self.takesInput = takesInput
    }
  }

  /// A screen command's declaration.
  package struct Command: Equatable, Sendable {
    /// The name scripts use.
    package var name: String
    /// Other names that run it.
    package var aliases: [String]
    /// The positional arguments, in order.
    package var arguments: [Argument]
    /// The `--options`.
    package var options: [Option]
    /// One line for `help`.
    package var abstract: String
    /// More, for `help NAME`.
    package var discussion: String

    /// Makes a command.
    package init(
      name: String, aliases: [String] = [], arguments: [Argument] = [], options: [Option] = [],
      abstract: String = "", discussion: String = ""
    ) {
      self.name = name
      self.aliases = aliases
      self.arguments = arguments
      self.options = options
      self.abstract = abstract
      self.discussion = discussion
    }
  }

  /// What kind of word an argument or an option's value takes.
  package enum ArgumentKind: Equatable, Sendable {
    /// A whole number; passed to the plugin as a JSON number.
    case integer
    /// Any word.
    case text
    /// One of these words.
    case choice([String])
    /// A tab: a position, an id or a title.
    case tab
    /// A screen type's name.
    case screenType
    /// A file's path.
    case path
  }

  /// A positional argument.
  package struct Argument: Equatable, Sendable {
    /// The name in usage lines, such as `N`.
    package var valueName: String
    /// What it takes.
    package var kind: ArgumentKind
    /// Whether it may be left out.
    package var isOptional: Bool
    /// Whether it takes every word that is left.
    package var isVariadic: Bool
    /// One line for `help NAME`.
    package var abstract: String

    /// Makes an argument.
    package init(
      valueName: String, kind: ArgumentKind, isOptional: Bool = false, isVariadic: Bool = false,
      abstract: String = ""
    ) {
      self.valueName = valueName
      self.kind = kind
      self.isOptional = isOptional
      self.isVariadic = isVariadic
      self.abstract = abstract
    }
  }

  /// An `--option`: a flag (``kind`` `nil`) or one that takes a value.
  package struct Option: Equatable, Sendable {
    /// The name with its dashes, such as `--by`.
    package var name: String
    /// What its value is; `nil` for a flag.
    package var kind: ArgumentKind?
    /// The value's name in usage lines.
    package var valueName: String
    /// One line for `help NAME`.
    package var abstract: String

    /// Makes an option.
    package init(name: String, kind: ArgumentKind?, valueName: String = "", abstract: String = "") {
      self.name = name
      self.kind = kind
      self.valueName = valueName
      self.abstract = abstract
    }
  }

  /// A named arrangement of tabs, for `layout NAME`.
  package struct Layout: Equatable, Sendable {
    /// The name scripts use.
    package var name: String
    /// One line for `help layout`.
    package var summary: String
    /// The tabs, left to right, as `add-tab` would add them.
    package var tabs: [Tab]
    /// The position (1-based) of the tab selected at the end; `nil`: the first.
    package var selected: Int?

    /// Makes a layout.
    package init(name: String, summary: String = "", tabs: [Tab], selected: Int? = nil) {
      self.name = name
      self.summary = summary
      self.tabs = tabs
      self.selected = selected
    }
  }

  /// One tab of a layout: the options of `add-tab`.
  package struct Tab: Equatable, Sendable {
    /// Its root screen's type.
    package var type: String
    /// Its id, or `nil` for one made from the type.
    package var id: String?
    /// Its title, or `nil` for the type's default.
    package var title: String?
    /// Its icon, or `nil` for the type's.
    package var icon: String?
    /// Its selected icon, or `nil` for the type's.
    package var selectedIcon: String?
    /// Parameters for the new screen (`screen/create`).
    package var parameters: [String: String]

    /// Makes a tab.
    package init(
      type: String, id: String? = nil, title: String? = nil, icon: String? = nil,
      selectedIcon: String? = nil, parameters: [String: String] = [:]
    ) {
      self.type = type
      self.id = id
      self.title = title
      self.icon = icon
      self.selectedIcon = selectedIcon
      self.parameters = parameters
    }
  }
}
